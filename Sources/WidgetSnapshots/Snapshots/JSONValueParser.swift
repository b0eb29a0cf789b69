/// A strict RFC 8259 parser straight to `JSONValue`, linear in the input. `JSONValue`'s
/// `Decodable` conformance has to probe each value's type through JSONDecoder, and every
/// failed probe costs time quadratic in the depth (JSONDecoder builds the coding path for the
/// error): a 400 KB payload of numbers 30 levels deep took 35 s. Snapshot reading uses this
/// parser for `JSONValue` payloads instead (found by FuzzSnapshot; Fuzz/regressions/FuzzSnapshot).
/// It keeps the exact meaning or refuses: duplicate member names (compared by their bytes) are
/// refused, numbers keep their literal text.
struct JSONValueParser {
    struct Failure: Error, Sendable, Equatable {
        var offset: Int
        var reason: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private let maximumDepth: Int

    /// The one value `bytes` holds (whitespace around it allowed).
    static func parse(_ bytes: [UInt8], maximumDepth: Int = JSONValue.maximumDepth) throws(Failure) -> JSONValue {
        var parser = JSONValueParser(bytes: bytes, maximumDepth: maximumDepth)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected bytes after the value") }
        return value
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < maximumDepth else { throw failure("JSON nested deeper than \(maximumDepth) levels") }
            return bytes[index] == UInt8(ascii: "{") ? try object(depth: depth + 1) : try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw failure("not a JSON value")
        }
        index += expected.count
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated array") }
            defer { index += 1 }
            switch bytes[index] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return .array(items)
            default: throw failure("expected , or ] in an array")
            }
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        let start = index
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([:]) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected : after a member name") }
            index += 1
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated object") }
            defer { index += 1 }
            switch bytes[index] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"):
                do {
                    return .object(try JSONObject(members))
                } catch {
                    // Which of the two values is meant is anyone's guess: refuse, never pick one.
                    throw Failure(offset: start, reason: "duplicate member name \(quotedKey(error.key)) in the object starting here")
                }
            default: throw failure("expected , or } in an object")
            }
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: text, as: UTF8.self) else { throw failure("a string is not valid UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case 0..<0x20:
                throw failure("a control character in a string")
            default:
                text.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    private mutating func escape(into text: inout [UInt8]) throws(Failure) {
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        let simple: UInt8? = switch byte {
        case 0x22, 0x5C, 0x2F: byte           // \" \\ \/
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple { text.append(simple); return }
        guard byte == UInt8(ascii: "u") else { throw failure("an invalid escape") }
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("an unpaired surrogate escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw failure("an unpaired surrogate escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw failure("an invalid escape") }
        text.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("a short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: throw failure("a bad hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func digits() -> Int {
        let first = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index - first
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as its literal text.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { index = start; throw failure("not a JSON value") }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw failure("a number with a leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("a number with no digits after the point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("a number with no exponent digits") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = JSONNumber(text) else {
            throw failure("the number \(text.prefix(40)) has an exponent of more than \(JSONNumber.maximumExponentDigits) digits")
        }
        return .number(number)
    }

    /// A member name for a message: JSON-escaped, so control characters stay visible and the
    /// name reads back; guarded for what JSON leaves raw (C1 and bidi controls). Escaping the
    /// JSON form again would double its backslashes.
    private func quotedKey(_ key: String) -> String {
        DisplayText.guarded(String(decoding: JSONValue.string(String(key.prefix(80))).encoded, as: UTF8.self))
    }
}
