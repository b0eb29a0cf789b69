/// What `recoverManifest()` found and did.
public enum ManifestRecovery: Sendable, Equatable {
    /// `current.json` is readable and names `revision`; nothing was written.
    case intact(revision: UInt64)
    /// No manifest and no snapshot: an empty container; nothing was written.
    case empty
    /// `current.json` now names `revision`, the newest complete revision; `skipped` lists the
    /// newer ones that were not complete, newest first.
    case recovered(revision: UInt64, skipped: [SkippedRevision])

    /// A revision newer than the recovered one that was not complete.
    public struct SkippedRevision: Sendable, Equatable {
        /// Its revision.
        public var revision: UInt64
        /// What was missing or wrong.
        public var reason: String
    }
}
