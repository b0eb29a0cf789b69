import WidgetSnapshotsPlatform

/// Why a commit (or gc) did not happen. Every case leaves the previously committed revision
/// readable. The descriptions of `stale` and `conflict` contain those words, which the CLI
/// and its callers rely on. Every text from outside in a description (a path, a name read
/// from the container) is escaped there (`DisplayText.escaped`), once, so a description prints
/// as one safe line as it is: never escape it again (widget-thumbs guards it with the package's
/// `DisplayText.guarded`, which leaves those escapes as they are).
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The revision is lower than the committed one; nothing was written.
    case stale(current: UInt64, attempted: UInt64)
    /// The revision is taken with different content (committed, or left by an interrupted
    /// commit); nothing was replaced.
    case conflict(revision: UInt64, reason: String)
    /// A system call failed; `path` is relative to the container.
    case io(operation: String, path: String, errno: Int32)
    /// Another writer held `.lock` for longer than the configured timeout.
    case lockTimeout(waited: Duration)
    /// Above `LayoutPath.maximumRevision`, which file names cannot carry.
    case invalidRevision(UInt64)
    /// The committed manifest cannot be read, so the current revision is unknown; a commit
    /// refuses rather than guess. Also: gc refuses a manifest whose snapshot or image is not
    /// complete, and recovery finds no complete revision. `verify` says more.
    case corruptContainer(reason: String)
    /// `current.json` is gone while `snapshots/` holds snapshots: the container is damaged, not
    /// empty. Commit and gc refuse (gc would delete every revision); `recoverManifest()`
    /// re-points the manifest at the newest complete revision.
    case manifestMissing(snapshotCount: Int, newestRevision: UInt64)
    /// The container directory does not exist (and the caller did not ask to create it).
    case noSuchContainer(path: String)
    /// The payload could not be encoded as JSON.
    case invalidPayload(reason: String)
    /// The image's bytes are not of its declared format, or the format is not one a container stores.
    case invalidImage(reason: String)

    init(_ error: SystemCallError) {
        self = .io(operation: error.operation.rawValue, path: error.path, errno: error.errno)
    }

    public var description: String {
        switch self {
        case .stale(let current, let attempted):
            "stale: revision \(attempted) is older than the committed revision \(current)"
        case .conflict(let revision, let reason):
            "conflict: revision \(revision): \(reason)"
        case .io(let operation, let path, let code):
            "I/O error: \(operation) \(DisplayText.escaped(path)): \(SystemCallError.text(code))"
        case .lockTimeout(let waited):
            "lock timeout: another writer held the container's lock for \(waited)"
        case .invalidRevision(let revision):
            "invalid revision \(revision): the largest is \(LayoutPath.maximumRevision)"
        case .corruptContainer(let reason):
            "corrupt container: \(reason)"
        case .manifestMissing(let count, let newest):
            "corrupt container: \(Manifest.lost(snapshotCount: count, newestRevision: newest)); nothing was changed: "
                + Manifest.recoverHint
        case .noSuchContainer(let path):
            "no such container: \(DisplayText.escaped(path))"
        case .invalidPayload(let reason):
            "invalid payload: \(reason)"
        case .invalidImage(let reason):
            "invalid image: \(reason)"
        }
    }
}

/// What a successful commit did.
public enum CommitOutcome: Sendable, Equatable {
    /// A new revision is committed and durable.
    case committed
    /// The same revision with the same content was already committed; nothing was written.
    case idempotent
}
