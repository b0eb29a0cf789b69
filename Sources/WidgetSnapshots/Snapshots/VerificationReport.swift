/// What `verify` found. Problems break what a reader would see (exit 1 in the CLI); warnings
/// are harmless leftovers that `gc` cleans up.
public struct VerificationReport: Sendable, Equatable {
    /// One thing `verify` found: what, where and why.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// The kind of finding; the first five are problems, the rest warnings.
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            // Problems
            /// A file the manifest or a snapshot names is missing or refused.
            case brokenReference = "broken reference"
            /// A file's bytes do not hash to the checksum that binds it.
            case checksumMismatch = "checksum mismatch"
            /// A path in the JSON is outside the grammar, or opens something refused.
            case refusedPath = "refused path"
            /// A manifest or snapshot that is not valid JSON of its schema.
            case corrupt
            /// No `current.json`, but snapshots: damaged, not empty (`recoverManifest()`).
            case missingManifest = "missing manifest"
            // Warnings
            /// A `.tmp-` file an interrupted commit left (gc removes it).
            case leftoverTemporary = "leftover temporary file"
            /// A snapshot or image newer than the committed revision (an interrupted commit).
            case uncommitted = "uncommitted revision"
            /// An old image or snapshot no snapshot kept by gc names.
            case orphan
            /// A file the layout has no place for.
            case unexpectedFile = "unexpected file"
            /// An immutable file that is writable.
            case permissions
        }

        /// What was found.
        public var kind: Kind
        /// Container-relative.
        public var path: String
        /// Why, in a sentence.
        public var detail: String

        public var description: String { "\(path): \(kind.rawValue): \(detail)" }
    }

    /// The committed revision, when the manifest could be read.
    public var revision: UInt64?
    /// What breaks what a reader would see.
    public var problems: [Finding] = []
    /// Harmless leftovers that `gc` removes.
    public var warnings: [Finding] = []

    /// Whether there is no problem (warnings allowed).
    public var isClean: Bool { problems.isEmpty }
}
