#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes of `snapshots/snapshot-<rev>.json`, in the documented key order.
enum SnapshotCoding {
    static let schemaVersion = 1

    /// The payload's stored bytes: a `JSONValue` exactly as it is (its own writer), any other
    /// payload through JSONEncoder with sorted keys. Either way equal payloads give equal bytes,
    /// and the revision rules compare these bytes, never Swift's `==`.
    static func payloadBytes<Payload: Encodable>(_ payload: Payload) throws(SnapshotCodingError) -> [UInt8] {
        if let value = payload as? JSONValue { return value.encoded }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return [UInt8](try encoder.encode(payload))
        } catch {
            throw SnapshotCodingError(reason: "the payload cannot be encoded as JSON: \(summary(of: error))")
        }
    }

    static func encode<Payload: Encodable>(revision: UInt64, generatedAt: Date, payload: Payload,
                                           image: ImageReference?) throws(SnapshotCodingError) -> [UInt8] {
        let payloadBytes = try payloadBytes(payload)
        var text = "{\"schemaVersion\":\(schemaVersion),\"revision\":\(revision),"
        text += "\"generatedAt\":\"\(timestamp(generatedAt))\",\"payload\":"
        var bytes = Array(text.utf8)
        bytes += payloadBytes
        if let image { bytes += Array(",\"image\":\(image.encoded)".utf8) }
        bytes += Array("}\n".utf8)
        return bytes
    }

    private struct Document<Payload: Decodable>: Decodable {
        var schemaVersion: Int
        var revision: UInt64
        var generatedAt: String
        var payload: Payload
        var image: ImageReference?
    }

    /// Parses a snapshot and checks its schema version and that it is revision `revision`.
    static func decode<Payload: Decodable & Sendable>(_ bytes: [UInt8], as: Payload.Type,
                                                      revision: UInt64) throws(SnapshotCodingError) -> Snapshot<Payload> {
        let document: Document<Payload>
        do {
            document = Payload.self == JSONValue.self
                ? try decodeWithJSONValuePayload(bytes)
                : try JSONDecoder().decode(Document<Payload>.self, from: Data(bytes))
        } catch let error as JSONValueParser.Failure {
            throw SnapshotCodingError(reason: "not a valid snapshot: the payload at byte \(error.offset): \(error.reason)")
        } catch {
            throw SnapshotCodingError(reason: "not a valid snapshot: \(summary(of: error))")
        }
        guard document.schemaVersion == schemaVersion else {
            throw SnapshotCodingError(reason: "schema version \(document.schemaVersion); this reader knows \(schemaVersion)")
        }
        guard document.revision == revision else {
            throw SnapshotCodingError(reason: "it says revision \(document.revision), expected \(revision)")
        }
        guard let date = parseTimestamp(document.generatedAt) else {
            throw SnapshotCodingError(reason: "generatedAt \(ConfinementError.quoted(document.generatedAt)) is not an ISO 8601 time")
        }
        return Snapshot(revision: document.revision, generatedAt: date, payload: document.payload, image: document.image)
    }

    /// Stands in for the payload while JSONDecoder reads the rest of the document.
    private struct SkippedPayload: Decodable {
        init(from decoder: any Decoder) {}
    }

    /// JSONDecoder for the fields, the linear parser for the `JSONValue` payload (see
    /// JSONValueParser for why); the payload gets `JSONValue.maximumDepth` levels below the root.
    private static func decodeWithJSONValuePayload<Payload>(_ bytes: [UInt8]) throws -> Document<Payload> {
        let fields = try JSONDecoder().decode(Document<SkippedPayload>.self, from: Data(bytes))
        let root = try JSONValueParser.parse(bytes, maximumDepth: JSONValue.maximumDepth + 1)
        guard case .object(let members) = root, let payload = members["payload"] as? Payload else {
            throw JSONValueParser.Failure(offset: 0, reason: "no payload")
        }
        return Document(schemaVersion: fields.schemaVersion, revision: fields.revision,
                        generatedAt: fields.generatedAt, payload: payload, image: fields.image)
    }

    static func timestamp(_ date: Date) -> String { Timestamp.text(date) }

    static func parseTimestamp(_ text: String) -> Date? { Timestamp.date(text) }

    /// A short, single-line account of a Codable error (no huge coding paths).
    static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context),
             DecodingError.keyNotFound(_, let context),
             DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return String(describing: error)
        }
    }
}

struct SnapshotCodingError: Error, Sendable, Equatable {
    var reason: String
}
