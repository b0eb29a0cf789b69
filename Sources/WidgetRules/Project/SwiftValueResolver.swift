/// What an expression can be, read from the sources without running them: the string and
/// number literals it may take, and whether some path could not be followed.
struct ResolvedValues {
    /// String literals, in the order found, each once.
    var strings: [String] = []
    /// Number literals.
    var numbers: [Double] = []
    /// `.infinity` (a frame side with no bound).
    var infinite = false
    /// Some path ended in a value only the run knows (or in nothing found).
    var unresolved = false

    mutating func formUnion(_ other: ResolvedValues) {
        for string in other.strings where !strings.contains(string) { strings.append(string) }
        numbers += other.numbers
        infinite = infinite || other.infinite
        unresolved = unresolved || other.unresolved
    }

    static let unknown = ResolvedValues(unresolved: true)
}

/// Follows an expression to the literals it may hold, through the declarations
/// `SwiftSourceIndex` found: constants, enum raw values, parameters (through their callers'
/// arguments and defaults), stored properties (through memberwise initializers' callers),
/// computed properties and functions (through what they return), `a ? b : c` and `a ?? b`.
///
/// Depth and work are bounded (`maximumDepth`, `budget`; the first 500 callers of a function
/// or initializer, the first 2,000 declarations of a name), a declaration met again on its own
/// path contributes nothing, and what a declaration holds is found once
/// (`SwiftSourceIndex.resolved`), so cycles and hostile input end in linear time.
struct SwiftValueResolver {
    let index: SwiftSourceIndex
    private var budget: Int
    private var inProgress: Set<SwiftSourceIndex.Place> = []
    /// How often a path was cut at a declaration already being followed: a value found while
    /// one was cut may be partial, so it is not kept in `index.resolved`.
    private var cuts = 0
    private static let maximumDepth = 12

    init(index: SwiftSourceIndex, budget: Int = 4_000) {
        self.index = index
        self.budget = budget
    }

    /// The values of the expression `start..<end` in `file`.
    mutating func values(file: Int, start: Int, end: Int, depth: Int = 0) -> ResolvedValues {
        let tokens = index.files[file]
        budget -= 1
        guard depth < Self.maximumDepth, budget > 0 else { cuts += 1; return .unknown }
        var start = start
        var end = min(end, tokens.count)
        while start < end, tokens.is(start, "try") || tokens.is(start, "await") || tokens.is(start, "return") { start += 1 }
        while end > start, tokens.is(end - 1, "!") || tokens.is(end - 1, "?") { end -= 1 }
        while start < end, tokens.is(start, "("), tokens.closer(of: start) == end - 1 { start += 1; end -= 1 }
        guard start < end else { return .unknown }

        // The top level of the expression: a ternary or `??` splits it.
        var question: Int?
        var coalesce: Int?
        var hasOperator = false
        var cursor = start
        while cursor < end {
            if tokens.isOpener(cursor) { cursor = tokens.closer(of: cursor) + 1; continue }
            if tokens.kind(cursor) == .punctuation {
                if question == nil, tokens.is(cursor, "?"), tokens.tokens[cursor].spaceBefore { question = cursor }
                if coalesce == nil, tokens.is(cursor, "??") { coalesce = cursor }
                if !tokens.is(cursor, ".") && !tokens.is(cursor, "!") && !tokens.is(cursor, "?") { hasOperator = true }
            }
            cursor += 1
        }
        if let question {
            guard let colon = ternaryColon(tokens, after: question, end: end) else { return .unknown }
            var result = values(file: file, start: question + 1, end: colon, depth: depth + 1)
            result.formUnion(values(file: file, start: colon + 1, end: end, depth: depth + 1))
            return result
        }
        if let coalesce {
            var result = values(file: file, start: start, end: coalesce, depth: depth + 1)
            result.formUnion(values(file: file, start: coalesce + 1, end: end, depth: depth + 1))
            // The left side being nil is what `??` is for: its own failure adds nothing new.
            return result
        }
        if end - start == 1 {
            switch tokens.kind(start) {
            case .string?:
                guard let value = tokens.strings[start] else { return .unknown }
                return ResolvedValues(strings: [value])
            case .number?:
                guard let value = Self.number(tokens.text(start)) else { return .unknown }
                return ResolvedValues(numbers: [value])
            default:
                break
            }
        }
        if end - start == 2, tokens.is(start, "-"), tokens.kind(start + 1) == .number, let value = Self.number(tokens.text(start + 1)) {
            return ResolvedValues(numbers: [-value])
        }
        if hasOperator { return .unknown }
        return chain(file: file, start: start, end: end, depth: depth)
    }

