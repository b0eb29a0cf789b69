#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reading steps shared by the reader, the writer's revision check and `verify`: confined
/// opens, size caps, grammar and checksum checks, in that order.
struct SnapshotLoader: Sendable {
    let opener: ConfinedOpener
    let limits: ReadLimits

    /// The manifest, or nil when there is none.
    func manifest() throws(ReadFailure) -> Manifest? {
        let bytes: [UInt8]
        do {
            bytes = try opener.readFile(try! ContainerPath(Manifest.fileName), limit: limits.manifestBytes)
        } catch {
            switch error {
            case .notFound: return nil
            case .io: throw ReadFailure(unreadable: error)
            default: throw ReadFailure(.manifestRejected, error.description)
            }
        }
        do {
            return try Manifest.decode(bytes)
        } catch {
            switch error {
            case .corrupt(let reason): throw ReadFailure(.manifestCorrupt, reason)
            case .rejected(let reason): throw ReadFailure(.manifestRejected, reason)
            }
        }
    }

    /// Snapshot `revision`, checked against `checksum` when a manifest binds it. Also returns
    /// the exact bytes that were checked.
    func snapshot<Payload: Decodable & Sendable>(revision: UInt64, checksum: SHA256Digest?,
                                                 as type: Payload.Type) throws(ReadFailure) -> (Snapshot<Payload>, [UInt8]) {
        let path = LayoutPath.snapshot(revision: revision)
        let bytes: [UInt8]
        do {
            bytes = try opener.readFile(path.containerPath, limit: limits.snapshotBytes)
        } catch {
            switch error {
            case .notFound: throw ReadFailure(.snapshotMissing, error.description)
            case .io: throw ReadFailure(unreadable: error)
            default: throw ReadFailure(.snapshotRejected, error.description)
            }
        }
        if let checksum, SHA256Digest.of(bytes) != checksum {
            throw ReadFailure(.snapshotChecksumMismatch, "\(path): checksum mismatch: the manifest says \(checksum), the file is \(SHA256Digest.of(bytes))")
        }
        do {
            return (try SnapshotCoding.decode(bytes, as: type, revision: revision), bytes)
        } catch {
            throw ReadFailure(.snapshotCorrupt, "\(path): \(error.reason)")
        }
    }

    /// Why `revision` is not complete, or nil when it is: its snapshot parses as `Payload`
    /// (and hashes to `checksum` when a manifest binds it), and its image, if it names one, is
    /// present with the snapshot's size, checksum and format. An I/O error is thrown, not
    /// called incomplete: the files may be fine. Also returns the snapshot's checked bytes.
    func incompleteness<Payload: Decodable & Sendable>(of revision: UInt64, checksum: SHA256Digest?,
                                                        as type: Payload.Type) throws(SystemCallError) -> (reason: String?, bytes: [UInt8]) {
        let snapshot: Snapshot<Payload>
        let bytes: [UInt8]
        do {
            (snapshot, bytes) = try self.snapshot(revision: revision, checksum: checksum, as: type)
        } catch {
            if let call = error.systemCall { throw call }
            return (error.description, [])
        }
        guard let reference = snapshot.image else { return (nil, bytes) }
        let image = image(reference, revision: revision)
        guard image.status == .ok else { return ("its image is \(image.status): \(image.reason ?? "")", bytes) }
        return (nil, bytes)
    }

    /// The revisions of the layout's snapshot names in `snapshots/`; none without the directory.
    func snapshotRevisions() throws(ConfinementError) -> [UInt64] {
        let name = LayoutPath.snapshotsDirectory
        let directory: Int32
        do {
            directory = try opener.open(try! ContainerPath(name), as: .directory)
        } catch {
            if case .notFound = error { return [] }
            throw error
        }
        defer { try? opener.operations.close(directory, label: name) }
        do {
            return try opener.operations.listDirectory(directory, label: name).compactMap { LayoutPath.entry($0, in: name)?.revision }
        } catch {
            throw .io(name, operation: error.operation.rawValue, errno: error.errno)
        }
    }

    /// The image `reference` names, with its status; never throws.
    func image(_ reference: ImageReference, revision: UInt64) -> SnapshotImage {
        func refuse(_ status: SnapshotImage.Status, _ reason: String) -> SnapshotImage {
            SnapshotImage(reference: reference, status: status, data: nil, reason: reason)
        }
        let path: LayoutPath
        do {
            path = try reference.layoutPath(revision: revision)
        } catch {
            return refuse(.rejected, error.description)
        }
        if case .unrecognized(let text) = reference.checksum {
            return refuse(.corrupt, "\(path): the snapshot's checksum \(ConfinementError.quoted(text)) is malformed")
        }
        // Read straight into the `Data` the widget gets (UIImage(data:)): one buffer, never a copy.
        let bytes: Data
        do {
            bytes = try opener.readFile(path.containerPath, limit: limits.imageBytes, as: Data.self)
        } catch {
            if case .notFound = error { return refuse(.missing, error.description) }
            return refuse(.rejected, error.description)
        }
        guard bytes.count == reference.byteCount else {
            return refuse(.corrupt, "\(path): \(bytes.count) bytes, the snapshot says \(reference.byteCount)")
        }
        guard reference.checksum.matches(bytes) else {
            return refuse(.corrupt, "\(path): checksum mismatch: the snapshot says \(reference.checksum), the file is \(SHA256Digest.of(bytes))")
        }
        guard StoredFormat(magicBytesOf: bytes) == reference.format else {
            return refuse(.corrupt, "\(path): the bytes are not \(reference.format.rawValue)")
        }
        return SnapshotImage(reference: reference, status: .ok, data: bytes, reason: nil)
    }
}
