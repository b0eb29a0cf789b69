/// What `recoverManifest()` found and did.
public enum ManifestRecovery: Sendable, Equatable {
    /// `current.json` names `revision`, whose snapshot and image are complete; nothing was
    /// written.
    case intact(revision: UInt64)
    /// No manifest and no snapshot: an empty container; nothing was written.
    case empty
    /// `current.json` now names `revision`, the newest complete revision; `skipped` lists the
    /// newer ones that were not complete, newest first (first the damaged revision the old
    /// manifest named, when it was valid).
    case recovered(revision: UInt64, skipped: [SkippedRevision])

    /// A revision newer than the recovered one that was not complete.
    public struct SkippedRevision: Sendable, Equatable {
        /// Its revision.
        public var revision: UInt64
        /// What was missing or wrong.
        public var reason: String
    }
}