    /// `a.b.c`, `f()`, `Type.member.rawValue`, `.infinity`, `CGFloat(48)`.
    private mutating func chain(file: Int, start: Int, end: Int, depth: Int) -> ResolvedValues {
        let tokens = index.files[file]
        var names: [(token: Int, isCall: Bool)] = []
        var cursor = start
        if tokens.is(cursor, ".") { cursor += 1 }
        while cursor < end {
            guard tokens.isIdentifier(cursor) else { return .unknown }
            var isCall = false
            var next = cursor + 1
            while next < end, tokens.is(next, "(") || tokens.is(next, "!") || tokens.is(next, "?") {
                if tokens.is(next, "(") { isCall = true; next = tokens.closer(of: next) + 1 } else { next += 1 }
            }
            names.append((cursor, isCall))
            if next >= end { break }
            guard tokens.is(next, ".") else { return .unknown }
            cursor = next + 1
        }
        guard let last = names.last else { return .unknown }
        let name = tokens.text(last.token)
        if name == "infinity" || name == "greatestFiniteMagnitude" { return ResolvedValues(infinite: true) }
        if names.count == 1, last.isCall, ["CGFloat", "Double", "Float", "Int", "String"].contains(name) {
            let arguments = index.arguments(in: tokens, list: last.token + 1)
            guard arguments.count == 1, let argument = arguments.first else { return .unknown }
            return values(file: file, start: argument.valueStart, end: argument.end, depth: depth + 1)
        }
        if name == "rawValue", names.count >= 2 {
            let caseToken = names[names.count - 2].token
            let cases = (index.declarations[tokens.text(caseToken)] ?? []).filter {
                if case .enumCase = $0.definition { return true }
                return false
            }
            guard !cases.isEmpty else { return .unknown }
            var result = ResolvedValues()
            for declaration in Self.preferring(file, cases) { result.formUnion(value(of: declaration, depth: depth + 1)) }
            return result
        }
        let qualifier = names.count >= 2 ? tokens.text(names[names.count - 2].token) : nil
        let found = lookUp(name, qualifier: qualifier == "self" ? nil : qualifier, file: file, at: last.token)
        guard !found.isEmpty else { return .unknown }
        var result = ResolvedValues()
        for candidate in found { result.formUnion(value(of: candidate, depth: depth + 1)) }
        return result
    }

    /// Where a name can come from, seen from a token.
    enum Candidate {
        case declaration(SwiftSourceIndex.Declaration)
        case parameter(SwiftSourceIndex.Parameter, file: Int, token: Int)
        case runTime
    }

    /// The declarations a name may mean at `token`: a parameter or local of an enclosing
    /// function, a member of an enclosing type, then any type's member or global of that name
    /// (those in the same file first). `Type.name` looks in types of that name first.
    func lookUp(_ name: String, qualifier: String?, file: Int, at token: Int) -> [Candidate] {
        let tokens = index.files[file]
        // At most 2,000 declarations of one name are weighed (hostile input can hold millions).
        let all = (index.declarations[name] ?? []).prefix(2_000)
        if let qualifier, let first = qualifier.first, first.isUppercase {
            let members = all.filter { $0.typeName == qualifier && !$0.isLocal }
            if !members.isEmpty { return Self.preferring(file, members).map { .declaration($0) } }
        } else if qualifier == nil {
            var opener = Int(tokens.enclosing[token])
            var steps = 0
            while opener >= 0, steps < 256 {
                steps += 1
                if tokens.is(opener, "{") {
                    let owner = index.owners[file][opener]
                    let close = tokens.closer(of: opener)
                    switch owner {
                    case .function(_, let parameters)?:
                        if let parameter = parameters.first(where: { $0.name == name }) {
                            return [.parameter(parameter, file: file, token: opener)]
                        }
                        let locals = all.filter { $0.place.file == file && $0.isLocal && $0.place.token > opener && $0.place.token < token }
                        if !locals.isEmpty { return locals.map { .declaration($0) } }
                    case .property?:
                        let locals = all.filter { $0.place.file == file && $0.isLocal && $0.place.token > opener && $0.place.token < token }
                        if !locals.isEmpty { return locals.map { .declaration($0) } }
                    case .type?:
                        let members = all.filter { $0.place.file == file && !$0.isLocal && $0.place.token > opener && $0.place.token < close }
                        if !members.isEmpty { return members.map { .declaration($0) } }
                    case nil:
                        // A closure's parameters (`{ name in`, `{ (a, name) in`) hold run-time values.
                        var probe = opener + 1
                        while probe < close, probe < opener + 24, !tokens.is(probe, "in") { probe += 1 }
                        if tokens.is(probe, "in"), (opener + 1..<probe).contains(where: { tokens.isIdentifier($0) && tokens.text($0) == name }) {
                            return [.runTime]
                        }
                    }
                }
                opener = Int(tokens.enclosing[opener])
            }
        }
        let visible = all.filter { !$0.isLocal }
        // `value.name`: the value's type is unknown, so any type's member may be meant; a bare
        // name prefers its own file (a `private enum Constants` per file is common).
        if let qualifier, qualifier.first?.isUppercase != true { return visible.map { .declaration($0) } }
        return Self.preferring(file, visible).map { .declaration($0) }
    }

