import Foundation
import Glibc

/// The app side of the shared container: commits revisions of the app's payload and its
/// thumbnail as immutable, checksummed files, then switches `current.json` to them atomically.
/// One writer at a time across processes (an OFD lock on `.lock`); readers never wait.
///
/// The store takes a prepared `Thumbnail`. Committing from an original image is the seam for
/// the pipeline: an extension (`commit(revision:payload:original:options:)`, in Pipeline/) makes
/// the `Thumbnail` first and then calls this `commit`, so every rule here applies unchanged.
public final class SnapshotStore<Payload: Codable & Sendable & Equatable>: Sendable {
    public let options: StoreOptions
    let container: ContainerDirectory
    let operations: FileSystemOperations

    /// Opens (by default creating) the container directory once; every later access is relative
    /// to that descriptor.
    public convenience init(containerAt path: String, options: StoreOptions = StoreOptions()) throws(StoreError) {
        try self.init(containerAt: path, options: options, operations: .system)
    }

    init(containerAt path: String, options: StoreOptions, operations: FileSystemOperations) throws(StoreError) {
        do {
            container = try ContainerDirectory(path: path, creation: options.creation)
        } catch {
            throw StoreError(error)
        }
        self.options = options
        self.operations = operations
    }

    var opener: ConfinedOpener { ConfinedOpener(container: container, strategy: options.resolution, operations: operations) }
    var loader: SnapshotLoader { SnapshotLoader(opener: opener, limits: options.limits) }

    /// Commits `payload` and `image` as `revision`.
    /// - lower than the committed revision: `StoreError.stale`, nothing written;
    /// - equal, same payload and image checksum: `.idempotent`, nothing written;
    /// - equal, different content: `StoreError.conflict`, nothing written;
    /// - higher: the image, then the snapshot, then the manifest, each durable before the next.
    /// Any failure throws and leaves the previous revision committed.
    @discardableResult
    public func commit(revision: UInt64, payload: Payload, image: Thumbnail?,
                       generatedAt: Date = Date()) throws(StoreError) -> CommitOutcome {
        guard revision <= LayoutPath.maximumRevision else { throw .invalidRevision(revision) }
        if let image, FormatSniffer.sniff(image.bytes) != .supported(image.format) {
            throw .invalidImage(reason: "the thumbnail's bytes are not \(image.format.rawValue)")
        }
        let lock = try ContainerLock(container: container, operations: operations, timeout: options.lockTimeout)
        defer { lock.release() }

        let reference = image.map { ImageReference(thumbnail: $0, revision: revision) }
        if let current = try committedManifest() {
            if revision < current.revision { throw .stale(current: current.revision, attempted: revision) }
            if revision == current.revision {
                try compareWithCommitted(current, payload: payload, image: reference)
                return .idempotent
            }
        }
        // A crashed commit may have left this revision's files; reuse them only if they hold
        // the same content, and never replace them.
        let existingImage = try existingImageMatches(image, revision: revision)
        let existingSnapshot = try existingSnapshotBytes(revision: revision, payload: payload, image: reference)

        var snapshotBytes: [UInt8]
        if let existingSnapshot {
            snapshotBytes = existingSnapshot
        } else {
            do {
                snapshotBytes = try SnapshotCoding.encode(revision: revision, generatedAt: generatedAt, payload: payload,
                                                          image: reference)
            } catch {
                throw .invalidPayload(reason: error.reason)
            }
        }
        do {
            if let image {
                let directory = try openDirectory(LayoutPath.imagesDirectory)
                defer { try? operations.close(directory, label: LayoutPath.imagesDirectory) }
                let path = LayoutPath.image(revision: revision, format: image.format)
                try publish(image.bytes, at: path, in: directory, reused: existingImage)
            }
            let directory = try openDirectory(LayoutPath.snapshotsDirectory)
            defer { try? operations.close(directory, label: LayoutPath.snapshotsDirectory) }
            try publish(snapshotBytes, at: .snapshot(revision: revision), in: directory, reused: existingSnapshot != nil)

            let manifest = Manifest(revision: revision, checksum: SHA256Digest.of(snapshotBytes).description)
            try FileReplacer(operations: operations).replace(Manifest.fileName, in: container.descriptor, with: manifest.encoded)
        } catch let error as SystemCallError {
            throw StoreError(error)
        } catch let error as StoreError {
            throw error
        } catch let error as ConfinementError {
            if case .io(let path, let operation, let code) = error { throw .io(operation: operation, path: path, errno: code) }
            throw .corruptContainer(reason: error.description) // e.g. `images` is a symlink
        } catch {
            throw .io(operation: "commit", path: "", errno: EIO)
        }
        return .committed
    }

    /// The committed manifest under the lock; nil when there is none.
    func committedManifest() throws(StoreError) -> Manifest? {
        do {
            return try loader.manifest()
        } catch {
            if let call = error.systemCall { throw StoreError(call) }
            throw .corruptContainer(reason: error.description)
        }
    }

