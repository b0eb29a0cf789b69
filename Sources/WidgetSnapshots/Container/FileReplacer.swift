#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a mutable file (`current.json`) atomically: O_CREAT|O_EXCL|O_NOFOLLOW temporary in
/// the same directory, write, fsync, close, renameat over the old name, fsync of the directory.
/// A reader sees the old file or the new one, whole.
struct FileReplacer: Sendable {
    let operations: FileSystemOperations

    func replace(_ name: String, in directory: Int32, with bytes: [UInt8]) throws(SystemCallError) {
        let temporary = TemporaryName.make("\(name).tmp-")
        let fd = try operations.openNoFollow(directory, temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o644,
                                             label: temporary)
        var open = true
        var renamed = false
        defer {
            if open { try? operations.close(fd, label: temporary) }
            if !renamed { try? operations.unlink(in: directory, temporary, label: temporary) }
        }
        try operations.writeAll(fd, bytes, label: temporary)
        try operations.fsync(fd, label: temporary)
        open = false
        try operations.close(fd, label: temporary)
        try operations.rename(in: directory, temporary, to: name, label: name)
        renamed = true
        try operations.fsync(directory, label: ".")
    }
}
