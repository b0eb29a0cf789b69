/// A Swift source file cut into tokens, for `WidgetSourceScan`: enough of Swift's lexical
/// grammar to find calls, labels, literals and brackets, never a parser. One pass over the
/// bytes with an explicit stack for string interpolation, so hostile input (an unterminated
/// string or comment, deep nesting, one 5 MB line) costs linear time and no recursion.
struct SwiftTokens {
    /// What a token is.
    enum Kind: UInt8 {
        /// A name or keyword (a backticked name without its backticks, `$0`).
        case identifier
        /// A number literal.
        case number
        /// A string literal; its decoded value is in `strings` unless it interpolates.
        case string
        /// A run of operator characters (`=`, `->`, `??`, `?`, `!`), or one of `( ) [ ] { } , : ; . @ #`.
        case punctuation
    }

    /// One token: where it is in the bytes and on which line.
    struct Token {
        var kind: Kind
        /// Whether whitespace, a comment or a line break comes right before it: a ternary's
        /// `?` has it, an optional chain's does not.
        var spaceBefore: Bool
        /// 1-based line of its first byte.
        var line: Int32
        var start: Int32
        var end: Int32
    }

    /// The file's bytes.
    let bytes: [UInt8]
    /// The tokens, in order.
    private(set) var tokens: [Token] = []
    /// Decoded values of the string literals that do not interpolate, by token index.
    private(set) var strings: [Int: String] = [:]
    /// For each bracket token, the index of its partner (an unclosed opener: `tokens.count`);
    /// -1 for other tokens and for closers that close nothing.
    private(set) var partner: [Int32] = []
    /// For each token, the index of the innermost bracket opener that holds it, or -1.
    private(set) var enclosing: [Int32] = []

    /// Cuts `text` into tokens and pairs its brackets.
    init(_ text: String) {
        bytes = Array(text.utf8)
        lex()
        pairBrackets()
    }

    var count: Int { tokens.count }

    /// The token's text (a backticked name without its backticks).
    func text(_ index: Int) -> String {
        let token = tokens[index]
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// Whether the token is this punctuation or identifier, compared on bytes.
    func `is`(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        let length = Int(token.end - token.start)
        guard length == word.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        return word.withUTF8Buffer { buffer in
            for offset in 0..<length where bytes[start + offset] != buffer[offset] { return false }
            return true
        }
    }

    func kind(_ index: Int) -> Kind? { index >= 0 && index < tokens.count ? tokens[index].kind : nil }

    func line(_ index: Int) -> Int { index < tokens.count ? Int(tokens[index].line) : Int(tokens.last?.line ?? 1) }

    func isIdentifier(_ index: Int) -> Bool { kind(index) == .identifier }

    func isOpener(_ index: Int) -> Bool { self.is(index, "(") || self.is(index, "[") || self.is(index, "{") }

    /// The partner of an opener (the end of the tokens when unclosed).
    func closer(of opener: Int) -> Int { Int(partner[opener]) }

    // MARK: Lexing

    private enum Frame {
        /// Inside a string literal: its `#` count, whether it is `"""`, and where it began.
        /// The outermost string's value is kept beside the stack (`value`), never in it, so
        /// appending a byte copies nothing.
        case string(hashes: Int, multiline: Bool, line: Int32, start: Int32)
        /// Inside `\( ... )`: the parentheses open within it.
        case interpolation(depth: Int)
    }

    private static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80 || byte == 0x24
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
             UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }

