#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Publishes a file exactly once under its final name: nameless (O_TMPFILE) or O_EXCL temporary
/// file in the same directory, write, fchmod 0444, fsync, then a link or rename that never
/// replaces, then fsync of the directory. A reader can never see the name before the bytes.
struct ImmutableFilePublisher: Sendable {
    enum Method: Sendable, Equatable {
        /// O_TMPFILE + linkat through /proc, falling back to `namedTemporary` where the platform,
        /// the file system or a missing /proc lacks it.
        case automatic
        /// O_CREAT|O_EXCL temporary + renameat2(NOREPLACE) (or link + unlink without it).
        case namedTemporary
        /// POSIX only: O_CREAT|O_EXCL temporary + link(2), which never replaces, + unlink.
        case portable
    }

    enum Outcome: Equatable {
        case created
        /// The name was taken; nothing was replaced. The caller compares contents.
        case nameTaken
    }

    static let mode: mode_t = 0o444

    let operations: FileSystemOperations
    let method: Method

    func publish(_ bytes: [UInt8], in directory: Int32, directoryName: String, as name: String) throws(SystemCallError) -> Outcome {
        if method == .automatic {
            do {
                return try publishNameless(bytes, in: directory, directoryName: directoryName, as: name)
            } catch where Self.isMissingFastPath(error) {
                // Nothing was named: the nameless file went with its descriptor.
            }
        }
        return try publishNamed(bytes, in: directory, directoryName: directoryName, as: name)
    }

    /// Errors that say the fast path does not exist here (not that the disk failed): no
    /// O_TMPFILE on this platform or file system, or no /proc to link the nameless file through.
    static func isMissingFastPath(_ error: SystemCallError) -> Bool {
        switch error.operation {
        case .openTemporary: [EOPNOTSUPP, EISDIR, EINVAL, ENOSYS].contains(error.errno)
        case .linkTemporary: [ENOENT, ENOSYS].contains(error.errno)
        default: false
        }
    }

    private func publishNameless(_ bytes: [UInt8], in directory: Int32, directoryName: String,
                                 as name: String) throws(SystemCallError) -> Outcome {
        let label = "\(directoryName)/\(name)"
        let fd = try operations.openTemporaryFile(in: directory, mode: Self.mode, label: label)
        var open = true
        defer { if open { try? operations.close(fd, label: label) } }
        try writeDurably(bytes, to: fd, label: label)
        do {
            try operations.linkTemporaryFile(fd, in: directory, as: name, label: label)
        } catch where error.errno == EEXIST {
            return .nameTaken
        }
        try operations.fsync(directory, label: directoryName)
        open = false
        try operations.close(fd, label: label)
        return .created
    }

    private func publishNamed(_ bytes: [UInt8], in directory: Int32, directoryName: String,
                              as name: String) throws(SystemCallError) -> Outcome {
        let label = "\(directoryName)/\(name)"
        let temporary = TemporaryName.make(TemporaryName.immutablePrefix)
        let temporaryLabel = "\(directoryName)/\(temporary)"
        let fd = try operations.openNoFollow(directory, temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: Self.mode,
                                             label: temporaryLabel)
        var open = true
        var temporaryExists = true
        defer {
            if open { try? operations.close(fd, label: label) }
            if temporaryExists { try? operations.unlink(in: directory, temporary, label: temporaryLabel) }
        }
        try writeDurably(bytes, to: fd, label: label)
        open = false
        try operations.close(fd, label: label)
        do {
            if method == .portable {
                try linkThenUnlink(temporary, as: name, in: directory, label: label)
            } else {
                try renameWithoutReplacing(temporary, as: name, in: directory, label: label)
            }
            temporaryExists = false
        } catch where error.errno == EEXIST {
            return .nameTaken
        }
        try operations.fsync(directory, label: directoryName)
        return .created
    }

    private func writeDurably(_ bytes: [UInt8], to fd: Int32, label: String) throws(SystemCallError) {
        try operations.writeAll(fd, bytes, label: label)
        try operations.changeMode(fd, Self.mode, label: label) // the umask must not decide this
        try operations.fsync(fd, label: label)
    }

    private func renameWithoutReplacing(_ temporary: String, as name: String, in directory: Int32,
                                        label: String) throws(SystemCallError) {
        do {
            try operations.renameNoReplace(in: directory, temporary, to: name, label: label)
        } catch where [EINVAL, ENOSYS, EOPNOTSUPP].contains(error.errno) {
            // No RENAME_NOREPLACE on this platform or file system: a hard link never replaces either.
            try linkThenUnlink(temporary, as: name, in: directory, label: label)
        }
    }

    /// link(2) fails with EEXIST instead of replacing; for a moment the file has two names (the
    /// temporary one is never read), and a crash between the two calls leaves a `.tmp-` name
    /// that `verify` reports and `gc` removes.
    private func linkThenUnlink(_ temporary: String, as name: String, in directory: Int32,
                                label: String) throws(SystemCallError) {
        try operations.link(in: directory, temporary, to: name, label: label)
        try operations.unlink(in: directory, temporary, label: label)
    }
}
