import Foundation

/// The `name` of a journal or manifest line, read without decoding the rest of the line: a
/// re-run indexes every recorded line at start, and decoding 200,000 whole reports there cost
/// most of its time and memory. Lines written since the index came in start with the name
/// (`{"name":"...","entry":...}`); older lines, or a name with `\u` escapes, take the slow path
/// (the whole line decoded).
package enum RecordLineName {
    private static let prefix = Array(#"{"name":""#.utf8)
    private static let entryKey = Array(#","entry":"#.utf8)

    private struct Named: Decodable { var name: String }

    /// Whether the line is in this version's form and its name is read without decoding.
    static func isReadDirectly(_ line: ArraySlice<UInt8>) -> Bool { fastPath(line) != nil }

    /// The line's name, or nil when the line does not parse (a torn last line).
    package static func of(_ line: ArraySlice<UInt8>) -> String? {
        if let name = fastPath(line) { return name }
        return try? JSONDecoder().decode(Named.self, from: Data(line)).name
    }

    /// The name's JSON string decoded in place when it uses only the short escapes, and the
    /// line goes on to the entry; nil sends the line to the slow path.
    private static func fastPath(_ line: ArraySlice<UInt8>) -> String? {
        guard line.starts(with: prefix) else { return nil }
        var bytes: [UInt8] = []
        var index = line.startIndex + prefix.count
        while index < line.endIndex {
            let byte = line[index]
            switch byte {
            case UInt8(ascii: "\""):
                let entry = line[(index + 1)...].dropFirst(entryKey.count)
                guard line[(index + 1)...].starts(with: entryKey), closesOnce(entry.dropLast()),
                      line.last == UInt8(ascii: "}") else { return nil }
                return String(validating: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < line.endIndex else { return nil }
                switch line[index] {
                case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""): bytes.append(line[index])
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                default: return nil
                }
            case 0..<0x20: return nil
            default: bytes.append(byte)
            }
            index += 1
        }
        return nil
    }

    /// Whether `text` is one JSON object whose braces close exactly at its last byte (strings
    /// skipped): a line cut short by a crash fails this even when it happens to end in `}`.
    private static func closesOnce(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "{") else { return false }
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, byte) in text.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return offset == text.count - 1 }
            default: break
            }
        }
        return false
    }
}
