import Glibc

/// Publishes a file exactly once under its final name: nameless (O_TMPFILE) or O_EXCL temporary
/// file in the same directory, write, fchmod 0444, fsync, then a link or rename that never
/// replaces, then fsync of the directory. A reader can never see the name before the bytes.
struct ImmutableFilePublisher: Sendable {
    enum Method: Sendable, Equatable {
        /// O_TMPFILE + linkat, falling back to `namedTemporary` where the file system lacks it.
        case automatic
        /// O_CREAT|O_EXCL temporary + renameat2(NOREPLACE) (or link + unlink without it).
        case namedTemporary
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
        let label = "\(directoryName)/\(name)"
        var temporaryName: String?
        var fd: Int32
        if method == .automatic {
            do {
                fd = try operations.openTemporaryFile(in: directory, mode: Self.mode, label: label)
            } catch where [EOPNOTSUPP, EISDIR, EINVAL].contains(error.errno) {
                fd = -1
            }
        } else {
            fd = -1
        }
        if fd < 0 {
            let temporary = TemporaryName.make(TemporaryName.immutablePrefix)
            fd = try operations.openNoFollow(directory, temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: Self.mode,
                                             label: "\(directoryName)/\(temporary)")
            temporaryName = temporary
        }
        var open = true
        defer {
            if open { try? operations.close(fd, label: label) }
            if let temporaryName { try? operations.unlink(in: directory, temporaryName, label: "\(directoryName)/\(temporaryName)") }
        }
        try operations.writeAll(fd, bytes, label: label)
        try operations.changeMode(fd, Self.mode, label: label) // the umask must not decide this
        try operations.fsync(fd, label: label)
        do {
            if let temporary = temporaryName {
                try publishNamed(temporary, as: name, in: directory, label: label)
                temporaryName = nil
            } else {
                try operations.linkTemporaryFile(fd, in: directory, as: name, label: label)
            }
        } catch where error.errno == EEXIST {
            return .nameTaken
        }
        try operations.fsync(directory, label: directoryName)
        open = false
        try operations.close(fd, label: label)
        return .created
    }

    private func publishNamed(_ temporary: String, as name: String, in directory: Int32, label: String) throws(SystemCallError) {
        do {
            try operations.renameNoReplace(in: directory, temporary, to: name, label: label)
        } catch where error.errno == EINVAL || error.errno == ENOSYS {
            // No RENAME_NOREPLACE on this file system: a hard link never replaces either.
            try operations.link(in: directory, temporary, to: name, label: label)
            try operations.unlink(in: directory, temporary, label: label)
        }
    }
}
