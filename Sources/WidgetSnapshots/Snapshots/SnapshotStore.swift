#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WidgetSnapshotsPlatform

/// The app side of the shared container: commits revisions of the app's payload and its
/// thumbnail as immutable, checksummed files, then switches `current.json` to them atomically.
/// One writer at a time across processes (an OFD lock on `.lock`); readers never wait.
///
/// The store takes a prepared `StoredImage` (encoded bytes, format, pixel size) and never
/// decodes. Committing from an original image is `WidgetThumbnails`' bridge
/// (`commit(revision:payload:originalAtPath:options:)`): it makes the thumbnail first and then
/// calls this `commit`, so every rule here applies unchanged.
public final class SnapshotStore<Payload: Codable & Sendable & Equatable>: Sendable {
    /// The options the store was opened with.
    public let options: StoreOptions
    let container: ContainerDirectory
    let operations: FileSystemOperations

    /// Opens (by default creating) the container directory once; every later access is relative
    /// to that descriptor.
    public convenience init(containerAt path: String, options: StoreOptions = StoreOptions()) throws(StoreError) {
        try self.init(containerAt: path, options: options, operations: .system)
    }

    /// The container at a file URL, such as
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` returns; any other URL
    /// throws `.noSuchContainer`.
    public convenience init(containerAt url: URL, options: StoreOptions = StoreOptions()) throws(StoreError) {
        guard url.isFileURL else { throw .noSuchContainer(path: url.absoluteString) }
        try self.init(containerAt: url.path(percentEncoded: false), options: options, operations: .system)
    }

    init(containerAt path: String, options: StoreOptions, operations: FileSystemOperations) throws(StoreError) {
        do {
            container = try ContainerDirectory(path: path, creation: options.creation)
        } catch where error.errno == ENOENT {
            throw .noSuchContainer(path: path)
        } catch {
            throw StoreError(error)
        }
        self.options = options
        self.operations = operations
    }

    var opener: ConfinedOpener { ConfinedOpener(container: container, strategy: options.effectiveResolution, operations: operations) }
    var loader: SnapshotLoader { SnapshotLoader(opener: opener, limits: options.limits) }

    /// Commits `payload` and `image` as `revision`.
    /// - lower than the committed revision: `StoreError.stale`, nothing written;
    /// - equal, same stored payload bytes and image checksum: `.idempotent`, nothing written;
    /// - equal, different content: `StoreError.conflict`, nothing written;
    /// - higher: the image, then the snapshot, then the manifest, each durable before the next.
    ///   An interrupted attempt's snapshot of this revision is replaced (its image is kept when
    ///   it holds the same bytes): no manifest names either.
    /// No manifest while `snapshots/` holds snapshots: `StoreError.manifestMissing`, nothing
    /// written. Any failure throws and leaves the previous revision committed.
    @discardableResult
    public func commit(revision: UInt64, payload: Payload, image: StoredImage?,
                       generatedAt: Date = Date()) throws(StoreError) -> CommitOutcome {
        guard revision <= LayoutPath.maximumRevision else { throw .invalidRevision(revision) }
        if let image {
            guard image.sniffedFormat == image.format else {
                throw .invalidImage(reason: "the image's bytes are not \(image.format.rawValue)")
            }
        }
        let lock = try ContainerLock(container: container, operations: operations, paths: options.fileSystem,
                                     timeout: options.lockTimeout)
        defer { lock.release() }

        try refuseRedirectedDirectories()
        let reference = image.map { ImageReference(image: $0, revision: revision) }
        if let current = try committedManifest() {
            if revision < current.revision { throw .stale(current: current.revision, attempted: revision) }
            if revision == current.revision {
                try compareWithCommitted(current, payload: payload, image: reference)
                return .idempotent
            }
        } else {
            try refuseIfManifestLost()
        }
        let snapshotBytes: [UInt8]
        do {
            snapshotBytes = try SnapshotCoding.encode(revision: revision, generatedAt: generatedAt, payload: payload,
                                                      image: reference)
        } catch {
            throw .invalidPayload(reason: error.reason)
        }
        // The revision is above the committed one, so no manifest names its files: a failed
        // attempt's snapshot goes (its generatedAt belongs to that attempt, and a retry would
        // read as stale); its image stays only when it holds these very bytes.
        try discardUncommittedSnapshot(revision: revision)
        let existingImage = try uncommittedImageMatches(image, revision: revision)

        do {
            if let image {
                let directory = try openDirectory(LayoutPath.imagesDirectory)
                defer { try? operations.close(directory, label: LayoutPath.imagesDirectory) }
                let path = LayoutPath.image(revision: revision, format: image.format)
                try publish(image.bytes, at: path, in: directory, reused: existingImage)
            }
            let directory = try openDirectory(LayoutPath.snapshotsDirectory)
            defer { try? operations.close(directory, label: LayoutPath.snapshotsDirectory) }
            try publish(snapshotBytes, at: .snapshot(revision: revision), in: directory, reused: false)

            let manifest = Manifest(revision: revision, checksum: SHA256Digest.of(snapshotBytes))
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

    /// Whether `images/thumbnail-<rev>.<ext>`, left by an interrupted commit, holds exactly
    /// these bytes; one with other bytes is removed (no manifest names it).
    private func uncommittedImageMatches(_ image: StoredImage?, revision: UInt64) throws(StoreError) -> Bool {
        guard let image else { return false }
        let path = LayoutPath.image(revision: revision, format: image.format)
        do {
            let bytes = try opener.readFile(path.containerPath, limit: max(options.limits.imageBytes, image.bytes.count))
            if bytes == image.bytes { return true }
        } catch {
            switch error {
            case .notFound: return false
            case .io(let path, let operation, let code): throw .io(operation: operation, path: path, errno: code)
            default: break // not a regular file, hard-linked, too large: not ours to keep either
            }
        }
        try removeUncommitted(path)
        return false
    }

    /// Removes `snapshots/snapshot-<rev>.json` if an interrupted commit left it.
    private func discardUncommittedSnapshot(revision: UInt64) throws(StoreError) {
        try removeUncommitted(.snapshot(revision: revision))
    }

    private func removeUncommitted(_ path: LayoutPath) throws(StoreError) {
        let directory: Int32
        do {
            directory = try opener.open(try! ContainerPath(path.directory), as: .directory)
        } catch {
            switch error {
            case .notFound: return
            case .io(let path, let operation, let code): throw .io(operation: operation, path: path, errno: code)
            default: throw .corruptContainer(reason: error.description)
            }
        }
        defer { try? operations.close(directory, label: path.directory) }
        do {
            try operations.unlink(in: directory, path.fileName, label: path.description)
        } catch {
            if error.errno == ENOENT { return }
            throw StoreError(error)
        }
        do {
            try operations.fsync(directory, label: path.directory)
        } catch {
            throw StoreError(error)
        }
    }

    /// `images` and `snapshots` must be real directories of this container: a symlink (or
    /// anything else) there is damage to report, not a file to compare.
    func refuseRedirectedDirectories() throws(StoreError) {
        for name in [LayoutPath.imagesDirectory, LayoutPath.snapshotsDirectory] {
            let info: stat
            do {
                info = try operations.status(in: container.descriptor, name, label: name)
            } catch where error.errno == ENOENT {
                continue
            } catch {
                throw StoreError(error)
            }
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFDIR else {
                throw .corruptContainer(reason: "\(name)/ is \(FileKind.name(of: kind)), not a directory; the store refuses to follow or replace it")
            }
        }
    }

    /// With no manifest, snapshots on disk mean a lost manifest, not an empty container.
    func refuseIfManifestLost() throws(StoreError) {
        let revisions = try snapshotRevisions()
        if let newest = revisions.max() {
            throw .manifestMissing(snapshotCount: revisions.count, newestRevision: newest)
        }
    }

    /// The revisions of the layout's snapshot names in `snapshots/`.
    func snapshotRevisions() throws(StoreError) -> [UInt64] {
        do {
            return try loader.snapshotRevisions()
        } catch {
            if case .io(let path, let operation, let code) = error { throw .io(operation: operation, path: path, errno: code) }
            throw .corruptContainer(reason: error.description)
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
        let publisher = ImmutableFilePublisher(operations: operations, method: options.effectivePublishing)
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
