/// `current.json`: the single source of truth, naming the current snapshot by layout path and
/// checksum. Written by hand so its bytes keep the documented key order.
struct Manifest: Sendable, Equatable {
    static let schemaVersion = 1
    static let fileName = "current.json"

    var revision: UInt64
    var checksum: SHA256Digest

    var snapshot: LayoutPath { .snapshot(revision: revision) }

    /// What a lost manifest is, in the words the reader, `verify` and the writer's errors share:
    /// `current.json is missing but snapshots/ holds 2 snapshots (the newest is revision 3)`.
    static func lost(snapshotCount count: Int, newestRevision newest: UInt64) -> String {
        "\(fileName) is missing but \(LayoutPath.snapshotsDirectory)/ holds \(count) snapshot\(count == 1 ? "" : "s") "
            + "(the newest is revision \(newest))"
    }

    /// The repair, as the reader and `verify` state it after a damaged manifest.
    static let recoverHint = "recover re-points current.json at the newest complete revision"

    /// A lost manifest as the reader and `verify` report it: what is missing, that the
    /// container is damaged rather than empty, and the repair.
    static func lostDamage(snapshotCount count: Int, newestRevision newest: UInt64) -> String {
        "\(lost(snapshotCount: count, newestRevision: newest)): the container is damaged, not empty; \(recoverHint)"
    }

    var encoded: [UInt8] {
        let text = "{\"schemaVersion\":\(Self.schemaVersion),\"revision\":\(revision),\"snapshot\":\"\(snapshot)\",\"checksum\":\"\(checksum)\"}\n"
        return Array(text.utf8)
    }

    /// Parses and checks a manifest strictly (no duplicate keys): schema version, a revision
    /// from 0 to `LayoutPath.maximumRevision`, a snapshot path in the grammar whose revision is
    /// the manifest's, a well-formed checksum. Each field gets its own reason.
    static func decode(_ bytes: [UInt8]) throws(ManifestError) -> Manifest {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: bytes)
        } catch {
            throw .corrupt("current.json is not valid JSON: \(error)")
        }
        guard case .object(let document) = root else { throw .corrupt("current.json is not a JSON object") }
        func field(_ name: String) throws(ManifestError) -> JSONValue {
            guard let value = document[name] else { throw .corrupt("current.json has no \(name)") }
            return value
        }
        guard case .number(let schema) = try field("schemaVersion") else {
            throw .corrupt("current.json's schemaVersion is not a number")
        }
        guard schema.int64Value == Int64(schemaVersion) else {
            throw .corrupt("current.json has schema version \(ConfinementError.quoted(schema.text)); this reader knows \(schemaVersion)")
        }
        guard case .number(let number) = try field("revision"), let revision = number.uint64Value,
              revision <= LayoutPath.maximumRevision else {
            let shown = (try? field("revision")).map { ConfinementError.quoted($0.description) } ?? ""
            throw .corrupt("current.json's revision \(shown) is out of range: it must be a whole number from 0 to \(LayoutPath.maximumRevision)")
        }
        guard case .string(let snapshot) = try field("snapshot") else { throw .corrupt("current.json's snapshot is not a string") }
        guard case .string(let checksum) = try field("checksum") else { throw .corrupt("current.json's checksum is not a string") }
        let path: LayoutPath
        do {
            path = try LayoutPath(parsing: snapshot)
        } catch {
            throw .rejected("current.json names \(error)")
        }
        guard case .snapshot(let pathRevision) = path, pathRevision == revision else {
            throw .rejected("current.json names \(ConfinementError.quoted(snapshot)), not snapshots/snapshot-\(revision).json")
        }
        guard let digest = SHA256Digest(text: checksum) else {
            throw .corrupt("current.json has a malformed checksum \(ConfinementError.quoted(checksum))")
        }
        return Manifest(revision: revision, checksum: digest)
    }
}

enum ManifestError: Error, Sendable, Equatable {
    /// Not JSON, wrong shape or schema, malformed checksum.
    case corrupt(String)
    /// Names a path outside the grammar or of another revision.
    case rejected(String)

    var message: String {
        switch self {
        case .corrupt(let text), .rejected(let text): text
        }
    }
}
