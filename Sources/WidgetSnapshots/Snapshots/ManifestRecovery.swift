/// What `recoverManifest()` found and did.
public enum ManifestRecovery: Sendable, Equatable {
    /// `current.json` is readable and names `revision`; nothing was written.
    case intact(revision: UInt64)
    /// No manifest and no snapshot: an empty container; nothing was written.
    case empty
    /// `current.json` now names `revision`, the newest complete revision; `skipped` lists the
    /// newer ones that were not complete, newest first.
    case recovered(revision: UInt64, skipped: [SkippedRevision])

    public struct SkippedRevision: Sendable, Equatable {
        public var revision: UInt64
        public var reason: String
    }
}