    // The loop is long because it is one state machine: splitting it would pass its state around.
    private mutating func lex() {
        let bytes = self.bytes
        let end = bytes.count
        var index = 0
        var line: Int32 = 1
        var space = true
        var stack: [Frame] = []
        var commentDepth = 0
        // The outermost string's value so far, and whether it interpolates.
        var value: [UInt8] = []
        var interpolates = false

        func emit(_ kind: Kind, _ start: Int, _ stop: Int, _ tokenLine: Int32, into tokens: inout [Token], spaceBefore: inout Bool) {
            tokens.append(Token(kind: kind, spaceBefore: spaceBefore, line: tokenLine, start: Int32(start), end: Int32(stop)))
            spaceBefore = false
        }

        while index < end {
            let byte = bytes[index]
            if commentDepth > 0 {
                if byte == 0x0A { line += 1 }
                if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                    commentDepth += 1; index += 2; continue
                }
                if byte == UInt8(ascii: "*"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                    commentDepth -= 1; index += 2; space = true; continue
                }
                index += 1
                continue
            }
            if case .string(let hashes, let multiline, _, _)? = stack.last {
                let outermost = stack.count == 1
                // Inside a string: find its end, an escape or an interpolation.
                if byte == UInt8(ascii: "\\") {
                    var probe = index + 1
                    var count = 0
                    while count < hashes, probe < end, bytes[probe] == UInt8(ascii: "#") { count += 1; probe += 1 }
                    if count == hashes, probe < end {
                        let escaped = bytes[probe]
                        if escaped == UInt8(ascii: "(") {
                            if outermost { interpolates = true }
                            stack.append(.interpolation(depth: 0))
                            index = probe + 1
                            continue
                        }
                        switch escaped {
                        case UInt8(ascii: "n"): if outermost { value.append(0x0A) }
                        case UInt8(ascii: "t"): if outermost { value.append(0x09) }
                        case UInt8(ascii: "r"): if outermost { value.append(0x0D) }
                        case UInt8(ascii: "0"): if outermost { value.append(0) }
                        case UInt8(ascii: "u"):
                            // \u{XXXX}: the scalar, or nothing when it is not one.
                            var scan = probe + 1
                            var scalar: UInt32 = 0
                            if scan < end, bytes[scan] == UInt8(ascii: "{") {
                                scan += 1
                                while scan < end, bytes[scan] != UInt8(ascii: "}"), scan - probe < 12 {
                                    let digit = bytes[scan]
                                    let nibble: UInt32? = Self.isDigit(digit) ? UInt32(digit - 0x30)
                                        : (digit | 0x20) >= 0x61 && (digit | 0x20) <= 0x66 ? UInt32((digit | 0x20) - 0x61 + 10) : nil
                                    guard let nibble else { break }
                                    scalar = scalar &* 16 &+ nibble
                                    scan += 1
                                }
                                if outermost, let unicode = Unicode.Scalar(scalar) { value.append(contentsOf: Array(String(Character(unicode)).utf8)) }
                                if scan < end, bytes[scan] == UInt8(ascii: "}") { scan += 1 }
                                index = scan
                                continue
                            }
                        case 0x0A:
                            // A line-continuation backslash in a multi-line string.
                            line += 1
                        default: if outermost { value.append(escaped) }
                        }
                        index = probe + 1
                        continue
                    }
                }
                var closes = false
                var closeLength = 0
                if byte == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    var probe = index
                    var matched = 0
                    while matched < quotes, probe < end, bytes[probe] == UInt8(ascii: "\"") { matched += 1; probe += 1 }
                    var count = 0
                    if matched == quotes {
                        while count < hashes, probe < end, bytes[probe] == UInt8(ascii: "#") { count += 1; probe += 1 }
                    }
                    if matched == quotes, count == hashes { closes = true; closeLength = probe - index }
                }
                // A single-line string ends at the line break even when unterminated (Swift's
                // own error), so one stray quote cannot swallow the rest of the file.
                let brokenLine = byte == 0x0A && !multiline
                if closes || brokenLine {
                    // A broken line ends every single-line string it is inside, the outermost too.
                    let first = brokenLine ? stack.firstIndex { if case .string(_, false, _, _) = $0 { true } else { false } } : nil
                    if let first, first < stack.count - 1 {
                        if first == 0 { interpolates = true }
                        stack.removeSubrange((first + 1)...)
                    }
                    guard case .string(_, _, let startLine, let start)? = stack.last else { index += 1; continue }
                    stack.removeLast()
                    if stack.isEmpty {
                        tokens.append(Token(kind: .string, spaceBefore: space, line: startLine, start: start, end: Int32(index + closeLength)))
                        space = false
                        if !interpolates { strings[tokens.count - 1] = String(decoding: value, as: UTF8.self) }
                    }
                    if brokenLine { line += 1; space = true; index += 1 } else { index += closeLength }
                    continue
                }
                if byte == 0x0A { line += 1 }
                if outermost { value.append(byte) }
                index += 1
                continue
            }