    /// Those in `file` when there are any, else all.
    static func preferring(_ file: Int, _ declarations: [SwiftSourceIndex.Declaration]) -> [SwiftSourceIndex.Declaration] {
        let here = declarations.filter { $0.place.file == file }
        return here.isEmpty ? declarations : here
    }

    private mutating func value(of candidate: Candidate, depth: Int) -> ResolvedValues {
        switch candidate {
        case .runTime:
            return .unknown
        case .declaration(let declaration):
            return value(of: declaration, depth: depth)
        case .parameter(let parameter, let file, _):
            let place = SwiftSourceIndex.Place(file: file, token: parameter.nameToken)
            if let known = index.resolved[place] { return known }
            guard !inProgress.contains(place) else { cuts += 1; return ResolvedValues() }
            inProgress.insert(place)
            let cutsBefore = cuts
            defer { inProgress.remove(place) }
            var result = ResolvedValues()
            var found = false
            if let start = parameter.defaultValue {
                found = true
                result.formUnion(values(file: file, start: start, end: expressionEnd(file: file, from: start), depth: depth + 1))
            }
            for call in (index.calls[parameter.function] ?? []).prefix(500) {
                let tokens = index.files[call.file]
                let arguments = index.arguments(in: tokens, list: call.token + 1)
                let match = parameter.label.map { label in arguments.first { $0.label == label } }
                    ?? (parameter.position < arguments.count && arguments[parameter.position].label == nil ? arguments[parameter.position] : nil)
                guard let match else { continue }
                found = true
                result.formUnion(values(file: call.file, start: match.valueStart, end: match.end, depth: depth + 1))
            }
            if !found { result.unresolved = true }
            if cuts == cutsBefore { index.resolved[place] = result }
            return result
        }
    }

    private mutating func value(of declaration: SwiftSourceIndex.Declaration, depth: Int) -> ResolvedValues {
        if let known = index.resolved[declaration.place] { return known }
        guard !inProgress.contains(declaration.place) else { cuts += 1; return ResolvedValues() }
        inProgress.insert(declaration.place)
        let cutsBefore = cuts
        defer { inProgress.remove(declaration.place) }
        let result = uncachedValue(of: declaration, depth: depth)
        if cuts == cutsBefore { index.resolved[declaration.place] = result }
        return result
    }

    private mutating func uncachedValue(of declaration: SwiftSourceIndex.Declaration, depth: Int) -> ResolvedValues {
        let file = declaration.place.file
        let tokens = index.files[file]
        switch declaration.definition {
        case .opaque:
            return .unknown
        case .enumCase(let raw):
            guard let raw else { return ResolvedValues(strings: [tokens.text(declaration.place.token)]) }
            return values(file: file, start: raw, end: raw + 1, depth: depth + 1)
        case .value(let start, let memberOf):
            var result = values(file: file, start: start, end: expressionEnd(file: file, from: start), depth: depth + 1)
            if let memberOf { result.formUnion(memberwise(memberOf, label: tokens.text(declaration.place.token), depth: depth, required: false)) }
            return result
        case .stored(let memberOf):
            return memberwise(memberOf, label: tokens.text(declaration.place.token), depth: depth, required: true)
        case .body(let brace):
            return returned(file: file, brace: brace, depth: depth)
        }
    }

    /// The arguments labelled `label` in calls of `type(...)`: its memberwise initializer.
    private mutating func memberwise(_ type: String, label: String, depth: Int, required: Bool) -> ResolvedValues {
        var result = ResolvedValues()
        var found = false
        for call in (index.calls[type] ?? []).prefix(500) {
            let tokens = index.files[call.file]
            for argument in index.arguments(in: tokens, list: call.token + 1) where argument.label == label {
                found = true
                result.formUnion(values(file: call.file, start: argument.valueStart, end: argument.end, depth: depth + 1))
            }
        }
        if !found && required { result.unresolved = true }
        return result
    }

