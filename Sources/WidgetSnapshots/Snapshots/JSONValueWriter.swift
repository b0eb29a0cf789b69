/// Writes a `JSONValue` as compact JSON, byte for byte: strings as their own UTF-8 (only `"`,
/// `\` and control characters escaped, as RFC 8259 requires), numbers as their literal text,
/// members in the order `JSONObject` keeps them. JSONEncoder cannot do this: it would merge
/// keys equal under Unicode normalisation and round numbers.
struct JSONValueWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(number.text)
        case .string(let text): write(string: text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                append("\\u00" + (hex.count == 1 ? "0" + hex : hex))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