    private func compareWithCommitted(_ manifest: Manifest, payload: Payload, image: ImageReference?) throws(StoreError) {
        let committed: Snapshot<Payload>
        do {
            committed = try loader.snapshot(revision: manifest.revision, checksum: manifest.checksum, as: Payload.self).0
        } catch {
            if let call = error.systemCall { throw StoreError(call) }
            throw .conflict(revision: manifest.revision, reason: "the committed snapshot cannot be compared: \(error)")
        }
        if let difference = Self.difference(committed, payload: payload, image: image) {
            throw .conflict(revision: manifest.revision, reason: "already committed with a different \(difference)")
        }
    }

    /// "payload" or "image" when `snapshot` holds other content than the commit; nil when equal.
    /// Payloads are compared by the bytes they are stored as: Swift's `==` calls keys equal
    /// under Unicode normalisation equal, which JSON does not.
    static func difference(_ snapshot: Snapshot<Payload>, payload: Payload, image: ImageReference?) -> String? {
        guard let stored = try? SnapshotCoding.payloadBytes(snapshot.payload),
              let offered = try? SnapshotCoding.payloadBytes(payload), stored == offered else { return "payload" }
        if snapshot.image?.checksum != image?.checksum || snapshot.image?.format != image?.format { return "image" }
        return nil
    }

    /// Whether `images/thumbnail-<rev>.<ext>` already holds exactly these bytes.
    private func existingImageMatches(_ image: Thumbnail?, revision: UInt64) throws(StoreError) -> Bool {
        guard let image else { return false }
        let path = LayoutPath.image(revision: revision, format: image.format)
        do {
            let bytes = try opener.readFile(path.containerPath, limit: max(options.limits.imageBytes, image.bytes.count))
            guard bytes == image.bytes else {
                throw StoreError.conflict(revision: revision, reason: "\(path) exists with different bytes")
            }
            return true
        } catch let error as StoreError {
            throw error
        } catch let error as ConfinementError {
            if case .notFound = error { return false }
            if case .io(let path, let operation, let code) = error { throw .io(operation: operation, path: path, errno: code) }
            throw .conflict(revision: revision, reason: "\(path) exists and cannot be used: \(error)")
        } catch {
            throw .conflict(revision: revision, reason: "\(path) exists and cannot be used: \(error)")
        }
    }

    /// The bytes of an uncommitted `snapshot-<rev>.json` with the same content, or nil when
    /// there is none.
    private func existingSnapshotBytes(revision: UInt64, payload: Payload, image: ImageReference?) throws(StoreError) -> [UInt8]? {
        let path = LayoutPath.snapshot(revision: revision)
        do {
            let (snapshot, bytes) = try loader.snapshot(revision: revision, checksum: nil, as: Payload.self)
            if let difference = Self.difference(snapshot, payload: payload, image: image) {
                throw StoreError.conflict(revision: revision, reason: "\(path) exists (left by an interrupted commit) with a different \(difference)")
            }
            return bytes
        } catch let error as StoreError {
            throw error
        } catch let error as ReadFailure where error.code == .snapshotMissing {
            return nil
        } catch let error as ReadFailure where error.systemCall != nil {
            throw StoreError(error.systemCall!)
        } catch {
            throw .conflict(revision: revision, reason: "\(path) exists and cannot be used: \(error)")
        }
    }

    /// `images` or `snapshots`, created (and made durable) when missing.
    private func openDirectory(_ name: String) throws -> Int32 {
        let path = try! ContainerPath(name)
        do {
            return try opener.open(path, as: .directory)
        } catch {
            guard case .notFound = error else { throw error }
        }
        do {
            try operations.makeDirectory(in: container.descriptor, name, mode: 0o755, label: name)
        } catch {
            guard error.errno == EEXIST else { throw error }
        }
        try operations.fsync(container.descriptor, label: ".")
        return try opener.open(path, as: .directory)
    }

    private func publish(_ bytes: [UInt8], at path: LayoutPath, in directory: Int32, reused: Bool) throws {
        if reused {
            // Its writer may have died before making the name durable.
            try operations.fsync(directory, label: path.directory)
            return
        }
        let publisher = ImmutableFilePublisher(operations: operations, method: options.publishing)
        let outcome = try publisher.publish(bytes, in: directory, directoryName: path.directory, as: path.fileName)
        if outcome == .nameTaken {
            // Only a writer that ignores the lock can get here: compare, never replace.
            let existing = try? opener.readFile(path.containerPath, limit: max(bytes.count, 1))
            guard existing == bytes else {
                throw StoreError.conflict(revision: path.revision, reason: "\(path) appeared with different bytes during the commit")
            }
            try operations.fsync(directory, label: path.directory)
        }
    }
}
