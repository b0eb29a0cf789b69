/// A JSON number as written: its validated literal text, kept exactly. A JSON number means its
/// decimal value, so `1`, `1.0` and `10e-1` are equal; no digit is ever lost to Int64 or Double
/// (a 30-digit identifier stays 30 digits).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
                          ExpressibleByFloatLiteral {
    /// The literal, in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    public let text: String

    /// Exponents beyond this many digits cannot be compared exactly at a sane cost.
    static let maximumExponentDigits = 9

    /// Nil when `text` is not a JSON number, or its exponent has more than 9 digits.
    public init?(_ text: String) {
        guard DecimalValue(literal: Array(text.utf8)) != nil else { return nil }
        self.text = text
    }

    /// Worked out when compared rather than kept: a large payload holds many numbers, and
    /// only the idempotence check and tests ever compare them.
    private var value: DecimalValue { DecimalValue(literal: Array(text.utf8))! }

    /// A number from its JSON text; nil when `text` is not a JSON number.
    public init(_ value: Int64) {
        self.init(String(value))!
    }

    /// A finite Double, by its shortest round-trip text.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self.init(value.description)
    }

    public init(integerLiteral value: Int64) {
        self.init(value)
    }

    public init(floatLiteral value: Double) {
        self.init(value)!
    }

    /// The value when it is a whole number that fits Int64.
    public var int64Value: Int64? { value.isWhole ? Int64(value.wholeText) : nil }

    /// The value when it is a whole number from 0 that fits UInt64.
    public var uint64Value: UInt64? { value.isWhole ? UInt64(value.wholeText) : nil }

    /// The nearest Double (may lose digits; nil when out of Double's range).
    public var doubleValue: Double? { Double(text).flatMap { $0.isFinite ? $0 : nil } }

    public var description: String { text }

    /// The exact value as sign x digits x 10^exponent: the significant ASCII digits with no
    /// leading or trailing zeros (none for zero), for a reader that needs the decimal itself.
    public var decimalParts: (negative: Bool, digits: [UInt8], exponent: Int) {
        let value = value
        return (value.negative, value.digits, value.exponent)
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.value == rhs.value }

    /// Hashes the exact value, like `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// sign x digits x 10^exponent, normalised so that equal values are equal structs.
private struct DecimalValue: Hashable {
    var negative: Bool
    /// ASCII digits, no leading or trailing zeros; empty for zero.
    var digits: [UInt8]
    var exponent: Int

    init?(literal bytes: [UInt8]) {
        var index = 0
        func digitRun() -> ArraySlice<UInt8> {
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return bytes[start..<index]
        }
        negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let whole = digitRun()
        guard !whole.isEmpty, whole.count == 1 || whole.first != UInt8(ascii: "0") else { return nil }
        var fraction: ArraySlice<UInt8> = []
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digitRun()
            guard !fraction.isEmpty else { return nil }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let run = digitRun()
            guard !run.isEmpty else { return nil }
            let significant = run.drop { $0 == UInt8(ascii: "0") }
            guard significant.count <= JSONNumber.maximumExponentDigits else { return nil }
            exponent = significant.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        var all = Array(whole) + Array(fraction)
        exponent -= fraction.count
        let leading = all.prefix { $0 == UInt8(ascii: "0") }.count
        all.removeFirst(leading)
        while let last = all.last, last == UInt8(ascii: "0") {
            all.removeLast()
            exponent += 1
        }
        if all.isEmpty {
            negative = false // -0 and 0 are the same value
            exponent = 0
        }
        digits = all
        self.exponent = exponent
    }

    /// A whole number of at most 20 digits (wider ones fit no machine integer).
    var isWhole: Bool { exponent >= 0 && digits.count + exponent <= 20 }

    /// The whole number's decimal text (only when `isWhole`).
    var wholeText: String {
        let body = digits.isEmpty ? "0" : String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: exponent)
        return negative ? "-" + body : body
    }
}