            // Code, at the top level or inside an interpolation.
            let inInterpolation = !stack.isEmpty
            switch byte {
            case 0x0A:
                // A line break inside the interpolation of a single-line string ends that string
                // (Swift's own error), so `"\(` at a line's end cannot swallow the file.
                if inInterpolation, let broken = stack.firstIndex(where: { if case .string(_, false, _, _) = $0 { true } else { false } }) {
                    if broken == 0, case .string(_, _, let startLine, let start) = stack[0] {
                        tokens.append(Token(kind: .string, spaceBefore: space, line: startLine, start: start, end: Int32(index)))
                    }
                    stack.removeSubrange(broken...)
                }
                line += 1; space = true; index += 1
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                space = true; index += 1
            case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "/"):
                while index < end, bytes[index] != 0x0A { index += 1 }
                space = true
            case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
                commentDepth = 1; index += 2; space = true
            case _ where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") && Self.opensString(bytes, at: index):
                var probe = index
                var hashes = 0
                while probe < end, bytes[probe] == UInt8(ascii: "#") { hashes += 1; probe += 1 }
                var multiline = false
                if probe + 2 < end, bytes[probe + 1] == UInt8(ascii: "\""), bytes[probe + 2] == UInt8(ascii: "\"") {
                    multiline = true
                    probe += 3
                    // The opening line of a multi-line string holds nothing.
                    while probe < end, bytes[probe] != 0x0A { probe += 1 }
                    if probe < end { probe += 1; line += 1 }
                } else {
                    probe += 1
                }
                let startLine = multiline ? line - 1 : line
                if stack.isEmpty { value.removeAll(keepingCapacity: true); interpolates = false }
                stack.append(.string(hashes: hashes, multiline: multiline, line: startLine, start: Int32(index)))
                index = probe
            case UInt8(ascii: "(") where inInterpolation:
                if case .interpolation(let depth)? = stack.last { stack[stack.count - 1] = .interpolation(depth: depth + 1) }
                index += 1
            case UInt8(ascii: ")") where inInterpolation:
                if case .interpolation(let depth)? = stack.last {
                    if depth == 0 { stack.removeLast() } else { stack[stack.count - 1] = .interpolation(depth: depth - 1) }
                }
                index += 1
            case UInt8(ascii: "`"):
                var probe = index + 1
                while probe < end, bytes[probe] != UInt8(ascii: "`"), bytes[probe] != 0x0A { probe += 1 }
                if !inInterpolation { emit(.identifier, index + 1, probe, line, into: &tokens, spaceBefore: &space) }
                index = probe < end && bytes[probe] == UInt8(ascii: "`") ? probe + 1 : probe
            default:
                let start = index
                let kind: Kind
                if Self.isIdentifierHead(byte) {
                    index += 1
                    while index < end, Self.isIdentifierHead(bytes[index]) || Self.isDigit(bytes[index]) { index += 1 }
                    kind = .identifier
                } else if Self.isDigit(byte) {
                    index += 1
                    while index < end {
                        let next = bytes[index]
                        if Self.isDigit(next) || Self.isIdentifierHead(next) && next < 0x80 {
                            index += 1
                        } else if next == UInt8(ascii: "."), index + 1 < end, Self.isDigit(bytes[index + 1]) {
                            index += 1
                        } else if (next == UInt8(ascii: "+") || next == UInt8(ascii: "-")),
                                  (bytes[index - 1] | 0x20) == UInt8(ascii: "e"), bytes[start + 1] != UInt8(ascii: "x") {
                            index += 1
                        } else {
                            break
                        }
                    }
                    kind = .number
                } else if Self.isOperator(byte) {
                    index += 1
                    while index < end, Self.isOperator(bytes[index]),
                          !(bytes[index] == UInt8(ascii: "/") && index + 1 < end && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))) {
                        index += 1
                    }
                    kind = .punctuation
                } else {
                    index += 1
                    kind = .punctuation
                }
                if !inInterpolation { emit(kind, start, index, line, into: &tokens, spaceBefore: &space) }
            }
        }
        // An unterminated string at the end still counts as one (what it held is its value).
        if case .string(_, _, let startLine, let start)? = stack.first {
            tokens.append(Token(kind: .string, spaceBefore: space, line: startLine, start: start, end: Int32(end)))
            if !interpolates && stack.count == 1 { strings[tokens.count - 1] = String(decoding: value, as: UTF8.self) }
        }
    }

    /// `"` opens a string; `#` does when only `#`s stand between it and a `"` (a raw string).
    private static func opensString(_ bytes: [UInt8], at index: Int) -> Bool {
        if bytes[index] == UInt8(ascii: "\"") { return true }
        var probe = index
        while probe < bytes.count, bytes[probe] == UInt8(ascii: "#") { probe += 1 }
        return probe < bytes.count && bytes[probe] == UInt8(ascii: "\"")
    }

    // MARK: Brackets

    /// Pairs `( ) [ ] { }` with a stack (never recursion); a closer that does not match the
    /// innermost opener closes it anyway, so one stray bracket misplaces little.
    private mutating func pairBrackets() {
        partner = Array(repeating: -1, count: tokens.count)
        enclosing = Array(repeating: -1, count: tokens.count)
        var stack: [Int32] = []
        for index in tokens.indices {
            enclosing[index] = stack.last ?? -1
            let token = tokens[index]
            guard token.kind == .punctuation, token.end - token.start == 1 else { continue }
            switch bytes[Int(token.start)] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(Int32(index))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard let opener = stack.popLast() else { continue }
                partner[Int(opener)] = Int32(index)
                partner[index] = opener
                enclosing[index] = stack.last ?? -1
            default:
                break
            }
        }
        for opener in stack { partner[Int(opener)] = Int32(tokens.count) }
    }
}