    /// What a body returns: each `return`'s expression, or, with none, the last expression of
    /// each branch of a body that is one `if` or `switch` expression, or the body itself.
    private mutating func returned(file: Int, brace: Int, depth: Int) -> ResolvedValues {
        let tokens = index.files[file]
        let close = min(tokens.closer(of: brace), tokens.count)
        var result = ResolvedValues()
        var returns = 0
        var cursor = brace + 1
        while cursor < close, returns < 200 {
            if tokens.is(cursor, "return") {
                returns += 1
                let end = expressionEnd(file: file, from: cursor + 1)
                if end > cursor + 1 { result.formUnion(values(file: file, start: cursor + 1, end: end, depth: depth + 1)) }
            }
            cursor += 1
        }
        if returns > 0 { return result }
        var segments = [(brace + 1, close)]
        var visited = 0
        while let (start, end) = segments.popLast(), visited < 100 {
            visited += 1
            guard start < end else { continue }
            if tokens.is(start, "if") {
                var probe = start
                while probe < end {
                    if tokens.is(probe, "{") { segments.append((probe + 1, tokens.closer(of: probe))); probe = tokens.closer(of: probe) + 1; continue }
                    if tokens.isOpener(probe) { probe = tokens.closer(of: probe) + 1; continue }
                    probe += 1
                }
            } else if tokens.is(start, "switch") {
                var open = start
                while open < end, !tokens.is(open, "{") { open = tokens.isOpener(open) && !tokens.is(open, "{") ? tokens.closer(of: open) + 1 : open + 1 }
                guard open < end else { continue }
                let switchEnd = tokens.closer(of: open)
                var labels: [Int] = []
                var probe = open + 1
                while probe < switchEnd {
                    if tokens.is(probe, "case") || tokens.is(probe, "default") { labels.append(probe) }
                    probe = tokens.isOpener(probe) ? tokens.closer(of: probe) + 1 : probe + 1
                }
                for (number, label) in labels.enumerated() {
                    var colon = label + 1
                    while colon < switchEnd, !tokens.is(colon, ":") { colon = tokens.isOpener(colon) ? tokens.closer(of: colon) + 1 : colon + 1 }
                    segments.append((colon + 1, number + 1 < labels.count ? labels[number + 1] : switchEnd))
                }
            } else {
                result.formUnion(values(file: file, start: start, end: end, depth: depth + 1))
            }
        }
        return result
    }

    /// Where the expression that starts at `start` ends: at a comma, semicolon or closing
    /// bracket of its own level, or at a line break that no operator or `.` carries over.
    func expressionEnd(file: Int, from start: Int) -> Int {
        let tokens = index.files[file]
        var cursor = start
        var previous = -1
        var steps = 0
        while cursor < tokens.count, steps < 20_000 {
            steps += 1
            if tokens.is(cursor, ")") || tokens.is(cursor, "]") || tokens.is(cursor, "}") || tokens.is(cursor, ",") || tokens.is(cursor, ";") {
                break
            }
            if previous >= 0, tokens.line(cursor) > tokens.line(previous) {
                let continues = tokens.kind(cursor) == .punctuation && !tokens.isOpener(cursor)
                    || tokens.kind(previous) == .punctuation && !tokens.is(previous, ")") && !tokens.is(previous, "]") && !tokens.is(previous, "}")
                if !continues { break }
            }
            previous = tokens.isOpener(cursor) ? min(tokens.closer(of: cursor), tokens.count - 1) : cursor
            cursor = previous + 1
        }
        return cursor
    }

    /// The `:` that closes the ternary whose `?` is at `question`.
    private func ternaryColon(_ tokens: SwiftTokens, after question: Int, end: Int) -> Int? {
        var pending = 1
        var cursor = question + 1
        while cursor < end {
            if tokens.isOpener(cursor) { cursor = tokens.closer(of: cursor) + 1; continue }
            if tokens.is(cursor, "?"), tokens.tokens[cursor].spaceBefore { pending += 1 }
            if tokens.is(cursor, ":") {
                pending -= 1
                if pending == 0 { return cursor }
            }
            cursor += 1
        }
        return nil
    }

    /// A Swift number literal's value (`1_000`, `16.0`, `0x1F`).
    static func number(_ text: String) -> Double? {
        let plain = text.filter { $0 != "_" }
        if plain.hasPrefix("0x") { return Int(plain.dropFirst(2), radix: 16).map(Double.init) }
        if plain.hasPrefix("0b") { return Int(plain.dropFirst(2), radix: 2).map(Double.init) }
        if plain.hasPrefix("0o") { return Int(plain.dropFirst(2), radix: 8).map(Double.init) }
        return Double(plain)
    }
}
