import WidgetThumbnails

/// A small, bounded, non-validating XML reader for Android's resource files (manifests,
/// `<appwidget-provider>`, layouts, drawables, `dimens.xml`): elements, attributes with their
/// namespaces, and text, nothing else.
///
/// Written here rather than taking Foundation's `XMLParser`: that one is libxml2, a library the
/// engine does not link today, and what it expands or resolves is its settings' business. These
/// files never need a document type, so one is refused outright, with every entity beyond XML's
/// five and character references: nothing can expand, nothing outside the file is read. The
/// depth, the element count and the attributes of an element are capped, and the reader is a
/// loop over the bytes with an explicit stack, so no input can exhaust the call stack or run long.
package enum AndroidXML {
    /// The Android namespace (`xmlns:android`).
    package static let androidNamespace = "http://schemas.android.com/apk/res/android"
    /// The namespace of an app's own attributes (`xmlns:app`, `app:srcCompat`).
    package static let appNamespace = "http://schemas.android.com/apk/res-auto"

    /// How much one document may hold.
    package struct Limits: Sendable {
        /// Elements nested inside each other (a deep layout is a few dozen).
        package var depth = 128
        /// Elements in the document.
        package var elements = 50_000
        /// Attributes on one element.
        package var attributes = 256

        /// The defaults.
        package init() {}
    }

    /// One element: its name, attributes and children, and its text (for `<dimen>`).
    package struct Element {
        /// The name as written (`ImageView`, `appwidget-provider`).
        package var name: String
        /// Its attributes, namespaces resolved.
        package var attributes: [Attribute]
        /// The elements inside it, in order.
        package var children: [Element]
        /// Its own text, concatenated.
        package var text: String
        /// 1-based line of its start tag.
        package var line: Int

        /// The value of the attribute `name` in `namespace` (nil: no namespace).
        package func attribute(_ name: String, in namespace: String?) -> String? {
            attributes.first { $0.name == name && $0.namespace == namespace }?.value
        }

        /// `android:name`'s value.
        package func android(_ name: String) -> String? { attribute(name, in: AndroidXML.androidNamespace) }
    }

    /// One attribute.
    package struct Attribute {
        /// Its namespace's URI; nil when it has no prefix.
        package var namespace: String?
        /// The prefix as written (`android`), for messages.
        package var prefix: String?
        /// The local name (`src`).
        package var name: String
        /// The value, references replaced.
        package var value: String

        /// `prefix:name` as written.
        package var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }
    }

    /// Why a document was refused.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// It declares a document type (`<!DOCTYPE`): what entity expansion and external
        /// entities come from; resource files never need one.
        case documentType(line: Int)
        /// It uses an entity other than XML's five.
        case entity(String, line: Int)
        /// Elements nested deeper than the limit.
        case tooDeep(limit: Int, line: Int)
        /// More elements than the limit.
        case tooManyElements(limit: Int)
        /// An element with more attributes than the limit.
        case tooManyAttributes(limit: Int, line: Int)
        /// Not well-formed, and where.
        case malformed(String, line: Int)

        /// What is wrong, for a finding (the file is named by the finding).
        package var description: String {
            switch self {
            case .documentType(let line):
                "line \(line): a document type declaration (<!DOCTYPE>): refused, so no entity can expand or read another file"
            case .entity(let name, let line):
                "line \(line): the entity &\(DisplayText.escaped(name, limit: 40)); is not one of XML's five: refused, not expanded"
            case .tooDeep(let limit, let line):
                "line \(line): elements nested more than \(limit) deep: refused"
            case .tooManyElements(let limit):
                "more than \(limit) elements: refused"
            case .tooManyAttributes(let limit, let line):
                "line \(line): an element with more than \(limit) attributes: refused"
            case .malformed(let what, let line):
                "line \(line): not well-formed XML: \(what)"
            }
        }
    }

    /// The document's root element, or why it is refused.
    package static func parse(_ bytes: [UInt8], limits: Limits = Limits()) -> Result<Element, Refusal> {
        var reader = Reader(bytes: bytes, limits: limits)
        do throws(Refusal) {
            return .success(try reader.document())
        } catch {
            return .failure(error)
        }
    }

    /// The state of one parse: a cursor over the bytes and the open elements.
    private struct Reader {
        let bytes: [UInt8]
        let limits: Limits
        var index = 0
        var line = 1
        var elementCount = 0
        /// The open elements, innermost last, each with the namespaces it declares.
        var open: [(element: Element, namespaces: [String: String])] = []
        var root: Element?

        init(bytes: [UInt8], limits: Limits) {
            self.bytes = bytes
            self.limits = limits
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte order mark
        }

        mutating func document() throws(Refusal) -> Element {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") {
                    try markup()
                } else {
                    try text()
                }
            }
            if let unclosed = open.last {
                throw .malformed("<\(DisplayText.escaped(unclosed.element.name, limit: 60))> is never closed", line: line)
            }
            guard let root else { throw .malformed("no element", line: line) }
            return root
        }

        // MARK: Markup

        private mutating func markup() throws(Refusal) {
            if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw .malformed("character data outside the root element", line: line) }
                let start = index + 9
                try skip(past: "]]>", what: "CDATA section")
                open[open.count - 1].element.text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
            } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                throw .documentType(line: line)
            } else if starts(with: "<!") {
                throw .malformed("a declaration (<!...>) where an element was expected", line: line)
            } else if starts(with: "</") {
                try endTag()
            } else {
                try startTag()
            }
        }

        private mutating func startTag() throws(Refusal) {
            let tagLine = line
            index += 1
            guard root == nil else { throw .malformed("a second root element", line: line) }
            let name = try self.name()
            guard open.count < limits.depth else { throw .tooDeep(limit: limits.depth, line: tagLine) }
            elementCount += 1
            guard elementCount <= limits.elements else { throw .tooManyElements(limit: limits.elements) }
            var raw: [(name: String, value: String)] = []
            var selfClosing = false
            while true {
                skipSpace()
                guard index < bytes.count else { throw .malformed("the file ends inside a tag", line: line) }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if starts(with: "/>") {
                    index += 2
                    selfClosing = true
                    break
                }
                let attribute = try self.name()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw .malformed("the attribute \(DisplayText.escaped(attribute, limit: 60)) has no value", line: line)
                }
                index += 1
                skipSpace()
                let value = try quoted()
                guard !raw.contains(where: { $0.name == attribute }) else {
                    throw .malformed("the attribute \(DisplayText.escaped(attribute, limit: 60)) is given twice", line: line)
                }
                raw.append((attribute, value))
                guard raw.count <= limits.attributes else { throw .tooManyAttributes(limit: limits.attributes, line: tagLine) }
            }
            var declared: [String: String] = [:]
            for (attribute, value) in raw {
                if attribute == "xmlns" { declared[""] = value }
                if attribute.hasPrefix("xmlns:") { declared[String(attribute.dropFirst(6))] = value }
            }
            let attributes = raw.filter { $0.name != "xmlns" && !$0.name.hasPrefix("xmlns:") }.map { attribute in
                guard let colon = attribute.name.firstIndex(of: ":") else {
                    return Attribute(namespace: nil, prefix: nil, name: attribute.name, value: attribute.value)
                }
                let prefix = String(attribute.name[..<colon])
                return Attribute(namespace: namespace(of: prefix, declared: declared), prefix: prefix,
                                 name: String(attribute.name[attribute.name.index(after: colon)...]), value: attribute.value)
            }
            let element = Element(name: name, attributes: attributes, children: [], text: "", line: tagLine)
            if selfClosing {
                close(element)
            } else {
                open.append((element, declared))
            }
        }

        /// The URI `prefix` is bound to at the current element.
        private func namespace(of prefix: String, declared: [String: String]) -> String? {
            if let uri = declared[prefix] { return uri }
            for scope in open.reversed() { if let uri = scope.namespaces[prefix] { return uri } }
            return nil
        }

        private mutating func endTag() throws(Refusal) {
            index += 2
            let name = try self.name()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw .malformed("an end tag not closed by >", line: line) }
            index += 1
            guard let top = open.popLast() else {
                throw .malformed("</\(DisplayText.escaped(name, limit: 60))> closes nothing", line: line)
            }
            guard top.element.name == name else {
                throw .malformed("</\(DisplayText.escaped(name, limit: 60))> closes <\(DisplayText.escaped(top.element.name, limit: 60))>",
                                 line: line)
            }
            close(top.element)
        }

        /// `element` finished: a child of the open one, or the root.
        private mutating func close(_ element: Element) {
            if open.isEmpty {
                root = element
            } else {
                open[open.count - 1].element.children.append(element)
            }
        }

        // MARK: Text

        private mutating func text() throws(Refusal) {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            let slice = bytes[start..<index]
            guard !open.isEmpty else {
                guard slice.allSatisfy(Self.isSpace) else { throw .malformed("text outside the root element", line: line) }
                return
            }
            open[open.count - 1].element.text += try decoded(slice)
        }

        private func decoded(_ slice: ArraySlice<UInt8>) throws(Refusal) -> String {
            guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(slice.count)
            var position = slice.startIndex
            while position < slice.endIndex {
                let byte = slice[position]
                guard byte == UInt8(ascii: "&") else {
                    out.append(byte)
                    position += 1
                    continue
                }
                guard let semicolon = slice[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw .malformed("an & that starts no reference", line: line)
                }
                let name = String(decoding: slice[(position + 1)..<semicolon], as: UTF8.self)
                out += try Self.reference(name, line: line)
                position = semicolon + 1
            }
            return String(decoding: out, as: UTF8.self)
        }

        /// XML's five entities and character references; anything else is refused.
        private static func reference(_ name: String, line: Int) throws(Refusal) -> [UInt8] {
            switch name {
            case "lt": return [UInt8(ascii: "<")]
            case "gt": return [UInt8(ascii: ">")]
            case "amp": return [UInt8(ascii: "&")]
            case "quot": return [UInt8(ascii: "\"")]
            case "apos": return [UInt8(ascii: "'")]
            default: break
            }
            var code: UInt32?
            if name.hasPrefix("#x") { code = UInt32(name.dropFirst(2), radix: 16) } else if name.hasPrefix("#") { code = UInt32(name.dropFirst()) }
            guard name.hasPrefix("#") else { throw .entity(name, line: line) }
            guard let code, code != 0, let scalar = Unicode.Scalar(code) else {
                throw .malformed("the character reference &\(DisplayText.escaped(name, limit: 20)); names no character", line: line)
            }
            return Array(String(Character(scalar)).utf8)
        }

        // MARK: Pieces

        private mutating func name() throws(Refusal) -> String {
            let start = index
            while index < bytes.count, !Self.isSpace(bytes[index]), !"/>=\"'<".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw .malformed("a name was expected", line: line) }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private mutating func quoted() throws(Refusal) -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw .malformed("an attribute value without quotes", line: line)
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw .malformed("a < inside an attribute value", line: line) }
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            guard index < bytes.count else { throw .malformed("the file ends inside an attribute value", line: line) }
            let value = try decoded(bytes[start..<index])
            index += 1
            return value
        }

        private func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            return text.withUTF8Buffer { prefix in
                (0..<count).allSatisfy { bytes[index + $0] == prefix[$0] }
            }
        }

        /// Moves past the next `end`, counting lines; the file ending first is malformed.
        private mutating func skip(past end: StaticString, what: String) throws(Refusal) {
            let count = end.utf8CodeUnitCount
            while index < bytes.count {
                if starts(with: end) {
                    index += count
                    return
                }
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            throw .malformed("the file ends inside a \(what)", line: line)
        }

        private mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
