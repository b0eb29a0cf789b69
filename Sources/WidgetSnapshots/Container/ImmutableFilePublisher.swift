import WidgetSnapshotsPlatform

/// Publishes a file exactly once under its final name: nameless (O_TMPFILE) or O_EXCL temporary
/// file, write, fchmod 0444, fsync, then a link or rename that never replaces, then fsync of the
/// directory. A reader can never see the name before the bytes, and nothing already at the name
/// is ever replaced.
///
/// The store publishes images and snapshots with the defaults; widget-thumbs publishes new
/// thumbnails with its own mode, flush and temporary location.
package struct ImmutableFilePublisher: Sendable {
    /// How the file gets its name.
    package enum Method: Sendable, Equatable {
        /// O_TMPFILE + linkat through /proc, falling back to `namedTemporary` where the platform,
        /// the file system or a missing /proc lacks it.
        case automatic
        /// O_CREAT|O_EXCL temporary + renameat2(NOREPLACE) (or link + unlink without it).
        case namedTemporary
        /// POSIX only: O_CREAT|O_EXCL temporary + link(2), which never replaces, + unlink.
        case portable
    }

    /// What became of the name.
    package enum Outcome: Equatable {
        /// The file is in place under its name.
        case created
        /// The name was taken; nothing was replaced. The caller compares contents.
        case nameTaken
    }

    /// The mode of the store's images and snapshots: read-only for everyone.
    static let storeMode: mode_t = 0o444

    let operations: FileSystemOperations
    let method: Method
    let mode: FileMode
    let flush: Flush

    /// A publisher naming files by `method`, making them with `mode` and flushing `flush` (the
    /// store's: exactly 0444, file and directory flushed).
    package init(operations: FileSystemOperations, method: Method, mode: FileMode = .exactly(storeMode),
                 flush: Flush = .fileAndDirectory) {
        self.operations = operations
        self.method = method
        self.mode = mode
        self.flush = flush
    }

    /// Publishes `bytes` as `name` in `directory` (labelled `directoryName/name` in errors).
    /// A named temporary file, when one is needed, is made at `temporary`.
    package func publish(_ bytes: [UInt8], in directory: Int32, directoryName: String, as name: String,
                         temporary: TemporaryLocation = .besideTarget) throws(SystemCallError) -> Outcome {
        if method == .automatic {
            do {
                return try publishNameless(bytes, in: directory, directoryName: directoryName, as: name)
            } catch where Self.isMissingFastPath(error) {
                // Nothing was named: the nameless file went with its descriptor.
            }
        }
        return try publishNamed(bytes, in: directory, directoryName: directoryName, as: name, temporary: temporary)
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
        let fd = try operations.openTemporaryFile(in: directory, mode: mode.creationBits, label: label)
        var open = true
        defer { if open { try? operations.close(fd, label: label) } }
        try writeDurably(bytes, to: fd, label: label)
        do {
            try operations.linkTemporaryFile(fd, in: directory, as: name, label: label)
        } catch where error.errno == EEXIST {
            return .nameTaken
        }
        if flush == .fileAndDirectory { try operations.fsync(directory, label: directoryName) }
        open = false
        try operations.close(fd, label: label)
        return .created
    }

    private func publishNamed(_ bytes: [UInt8], in directory: Int32, directoryName: String, as name: String,
                              temporary location: TemporaryLocation) throws(SystemCallError) -> Outcome {
        let label = "\(directoryName)/\(name)"
        let temporary = TemporaryFile(location, directory: directory, directoryName: directoryName,
                                      name: TemporaryName.make(TemporaryName.immutablePrefix))
        let fd = try operations.openNoFollow(temporary.directory, temporary.name, flags: O_WRONLY | O_CREAT | O_EXCL,
                                             mode: mode.creationBits, label: temporary.label)
        var open = true
        var temporaryExists = true
        defer {
            if open { try? operations.close(fd, label: label) }
            if temporaryExists { try? operations.unlink(in: temporary.directory, temporary.name, label: temporary.label) }
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
        if flush == .fileAndDirectory { try operations.fsync(directory, label: directoryName) }
        return .created
    }

    private func writeDurably(_ bytes: [UInt8], to fd: Int32, label: String) throws(SystemCallError) {
        try operations.writeAll(fd, bytes, label: label)
        if case .exactly(let bits) = mode { try operations.changeMode(fd, bits, label: label) } // not the umask
        if flush != .none { try operations.fsync(fd, label: label) }
    }

    private func renameWithoutReplacing(_ temporary: TemporaryFile, as name: String, in directory: Int32,
                                        label: String) throws(SystemCallError) {
        do {
            try operations.renameNoReplace(in: temporary.directory, temporary.name, to: directory, name, label: label)
        } catch where [EINVAL, ENOSYS, EOPNOTSUPP].contains(error.errno) {
            // No RENAME_NOREPLACE on this platform or file system: a hard link never replaces either.
            try linkThenUnlink(temporary, as: name, in: directory, label: label)
        }
    }

    /// link(2) fails with EEXIST instead of replacing; for a moment the file has two names (the
    /// temporary one is never read), and a crash between the two calls leaves a `.tmp-` name
    /// that `verify` reports and `gc` removes.
    private func linkThenUnlink(_ temporary: TemporaryFile, as name: String, in directory: Int32,
                                label: String) throws(SystemCallError) {
        try operations.link(in: temporary.directory, temporary.name, to: directory, name, label: label)
        try operations.unlink(in: temporary.directory, temporary.name, label: label)
    }
}
