/// A JSON object's members, keyed by the exact UTF-8 bytes of their names. A Swift
/// `[String: JSONValue]` would merge "é" written precomposed (NFC) and decomposed (NFD),
/// because String's `==` is canonical equivalence; to JSON they are two different keys.
/// Members are kept sorted by those bytes, so equal objects have equal members and encode to
/// equal bytes.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One key and its value, in document order.
    public struct Member: Sendable, Equatable {
        /// The member's name.
        public let key: String
        /// The member's value.
        public let value: JSONValue

        public static func == (lhs: Member, rhs: Member) -> Bool {
            lhs.key.utf8.elementsEqual(rhs.key.utf8) && lhs.value == rhs.value
        }
    }

    /// Sorted by the UTF-8 bytes of `key`; no two keys have the same bytes.
    public private(set) var members: [Member]

    /// Why a member list is not an object.
    public struct DuplicateKey: Error, Sendable, Equatable {
        /// The key that appeared twice.
        public var key: String
    }

    /// Refuses two members whose names have the same bytes: JSON leaves their meaning open.
    public init(_ pairs: [(String, JSONValue)]) throws(DuplicateKey) {
        var members = pairs.map { Member(key: $0.0, value: $0.1) }
        members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (left, right) in zip(members, members.dropFirst()) where left.key.utf8.elementsEqual(right.key.utf8) {
            throw DuplicateKey(key: left.key)
        }
        self.members = members
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        do {
            try self.init(elements)
        } catch {
            preconditionFailure("duplicate key \(error.key) in a JSONObject literal")
        }
    }

    /// The value of the member whose name has exactly these bytes.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    /// How many members.
    public var count: Int { members.count }
    /// Whether there are no members.
    public var isEmpty: Bool { members.isEmpty }

    public var description: String { String(decoding: JSONValue.object(self).encoded, as: UTF8.self) }
}
