/// Any JSON value: the payload type for tools that read a container without knowing the
/// app's payload (the CLI, `verify`). Integers stay exact; key order is not kept.
public enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Most arrays and objects nested in one another; deeper input is corrupt.
    public static let maximumDepth = 64

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
            var object: [String: JSONValue] = [:]
            for key in members.allKeys { object[key.stringValue] = try members.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
