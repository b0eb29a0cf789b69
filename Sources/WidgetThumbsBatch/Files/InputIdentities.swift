import Glibc
import WidgetThumbnails

/// The files a command reads, by device and inode (`FileIdentity`): what none of its outputs may
/// be written over (`OutputOccupant`). `thumbnail` and `decode` hold their one input; `batch`
/// holds every input that lies inside `--out` (the only place a thumbnail could land on it) and
/// any input that is the contact sheet's file, all found before the first output is put in
/// place (`InputCensus`). Standard input's file, when it is a regular file, is always one of
/// them, for every command: the command may read it (`-`, `--files-from -`), and whatever
/// started the command with it may still be reading it. Safe to share between the batch's workers.
package final class InputIdentities: Sendable {
    private let identities = Locked(Set<FileIdentity>())

    package init() {}

    /// The identities of what `path` names: the file itself and, for a symlink, where it leads
    /// (nothing when `path` does not exist).
    package convenience init(path: String) {
        self.init()
        for identity in FileIdentity.both(path) { insert(identity) }
    }

    /// Standard input's file, when it is one (`thumbnail - -o x < x` reads x).
    package convenience init(standardInput: ()) {
        self.init()
        if let status = Self.standardInputStatus() { insert(FileIdentity(status)) }
    }

    /// Adds `identity`; true when it was not known before (one lock for the question and the answer).
    @discardableResult
    package func insert(_ identity: FileIdentity) -> Bool { identities.withLock { $0.insert(identity).inserted } }
    package func contains(_ identity: FileIdentity) -> Bool {
        identity == Self.standardInputsFile || identities.withLock { $0.contains(identity) }
    }

    /// Standard input's file when it is a regular file (not a terminal, a pipe or `/dev/null`,
    /// which outputs may be written into), read once.
    private static let standardInputsFile: FileIdentity? = {
        guard let status = standardInputStatus(), (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(status)
    }()

    /// What `fstat` says of standard input, nil when it is closed.
    private static func standardInputStatus() -> stat? {
        var status = stat()
        return fstat(STDIN_FILENO, &status) == 0 ? status : nil
    }
}
