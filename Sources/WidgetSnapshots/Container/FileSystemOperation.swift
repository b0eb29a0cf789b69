/// One system call the store is about to make: what it is and the name it acts on. The store
/// routes every call through `FileSystemOperations`, so a test can record this sequence or make
/// the Nth call fail (the SQLite I/O-error loop).
package struct FileSystemOperation: Sendable, Equatable, CustomStringConvertible {
    /// The system call, named as errors print it.
    package enum Kind: String, Sendable, CaseIterable {
        case openBeneath = "openat2"
        case openNoFollow = "openat"
        case openTemporary = "open(O_TMPFILE)"
        case linkTemporary = "linkat(tmpfile)"
        case link = "linkat"
        case renameNoReplace = "renameat2(NOREPLACE)"
        case rename = "renameat"
        case unlink = "unlinkat"
        case makeDirectory = "mkdirat"
        case write
        case read
        case fsync
        case close
        case stat = "fstat"
        case statAt = "fstatat"
        case changeMode = "fchmod"
        case lock = "fcntl(F_OFD_SETLK)"
        case unlock = "fcntl(F_OFD_UNLCK)"
        case flock = "flock(LOCK_EX)"
        case unflock = "flock(LOCK_UN)"
        case listDirectory = "readdir"
    }

    var kind: Kind
    /// The container-relative name, or "" when the call acts on a descriptor only.
    var path: String

    package var description: String { path.isEmpty ? kind.rawValue : "\(kind.rawValue) \(path)" }

    /// Calls that change what is on disk (or make it durable): the ones a crash-safety argument
    /// is about.
    var isMutating: Bool {
        switch kind {
        case .openTemporary, .linkTemporary, .link, .renameNoReplace, .rename, .unlink,
             .makeDirectory, .write, .fsync, .changeMode:
            true
        case .openBeneath, .openNoFollow, .read, .close, .stat, .statAt, .lock, .unlock, .flock, .unflock,
             .listDirectory:
            false
        }
    }
}
