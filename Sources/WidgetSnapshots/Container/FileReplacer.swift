import WidgetSnapshotsPlatform

/// Replaces a file atomically: O_CREAT|O_EXCL|O_NOFOLLOW temporary, write, fsync, close,
/// renameat over the old name, fsync of the directory. A reader sees the old file or the new
/// one, whole; on any failure the temporary file is removed and the old file stays.
///
/// The store replaces `current.json` and gc's ledger with the defaults; widget-thumbs writes
/// its outputs with its own mode, flush and temporary location, and its content in pieces.
package struct FileReplacer: Sendable {
    let operations: FileSystemOperations
    let mode: FileMode
    let flush: Flush

    /// A replacer making files with `mode` and flushing `flush` (the store's: 0644 less the
    /// umask, file and directory flushed).
    package init(operations: FileSystemOperations, mode: FileMode = .lessUmask(0o644), flush: Flush = .fileAndDirectory) {
        self.operations = operations
        self.mode = mode
        self.flush = flush
    }

    func replace(_ name: String, in directory: Int32, with bytes: [UInt8]) throws(SystemCallError) {
        try replace(name, in: directory, mapping: { $0 }) { append throws(SystemCallError) in try append(bytes) }
    }

    /// Replaces `name` in `directory` with what `produce` appends (as often as it likes, so a
    /// large file never has to be held whole). A failed system call becomes the caller's error
    /// through `systemError`; `directoryName` prefixes the labels (nil: the container itself).
    package func replace<Failure: Error>(
        _ name: String, in directory: Int32, directoryName: String? = nil,
        temporary location: TemporaryLocation = .besideTarget,
        mapping systemError: @escaping (SystemCallError) -> Failure,
        _ produce: (_ append: ([UInt8]) throws(Failure) -> Void) throws(Failure) -> Void
    ) throws(Failure) {
        let temporary = TemporaryFile(location, directory: directory, directoryName: directoryName,
                                      name: TemporaryName.make("\(name).tmp-"))
        let label = directoryName.map { "\($0)/\(name)" } ?? name
        let fd: Int32
        do throws(SystemCallError) {
            fd = try operations.openNoFollow(temporary.directory, temporary.name, flags: O_WRONLY | O_CREAT | O_EXCL,
                                             mode: mode.creationBits, label: temporary.label)
        } catch {
            throw systemError(error)
        }
        var open = true
        var renamed = false
        defer {
            if open { try? operations.close(fd, label: temporary.label) }
            if !renamed { try? operations.unlink(in: temporary.directory, temporary.name, label: temporary.label) }
        }
        try produce { bytes throws(Failure) in
            do throws(SystemCallError) {
                try operations.writeAll(fd, bytes, label: temporary.label)
            } catch {
                throw systemError(error)
            }
        }
        do throws(SystemCallError) {
            if case .exactly(let bits) = mode { try operations.changeMode(fd, bits, label: temporary.label) }
            if flush != .none { try operations.fsync(fd, label: temporary.label) }
            open = false
            try operations.close(fd, label: temporary.label)
            try operations.rename(in: temporary.directory, temporary.name, to: directory, name, label: label)
            renamed = true
            if flush == .fileAndDirectory { try operations.fsync(directory, label: directoryName ?? ".") }
        } catch {
            throw systemError(error)
        }
    }
}
