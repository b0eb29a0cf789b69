import Foundation

/// `current.json`: the single source of truth, naming the current snapshot by layout path and
/// checksum. Written by hand so its bytes keep the documented key order.
struct Manifest: Sendable, Equatable {
    static let schemaVersion = 1
    static let fileName = "current.json"

    var revision: UInt64
    var checksum: String

    var snapshot: LayoutPath { .snapshot(revision: revision) }

    var encoded: [UInt8] {
        let text = "{\"schemaVersion\":\(Self.schemaVersion),\"revision\":\(revision),\"snapshot\":\"\(snapshot)\",\"checksum\":\"\(checksum)\"}\n"
        return Array(text.utf8)
    }

    private struct Document: Decodable {
        var schemaVersion: Int
        var revision: UInt64
        var snapshot: String
        var checksum: String
    }

    /// Parses and checks a manifest: schema version, a snapshot path in the grammar whose
    /// revision is the manifest's, a well-formed checksum.
    static func decode(_ bytes: [UInt8]) throws(ManifestError) -> Manifest {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch {
            throw .corrupt("current.json is not a valid manifest: \(SnapshotCoding.summary(of: error))")
        }
        guard document.schemaVersion == schemaVersion else {
            throw .corrupt("current.json has schema version \(document.schemaVersion); this reader knows \(schemaVersion)")
        }
        let path: LayoutPath
        do {
            path = try LayoutPath(parsing: document.snapshot)
        } catch {
            throw .rejected("current.json names \(error)")
        }
        guard case .snapshot(let revision) = path, revision == document.revision else {
            throw .rejected("current.json names \(ConfinementError.quoted(document.snapshot)), not snapshots/snapshot-\(document.revision).json")
        }
        guard ChecksumText.isWellFormed(document.checksum) else {
            throw .corrupt("current.json has a malformed checksum \(ConfinementError.quoted(document.checksum))")
        }
        return Manifest(revision: document.revision, checksum: document.checksum)
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
