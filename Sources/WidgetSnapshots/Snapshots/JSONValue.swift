#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value: the payload type for tools that read a container without knowing the app's
/// payload (the CLI, `verify`). It keeps a payload's exact meaning: numbers keep their literal
/// digits (`JSONNumber`), object keys stay distinct by their UTF-8 bytes (`JSONObject`).
/// `JSONValue(parsing:)` and `encoded` are exact; the `Codable` conformance goes through
/// Foundation, which cannot be (it merges keys equal under Unicode normalisation and reads
/// numbers as Int64 or Double), so the store never uses it for a `JSONValue` payload.
public enum JSONValue: Sendable, Equatable, Codable, CustomStringConvertible {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its exact text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, in document order, without duplicate keys.
    case object(JSONObject)

    /// Most arrays and objects nested in one another; deeper input is corrupt.
    public static let maximumDepth = 64

    /// A whole number.
    public static func integer(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }

    /// Parses one JSON value strictly (RFC 8259, linear time): refuses duplicate keys, trailing
    /// commas, invalid UTF-8 and nesting deeper than `maximumDepth`.
    /// The same from `Data`.
    public init(parsing data: Data) throws(JSONParseError) {
        try self.init(parsing: [UInt8](data))
    }

    /// Parses one JSON document strictly (no duplicate keys, at most `maximumDepth` levels).
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        do {
            self = try JSONValueParser.parse(bytes)
        } catch {
            throw JSONParseError(offset: error.offset, reason: error.reason)
        }
    }

    /// Compact UTF-8 JSON text with members in key-byte order: equal values give equal bytes,
    /// and parsing the bytes gives this value back.
    public var encoded: [UInt8] {
        var writer = JSONValueWriter()
        writer.write(self)
        return writer.bytes
    }

    public var description: String { String(decoding: encoded, as: UTF8.self) }

    /// Arrays and objects are tried first and nesting is capped: with JSONDecoder every failed
    /// type probe costs time quadratic in the depth (it builds the coding path), so the old
    /// scalars-first order made a 1 KB snapshot of 500 nested arrays take 15 s (found by
    /// FuzzSnapshot; Fuzz/regressions/FuzzSnapshot/deep-*). Snapshot reading does not come
    /// here at all: it parses `JSONValue` payloads with the linear `JSONValueParser`.
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            try Self.checkDepth(decoder)
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let members = try? decoder.container(keyedBy: MemberKey.self) {
            try Self.checkDepth(decoder)
            var pairs: [(String, JSONValue)] = []
            for key in members.allKeys { pairs.append((key.stringValue, try members.decode(JSONValue.self, forKey: key))) }
            self = .object(try JSONObject(pairs))
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self), let number = JSONNumber(value) { self = .number(number) }
        else { self = .string(try container.decode(String.self)) }
    }

    private static func checkDepth(_ decoder: any Decoder) throws {
        guard decoder.codingPath.count < maximumDepth else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "JSON nested deeper than \(maximumDepth) levels"))
        }
    }

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Through an `Encoder` a number that fits neither Int64 nor Double cannot be written
    /// exactly, so it is refused rather than rounded.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let whole = number.int64Value {
                try container.encode(whole)
            } else if let double = number.doubleValue, JSONNumber(double) == number {
                try container.encode(double)
            } else {
                throw EncodingError.invalidValue(number.text, EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "\(number) cannot be encoded exactly; use JSONValue.encoded"))
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let object):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in object.members { try container.encode(member.value, forKey: MemberKey(stringValue: member.key)) }
        }
    }
}

/// Why `JSONValue(parsing:)` refused its input: where, and what was wrong.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset where the problem was found.
    public var offset: Int
    /// Why the text is not accepted.
    public var reason: String

    public var description: String { "at byte \(offset): \(reason)" }
}
