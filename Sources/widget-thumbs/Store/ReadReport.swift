import Foundation
import WidgetThumbnails

/// What `read` prints, in the shape the README's `read --json` shows: `state`, `revision`, `generatedAt`, `payload`,
/// `image` {relativePath, checksum, status, reason} and `reason`. Every key is always present
/// (null when it does not apply), so a program reads one shape whatever the state.
///
/// The payload is printed as its stored bytes (compact, exactly its meaning): pretty-printing
/// a deeply nested 1 MiB payload gave 68 MB of indentation.
struct ReadReport {
    struct Image {
        var relativePath: String
        var checksum: String
        var status: String
        var reason: String?
    }

    /// Human output shows at most this many characters of the payload, then its size.
    static let payloadPreviewCharacters = 160

    var state: String
    var revision: UInt64?
    var generatedAt: String?
    /// Seconds since generatedAt, at the read.
    var ageSeconds: Double?
    /// When the state turns stale, then expired (ISO 8601).
    var nextChange: String?
    /// `JSONValue.encoded` of the snapshot's payload.
    var payload: [UInt8]?
    var image: Image?
    var reason: String?

    init(_ reading: SnapshotReading<JSONValue>, freshness: Freshness) {
        let age = Int((reading.age?.totalSeconds ?? 0).rounded(.down))
        switch reading.state {
        case .content(let snapshot, let image):
            self.init(state: "content", snapshot: snapshot, image: image, reason: nil)
        case .stale(let snapshot, let image):
            let limit = freshness.staleAfter.map { "\(Self.seconds($0)) s" } ?? "the freshness limit"
            self.init(state: "stale", snapshot: snapshot, image: image,
                      reason: "generated \(age) s ago, at least \(limit)")
        case .expired(let snapshot, let image):
            let limit = freshness.expiredAfter.map { "\(Self.seconds($0)) s" } ?? "the expiry limit"
            self.init(state: "expired", snapshot: snapshot, image: image,
                      reason: "generated \(age) s ago, at least \(limit)")
        case .empty:
            self.init(state: "empty", reason: "nothing has been committed yet")
        case .unavailable(let failure):
            self.init(state: "unavailable", reason: failure.description)
        }
        ageSeconds = reading.age.map { ($0.totalSeconds * 1000).rounded() / 1000 }
        nextChange = reading.nextChange.map { $0.formatted(.iso8601) }
    }

    private init(state: String, reason: String) {
        self.state = state
        self.reason = reason
    }

    private init(state: String, snapshot: Snapshot<JSONValue>, image: SnapshotImage?, reason: String?) {
        self.state = state
        revision = snapshot.revision
        generatedAt = snapshot.generatedAt.formatted(.iso8601)
        payload = snapshot.payload.encoded
        self.image = image.map {
            Image(relativePath: $0.reference.relativePath, checksum: $0.reference.checksum.description,
                  status: $0.status.rawValue, reason: $0.reason)
        }
        self.reason = reason
    }

    /// One JSON document: the keys sorted and one to a line (as every `--json`), each value
    /// compact, the payload exactly as stored (what a terminal acts on in it is escaped where
    /// it is printed: `Console.write(json:to:)`).
    var json: String {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let imageValue: JSONValue = image.map {
            .object(["relativePath": .string($0.relativePath), "checksum": .string($0.checksum),
                     "status": .string($0.status), "reason": text($0.reason)])
        } ?? .null
        let revisionValue: JSONValue = revision.map { .number(JSONNumber(String($0))!) } ?? .null
        let ageValue: JSONValue = ageSeconds.flatMap { JSONNumber(String($0)) }.map(JSONValue.number) ?? .null
        let fields: [(String, [UInt8])] = [
            ("ageSeconds", ageValue.encoded),
            ("generatedAt", text(generatedAt).encoded),
            ("image", imageValue.encoded),
            ("nextChange", text(nextChange).encoded),
            ("payload", payload ?? JSONValue.null.encoded),
            ("reason", text(reason).encoded),
            ("revision", revisionValue.encoded),
            ("state", JSONValue.string(state).encoded),
        ]
        var bytes = Array("{\n".utf8)
        for (index, (key, value)) in fields.enumerated() {
            bytes += Array("  \"\(key)\" : ".utf8) + value
            bytes += Array((index == fields.count - 1 ? "\n" : ",\n").utf8)
        }
        bytes += Array("}".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `state: content`, `revision: 5`, ... for a person, container text escaped.
    var lines: String {
        var pairs: [(key: String, value: String)] = [("state", state)]
        if let revision { pairs.append(("revision", String(revision))) }
        if let generatedAt { pairs.append(("generated at", generatedAt)) }
        if let nextChange { pairs.append(("next change", nextChange)) }
        if let payload { pairs.append(("payload", Self.preview(payload))) }
        if let image {
            var text = "\(StoreText.shown(image.relativePath)) (\(image.status))"
            if let reason = image.reason { text += ": \(StoreText.described(reason))" }
            pairs.append(("image", text))
        } else if revision != nil {
            pairs.append(("image", "none"))
        }
        if let reason { pairs.append(("reason", StoreText.described(reason))) }
        return KeyValueLines.format(pairs)
    }

    /// The payload, or its first characters and its size when it is long.
    private static func preview(_ payload: [UInt8]) -> String {
        let head = String(decoding: payload.prefix(payloadPreviewCharacters * 4), as: UTF8.self)
        if head.utf8.count == payload.count && head.count <= payloadPreviewCharacters { return StoreText.shown(head) }
        let shown = StoreText.shown(String(head.prefix(payloadPreviewCharacters)))
        return "\(shown)... (\(payload.count) bytes in all; read --json prints it whole)"
    }

    /// `60` or `1.5`: whole seconds without a fraction.
    private static func seconds(_ duration: Duration) -> String {
        let value = duration.totalSeconds
        return value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
