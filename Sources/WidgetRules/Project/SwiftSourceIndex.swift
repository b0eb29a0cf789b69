/// The declarations and calls of a set of Swift files, found by name: what `WidgetSourceScan`
/// looks a name up in. Built in one linear pass per file over `SwiftTokens`; lookups are by
/// name, narrowed by the enclosing function or type where the text says, never by type checking.
final class SwiftSourceIndex {
    /// A place: a file of `files` and a token in it.
    struct Place: Hashable {
        var file: Int
        var token: Int
    }

    /// What a brace opens, when a declaration owns it.
    enum Owner {
        /// A type's body (`struct`, `class`, `enum`, `actor`, `protocol`, `extension`).
        case type(name: String, isEnum: Bool)
        /// A function's or an initializer's body: its name (the type's for `init`) and its
        /// parameters.
        case function(name: String, parameters: [Parameter])
        /// A computed property's body.
        case property(name: String)
    }

    /// One parameter of a function or initializer.
    struct Parameter {
        /// The argument label callers write; nil for `_`.
        var label: String?
        /// The name the body uses.
        var name: String
        /// Its place in the list (what an unlabelled argument matches).
        var position: Int
        /// The token its default value starts at.
        var defaultValue: Int?
        /// The function's name (the type's for `init`), to find its callers.
        var function: String
        /// The token of its name: what tells it from the function's other parameters.
        var nameToken: Int
    }

    /// What a declaration gives its name.
    enum Definition {
        /// `let`/`var n = expression`, starting at the token; the type that holds a `var` with a
        /// default, whose memberwise initializer can replace it.
        case value(expression: Int, memberOf: String?)
        /// A computed property or a function: the brace of its body.
        case body(brace: Int)
        /// An enum case: the token of its raw value, or nil (a `String` enum's raw value is then
        /// the case's name).
        case enumCase(rawValue: Int?)
        /// A stored property with no initial value: the memberwise initializer's callers set it.
        case stored(memberOf: String)
        /// A binding whose value only the run knows (`if let n {`, a pattern).
        case opaque
    }

    /// A declaration of a name.
    struct Declaration {
        var place: Place
        var definition: Definition
        /// The innermost type it is declared in (for `Type.name`).
        var typeName: String?
        /// Declared inside a function, closure or accessor: visible only there.
        var isLocal: Bool
    }

    let paths: [String]
    let files: [SwiftTokens]
    /// Declarations by name.
    private(set) var declarations: [String: [Declaration]] = [:]
    /// Calls by callee name (`name(`), at the callee's token.
    private(set) var calls: [String: [Place]] = [:]
    /// The declaration that owns each brace, per file.
    private(set) var owners: [[Int: Owner]]
    /// What `SwiftValueResolver` found a declaration or parameter (by its place) to hold, kept
    /// so a name drawn at many places is followed once.
    var resolved: [Place: ResolvedValues] = [:]

    init(_ files: [(path: String, text: String)]) {
        paths = files.map(\.path)
        self.files = files.map { SwiftTokens($0.text) }
        owners = Array(repeating: [:], count: files.count)
        for file in self.files.indices { index(file) }
    }

