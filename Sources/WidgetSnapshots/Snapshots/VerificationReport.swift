/// What `verify` found. Problems break what a reader would see (exit 1 in the CLI); warnings
/// are harmless leftovers that `gc` cleans up.
public struct VerificationReport: Sendable, Equatable {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            // Problems
            case brokenReference = "broken reference"
            case checksumMismatch = "checksum mismatch"
            case refusedPath = "refused path"
            case corrupt
            /// No `current.json`, but snapshots: damaged, not empty (`recoverManifest()`).
            case missingManifest = "missing manifest"
            // Warnings
            case leftoverTemporary = "leftover temporary file"
            case uncommitted = "uncommitted revision"
            case orphan
            case unexpectedFile = "unexpected file"
            case permissions
        }

        public var kind: Kind
        /// Container-relative.
        public var path: String
        public var detail: String

        public var description: String { "\(path): \(kind.rawValue): \(detail)" }
    }

    /// The committed revision, when the manifest could be read.
    public var revision: UInt64?
    public var problems: [Finding] = []
    public var warnings: [Finding] = []

    public var isClean: Bool { problems.isEmpty }
}
