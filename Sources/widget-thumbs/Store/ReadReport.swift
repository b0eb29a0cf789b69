import Foundation
import WidgetThumbnails

/// What `read` prints, in the shape: `state`, `revision`, `generatedAt`, `payload`,
/// `image` {relativePath, checksum, status, reason} and `reason`. Every key is always present
/// (null when it does not apply), so a program reads one shape whatever the state.
struct ReadReport: Encodable {
    struct Image: Encodable {
        var relativePath: String
        var checksum: String
        var status: String
        var reason: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(relativePath, forKey: .relativePath)
            try container.encode(checksum, forKey: .checksum)
            try container.encode(status, forKey: .status)
            try container.encode(reason, forKey: .reason)
        }

        private enum CodingKeys: String, CodingKey {
            case relativePath, checksum, status, reason
        }
    }

    var state: String
    var revision: UInt64?
    var generatedAt: String?
    var payload: JSONValue?
    var image: Image?
    var reason: String?

    init(_ state: ReadState<JSONValue>, maxAge: Duration?, now: Date) {
        switch state {
        case .content(let snapshot, let image):
            self.init(state: "content", snapshot: snapshot, image: image, reason: nil)
        case .stale(let snapshot, let image):
            let age = Int(now.timeIntervalSince(snapshot.generatedAt).rounded(.down))
            let limit = maxAge.map { "\(Self.seconds($0)) s" } ?? "the freshness limit"
            self.init(state: "stale", snapshot: snapshot, image: image,
                      reason: "generated \(age) s ago, older than \(limit)")
        case .empty:
            self.init(state: "empty", reason: "nothing has been committed yet")
        case .unavailable(let failure):
            self.init(state: "unavailable", reason: failure.description)
        }
    }

    private init(state: String, reason: String) {
        self.state = state
        self.reason = reason
    }

    private init(state: String, snapshot: Snapshot<JSONValue>, image: SnapshotImage?, reason: String?) {
        self.state = state
        revision = snapshot.revision
        generatedAt = snapshot.generatedAt.formatted(.iso8601)
        payload = snapshot.payload
        self.image = image.map {
            Image(relativePath: $0.reference.relativePath, checksum: $0.reference.checksum,
                  status: $0.status.rawValue, reason: $0.reason)
        }
        self.reason = reason
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(revision, forKey: .revision)
        try container.encode(generatedAt, forKey: .generatedAt)
        try container.encode(payload, forKey: .payload)
        try container.encode(image, forKey: .image)
        try container.encode(reason, forKey: .reason)
    }

    private enum CodingKeys: String, CodingKey {
        case state, revision, generatedAt, payload, image, reason
    }

    /// `state: content`, `revision: 5`, ... for a person.
    var lines: String {
        var pairs: [(key: String, value: String)] = [("state", state)]
        if let revision { pairs.append(("revision", String(revision))) }
        if let generatedAt { pairs.append(("generated at", generatedAt)) }
        if let payload { pairs.append(("payload", Self.compact(payload))) }
        if let image {
            var text = "\(image.relativePath) (\(image.status))"
            if let reason = image.reason { text += ": \(reason)" }
            pairs.append(("image", text))
        } else if revision != nil {
            pairs.append(("image", "none"))
        }
        if let reason { pairs.append(("reason", reason)) }
        return KeyValueLines.format(pairs)
    }

    private static func compact(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "(not encodable)"
    }

    /// `60` or `1.5`: whole seconds without a fraction.
    private static func seconds(_ duration: Duration) -> String {
        let value = duration.totalSeconds
        return value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
