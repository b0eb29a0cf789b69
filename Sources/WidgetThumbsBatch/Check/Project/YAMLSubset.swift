import WidgetThumbnails

/// A value of the YAML that XcodeGen projects are written in.
indirect enum YAMLValue {
    case scalar(String)
    case sequence([YAMLValue])
    /// Keys in the file's order.
    case mapping([(key: String, value: YAMLValue)])

    /// The value of `key` in a mapping (the first, as XcodeGen reads a key said twice).
    subscript(key: String) -> YAMLValue? {
        guard case .mapping(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    var scalar: String? {
        if case .scalar(let text) = self { text } else { nil }
    }

    var sequence: [YAMLValue]? {
        if case .sequence(let items) = self { items } else { nil }
    }

    var pairs: [(key: String, value: YAMLValue)]? {
        if case .mapping(let pairs) = self { pairs } else { nil }
    }
}

/// The part of YAML that XcodeGen files use, read without a library: block mappings and
/// sequences (a sequence may sit at its key's indentation), flow sequences and one-level flow
/// mappings, plain, single- and double-quoted scalars, `|` and `>` block scalars, comments,
/// anchors with aliases and `<<` merges. Anything else (tabs in indentation, multi-line quoted
/// or flow values, tags that change a type, several documents) is a `Failure` with its line,
/// never a crash; nesting and alias uses are bounded.
enum YAMLSubset {
    struct Failure: Error {
        var line: Int
        var reason: String
    }

    /// The deepest nesting read (XcodeGen files are a few levels deep).
    static let maxDepth = 64
    /// The most aliases resolved in a file: each copies a value, so a few nested ones could
    /// otherwise stand for a tree too large to look at.
    static let maxAliases = 10_000

    struct Line {
        var number: Int
        var indent: Int
        var text: Substring
    }

    static func parse(_ text: String) throws(Failure) -> YAMLValue {
        var parser = Parser(lines: try lines(of: text))
        guard !parser.lines.isEmpty else { return .mapping([]) }
        let value = try parser.block(depth: 0)
        if parser.index < parser.lines.count {
            throw Failure(line: parser.lines[parser.index].number, reason: "indented less than the document's first line")
        }
        return value
    }

    /// The lines that carry content, comments taken off.
    static func lines(of text: String) throws(Failure) -> [Line] {
        var lines: [Line] = []
        var documents = 0
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            var line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let indent = line.prefix { $0 == " " }.count
            if line.dropFirst(indent).first == "\t" {
                throw Failure(line: number, reason: "a tab in the indentation (YAML indents with spaces)")
            }
            line = withoutComment(line)
            while line.last == " " || line.last == "\t" { line.removeLast() }
            if line.dropFirst(indent).isEmpty || line.hasPrefix("%") { continue }
            if line == "---" || line.hasPrefix("--- ") {
                documents += 1
                if documents > 1 || !lines.isEmpty { throw Failure(line: number, reason: "more than one document") }
                continue
            }
            if line == "..." { continue }
            lines.append(Line(number: number, indent: indent, text: line.dropFirst(indent)))
        }
        return lines
    }

    /// `line` up to a `#` that starts a comment (at the start, or after a space, outside quotes).
    static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                if previous == " " || previous == "-" || previous == ":" || previous == "[" || previous == "," || previous == "{" { quote = character }
            } else if character == "#" && (previous == " " || previous == "\t") {
                return line[..<index]
            }
            previous = character
        }
        return line
    }

    struct Parser {
        var lines: [Line]
        var index = 0
        var anchors: [String: YAMLValue] = [:]
        var aliases = 0

        init(lines: [Line]) { self.lines = lines }

        static func isItem(_ text: Substring) -> Bool { text == "-" || text.hasPrefix("- ") }

        mutating func block(depth: Int) throws(Failure) -> YAMLValue {
            let line = lines[index]
            guard depth < YAMLSubset.maxDepth else { throw Failure(line: line.number, reason: "nested more than \(YAMLSubset.maxDepth) levels deep") }
            return Self.isItem(line.text) ? try sequence(indent: line.indent, depth: depth) : try mapping(indent: line.indent, depth: depth)
        }

        mutating func sequence(indent: Int, depth: Int) throws(Failure) -> YAMLValue {
            var items: [YAMLValue] = []
            while index < lines.count, lines[index].indent == indent, Self.isItem(lines[index].text) {
                let line = lines[index]
                let content = line.text.dropFirst().drop { $0 == " " }
                if content.isEmpty {
                    index += 1
                    items.append(index < lines.count && lines[index].indent > indent ? try block(depth: depth + 1) : .scalar(""))
                } else if Self.isItem(content) || key(of: content) != nil {
                    // `- key: value` opens a mapping at the column of `key`: the item's next keys line up with it.
                    lines[index] = Line(number: line.number, indent: indent + line.text.count - content.count, text: content)
                    items.append(try block(depth: depth + 1))
                } else {
                    index += 1
                    items.append(try scalar(content, line: line.number))
                }
            }
            try expectNoDeeperLine(than: indent)
            return .sequence(items)
        }

        mutating func mapping(indent: Int, depth: Int) throws(Failure) -> YAMLValue {
            var pairs: [(key: String, value: YAMLValue)] = []
            while index < lines.count, lines[index].indent == indent {
                let line = lines[index]
                guard !Self.isItem(line.text), let (key, rest) = key(of: line.text) else {
                    throw Failure(line: line.number, reason: "expected `key: value`")
                }
                index += 1
                var text = rest
                var anchor: Substring?
                if text.hasPrefix("&") {
                    let name = text.dropFirst().prefix { $0 != " " }
                    anchor = name
                    text = text.dropFirst(name.count + 1).drop { $0 == " " }
                }
                let value: YAMLValue
                if text.isEmpty {
                    if index < lines.count, lines[index].indent > indent {
                        value = try block(depth: depth + 1)
                    } else if index < lines.count, lines[index].indent == indent, Self.isItem(lines[index].text) {
                        value = try sequence(indent: indent, depth: depth + 1)
                    } else {
                        value = .scalar("")
                    }
                } else if text.hasPrefix("|") || text.hasPrefix(">") {
                    var block: [Substring] = []
                    while index < lines.count, lines[index].indent > indent {
                        block.append(lines[index].text)
                        index += 1
                    }
                    value = .scalar(block.joined(separator: text.hasPrefix("|") ? "\n" : " "))
                } else {
                    value = try scalar(text, line: line.number)
                }
                if let anchor { anchors[String(anchor)] = value }
                if key == "<<" {
                    let merged = value.pairs ?? (value.sequence ?? []).flatMap { $0.pairs ?? [] }
                    for pair in merged where !pairs.contains(where: { $0.key == pair.key }) { pairs.append(pair) }
                } else {
                    pairs.append((key, value))
                }
            }
            try expectNoDeeperLine(than: indent)
            return .mapping(pairs)
        }

        func expectNoDeeperLine(than indent: Int) throws(Failure) {
            if index < lines.count, lines[index].indent > indent {
                throw Failure(line: lines[index].number, reason: "indented more than the lines before it, with no key to belong to")
            }
        }

        /// The key of a `key: value` line and the text after the colon; nil when the line is not one.
        func key(of text: Substring) -> (String, Substring)? {
            if let first = text.first, first == "\"" || first == "'" {
                guard let close = text.dropFirst().firstIndex(of: first) else { return nil }
                let after = text[text.index(after: close)...]
                guard after.hasPrefix(":"), after.count == 1 || after.dropFirst().first == " " else { return nil }
                return (String(text[text.index(after: text.startIndex)..<close]), after.dropFirst().drop { $0 == " " })
            }
            if let first = text.first, first == "[" || first == "{" || first == "*" || first == "&" { return nil }
            var index = text.startIndex
            while index < text.endIndex {
                if text[index] == ":" {
                    let next = text.index(after: index)
                    if next == text.endIndex || text[next] == " " {
                        return (String(text[..<index]), text[next...].drop { $0 == " " })
                    }
                }
                index = text.index(after: index)
            }
            return nil
        }

        mutating func scalar(_ text: Substring, line: Int) throws(Failure) -> YAMLValue {
            if text.hasPrefix("*") {
                aliases += 1
                guard aliases <= YAMLSubset.maxAliases else { throw Failure(line: line, reason: "more than \(YAMLSubset.maxAliases) aliases") }
                guard let value = anchors[String(text.dropFirst())] else { throw Failure(line: line, reason: "an alias to no anchor") }
                return value
            }
            if text.hasPrefix("&") {
                let name = text.dropFirst().prefix { $0 != " " }
                let value = try scalar(text.dropFirst(name.count + 1).drop { $0 == " " }, line: line)
                anchors[String(name)] = value
                return value
            }
            if text.hasPrefix("!") { throw Failure(line: line, reason: "a tag (\(DisplayText.escaped(String(text.prefix { $0 != " " })))) is not read") }
            if text.hasPrefix("[") || text.hasPrefix("{") { return try flow(text, line: line) }
            return .scalar(try Self.quoted(text, line: line) ?? String(text))
        }

        /// `[a, b]` or `{k: v, k2: v2}` whose items are scalars.
        mutating func flow(_ text: Substring, line: Int) throws(Failure) -> YAMLValue {
            let isSequence = text.first == "["
            guard text.last == (isSequence ? "]" : "}") else {
                throw Failure(line: line, reason: "a flow collection that does not end on its line")
            }
            var items: [Substring] = []
            var quote: Character?
            var start = text.index(after: text.startIndex)
            let end = text.index(before: text.endIndex)
            var index = start
            while index < end {
                let character = text[index]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "[" || character == "{" || character == "]" || character == "}" {
                    throw Failure(line: line, reason: "a flow collection inside another is not read")
                } else if character == "," {
                    items.append(text[start..<index])
                    start = text.index(after: index)
                }
                index = text.index(after: index)
            }
            items.append(text[start..<end])
            let trimmed = items.map { $0.drop { $0 == " " } }.map { $0.dropLast($0.reversed().prefix { $0 == " " }.count) }
            let present = trimmed.count == 1 && trimmed[0].isEmpty ? [] : trimmed
            if isSequence {
                var values: [YAMLValue] = []
                for item in present { values.append(try scalar(item, line: line)) }
                return .sequence(values)
            }
            var pairs: [(key: String, value: YAMLValue)] = []
            for item in present {
                guard let (key, rest) = key(of: item) else { throw Failure(line: line, reason: "a flow mapping item without `key: value`") }
                pairs.append((key, try scalar(rest, line: line)))
            }
            return .mapping(pairs)
        }

        /// The text of a quoted scalar; nil when `text` is not quoted.
        static func quoted(_ text: Substring, line: Int) throws(Failure) -> String? {
            guard let open = text.first, open == "\"" || open == "'" else { return nil }
            var result = ""
            var index = text.index(after: text.startIndex)
            while index < text.endIndex {
                let character = text[index]
                let next = text.index(after: index)
                if character == open {
                    if open == "'", next < text.endIndex, text[next] == "'" {
                        result.append("'")
                        index = text.index(after: next)
                        continue
                    }
                    guard text[next...].allSatisfy({ $0 == " " }) else {
                        throw Failure(line: line, reason: "text after a quoted value")
                    }
                    return result
                }
                if open == "\"", character == "\\", next < text.endIndex {
                    switch text[next] {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    default: result.append(text[next])
                    }
                    index = text.index(after: next)
                    continue
                }
                result.append(character)
                index = next
            }
            throw Failure(line: line, reason: "a quoted value that does not end on its line")
        }
    }
}