    static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "struct", "class", "enum", "extension", "actor", "protocol", "case",
        "subscript", "deinit", "typealias", "import", "return", "if", "guard", "switch", "for", "while",
    ]

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "extension", "actor", "protocol"]

    // MARK: Indexing

    private func index(_ file: Int) {
        let tokens = files[file]
        // The open braces, each with its owner and the innermost type around it, kept as a
        // stack so each token learns where it stands in constant time.
        var open: [(brace: Int, owner: Owner?, typeName: String?)] = []
        var index = 0
        while index < tokens.count {
            let token = tokens.tokens[index]
            if token.kind == .punctuation {
                if tokens.is(index, "{") {
                    let owner = owners[file][index]
                    var typeName = open.last?.typeName
                    if case .type(let name, _)? = owner { typeName = name }
                    open.append((index, owner, typeName))
                } else if tokens.is(index, "}"), let last = open.last, tokens.closer(of: last.brace) == index {
                    open.removeLast()
                }
                index += 1
                continue
            }
            guard token.kind == .identifier else { index += 1; continue }
            let word = tokens.text(index)
            let typeName = open.last?.typeName
            let isLocal: Bool = {
                guard let last = open.last else { return false }
                if case .type? = last.owner { return false }
                return true
            }()
            if tokens.is(index + 1, "("), !tokens.is(index - 1, "func"), !Self.declarationKeywords.contains(word) {
                calls[word, default: []].append(Place(file: file, token: index))
            }
            switch word {
            case _ where Self.typeKeywords.contains(word):
                guard tokens.isIdentifier(index + 1), !Self.declarationKeywords.contains(tokens.text(index + 1)) else { break }
                var name = index + 1
                while tokens.is(name + 1, "."), tokens.isIdentifier(name + 2) { name += 2 }
                if let brace = body(in: tokens, after: name + 1) {
                    owners[file][brace] = .type(name: tokens.text(name), isEnum: word == "enum")
                }
            case "func", "init":
                let isInit = word == "init"
                guard isInit || tokens.isIdentifier(index + 1) else { break }
                let name = isInit ? (typeName ?? "init") : tokens.text(index + 1)
                var paren = index + 1
                while paren < tokens.count, paren < index + 40, !tokens.is(paren, "(") { paren += 1 }
                guard tokens.is(paren, "(") else { break }
                let parameters = self.parameters(in: tokens, list: paren, function: name)
                guard let brace = body(in: tokens, after: tokens.closer(of: paren) + 1) else { break }
                owners[file][brace] = .function(name: name, parameters: parameters)
                if !isInit {
                    add(name, Declaration(place: Place(file: file, token: index + 1), definition: .body(brace: brace),
                                          typeName: typeName, isLocal: isLocal))
                }
            case "var", "let":
                guard tokens.isIdentifier(index + 1) else { break }
                let nameToken = index + 1
                var next = index + 2
                var typed = false
                if tokens.is(next, ":") { next = skipType(in: tokens, from: next + 1); typed = true }
                let member: String? = isLocal ? nil : typeName
                let definition: Definition
                if tokens.is(next, "=") {
                    definition = .value(expression: next + 1, memberOf: word == "var" ? member : nil)
                } else if typed, tokens.is(next, "{") {
                    owners[file][next] = .property(name: tokens.text(nameToken))
                    definition = .body(brace: next)
                } else if let member {
                    definition = .stored(memberOf: member)
                } else {
                    definition = .opaque
                }
                add(tokens.text(nameToken), Declaration(place: Place(file: file, token: nameToken), definition: definition,
                                                       typeName: typeName, isLocal: isLocal))
            case "case":
                guard case .type(_, true)? = open.last?.owner else { break }
                var name = index + 1
                while tokens.isIdentifier(name) {
                    var after = name + 1
                    var raw: Int?
                    if tokens.is(after, "(") { after = tokens.closer(of: after) + 1 }
                    if tokens.is(after, "=") { raw = after + 1; after += 2 }
                    add(tokens.text(name), Declaration(place: Place(file: file, token: name), definition: .enumCase(rawValue: raw),
                                                      typeName: typeName, isLocal: false))
                    guard tokens.is(after, ",") else { break }
                    name = after + 1
                }
            default:
                break
            }
            index += 1
        }
    }

    private func add(_ name: String, _ declaration: Declaration) {
        declarations[name, default: []].append(declaration)
    }

    /// The brace of the body that follows a declaration's head, or nil when the head ends first
    /// (a protocol requirement). Brackets in the head (parameters, generics' parentheses) are
    /// stepped over whole.
    private func body(in tokens: SwiftTokens, after start: Int) -> Int? {
        var index = start
        var steps = 0
        while index < tokens.count, steps < 400 {
            steps += 1
            if tokens.is(index, "{") { return index }
            if tokens.is(index, "(") || tokens.is(index, "[") { index = tokens.closer(of: index) + 1; continue }
            if tokens.is(index, "}") || tokens.is(index, ";") || tokens.is(index, ")") || tokens.is(index, "]") || tokens.is(index, "=") {
                return nil
            }
            if tokens.isIdentifier(index), Self.declarationKeywords.contains(tokens.text(index)) { return nil }
            index += 1
        }
        return nil
    }

    /// The token after a type annotation (`String`, `[WidgetFamily]`, `some View`,
    /// `Binding<Int>?`, `(Int) -> Void`).
    private func skipType(in tokens: SwiftTokens, from start: Int) -> Int {
        var index = start
        var steps = 0
        while index < tokens.count, steps < 200 {
            steps += 1
            if tokens.is(index, "some") || tokens.is(index, "any") || tokens.is(index, "inout") { index += 1; continue }
            if tokens.is(index, "@"), tokens.isIdentifier(index + 1) { index += 2; continue }
            if tokens.is(index, "(") || tokens.is(index, "[") {
                index = tokens.closer(of: index) + 1
            } else if tokens.isIdentifier(index) {
                index += 1
                while tokens.is(index, "."), tokens.isIdentifier(index + 1) { index += 2 }
                if tokens.kind(index) == .punctuation, tokens.text(index).hasPrefix("<"), !tokens.tokens[index].spaceBefore {
                    // Generic arguments: count the angle brackets through the runs they share.
                    var depth = 0
                    repeat {
                        let text = tokens.text(index)
                        if tokens.kind(index) == .punctuation {
                            depth += text.filter { $0 == "<" }.count - text.filter { $0 == ">" }.count
                        }
                        index += 1
                    } while depth > 0 && index < tokens.count && index - start < 200
                }
            } else {
                break
            }
            while tokens.kind(index) == .punctuation, !tokens.tokens[index].spaceBefore,
                  tokens.is(index, "?") || tokens.is(index, "!") {
                index += 1
            }
            if tokens.is(index, "->") || tokens.is(index, "&") { index += 1; continue }
            break
        }
        return index
    }

    /// The parameters in the list that opens at `list`.
    private func parameters(in tokens: SwiftTokens, list: Int, function: String) -> [Parameter] {
        var found: [Parameter] = []
        for (position, segment) in arguments(in: tokens, list: list).enumerated() {
            var colon = segment.start
            while colon < segment.end, !tokens.is(colon, ":") { colon += 1 }
            let names = (segment.start..<colon).filter { tokens.isIdentifier($0) }
            guard let last = names.last, colon < segment.end else { continue }
            let first = names.count > 1 ? names[names.count - 2] : last
            let label = tokens.text(first)
            var equals = colon + 1
            while equals < segment.end, !tokens.is(equals, "=") {
                equals = tokens.isOpener(equals) ? tokens.closer(of: equals) + 1 : equals + 1
            }
            found.append(Parameter(label: label == "_" ? nil : label, name: tokens.text(last), position: position,
                                   defaultValue: equals < segment.end ? equals + 1 : nil, function: function, nameToken: last))
        }
        return found
    }

    /// An argument of a call or a parameter of a list: its label, if it has one, and the
    /// tokens of its value (`start..<end`, the label excluded).
    struct Argument {
        var label: String?
        var start: Int
        var end: Int
        var valueStart: Int
    }

    /// The comma-separated items of the bracket that opens at `list`.
    func arguments(in tokens: SwiftTokens, list: Int) -> [Argument] {
        let close = min(tokens.closer(of: list), tokens.count)
        var found: [Argument] = []
        var start = list + 1
        var index = start
        while index <= close {
            if index == close || tokens.is(index, ",") {
                if index > start {
                    let labelled = tokens.isIdentifier(start) && tokens.is(start + 1, ":") && start + 2 <= index
                    found.append(Argument(label: labelled ? tokens.text(start) : nil, start: start, end: index,
                                          valueStart: labelled ? start + 2 : start))
                }
                start = index + 1
                index += 1
                continue
            }
            index = tokens.isOpener(index) ? tokens.closer(of: index) + 1 : index + 1
        }
        return found
    }
}
