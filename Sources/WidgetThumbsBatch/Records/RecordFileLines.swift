import Glibc
import WidgetThumbnails

/// The record files of a batch (manifests and journals in `--out`), treated as hostile input
/// like any other: opened without following a symlink (one could lead outside `--out`, or to
/// `/dev/zero`), without blocking (a FIFO in their place), and refused unless they are regular
/// files; read line by line in linear time, each line at most `maximumLine` bytes.
package enum RecordFileLines {
    /// The longest line taken: 1 MiB. A line this tool writes is a report of a few KiB (a name
    /// of at most 4,096 bytes, escaped, and the thumbnail's figures); a longer one is not a
    /// record, and holding it would let one line fill the memory.
    static let maximumLine = 1 << 20

    /// Opens the record file at `path` with `flags` (plus O_NOFOLLOW, O_NONBLOCK, O_CLOEXEC),
    /// checked by fstat to be a regular file, not an input of the run and, to be written, not
    /// read-only (as `OutputOccupant` keeps a read-only file, even from root) and without other
    /// names (a hard link from outside `--out` would be appended to): nil when nothing is
    /// there (and `flags` does not create it); throws, naming the file and the reason, for
    /// anything else. The descriptor is returned blocking again.
    static func open(_ path: String, flags: Int32 = O_RDONLY, inputs: InputIdentities? = nil) throws(ImageError) -> Int32? {
        let descriptor = RawPath.withCString(path) { Glibc.open($0, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0o666) }
        guard descriptor >= 0 else {
            if errno == ENOENT && flags & O_CREAT == 0 { return nil }
            let reason = errno == ELOOP ? "it is a symlink" : String(cString: strerror(errno))
            throw ImageError(.io, "the record file is not used: \(reason)", file: path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw ImageError(.io, "the record file is not used: it is \(FileKind.name(of: status.st_mode)), not a regular file",
                             file: path)
        }
        if let inputs, inputs.contains(FileIdentity(status)) {
            close(descriptor)
            throw ImageError(.io, "the record file is not used: it is an input of this run", file: path)
        }
        if flags & O_ACCMODE != O_RDONLY, let reason = status.st_mode & 0o222 == 0
            ? "it is read-only (mode \(String(status.st_mode & 0o7777, radix: 8)))"
            : status.st_nlink > 1 ? "it has other names (hard links), which appending would change too" : nil {
            close(descriptor)
            throw ImageError(.io, "the record file is not used: \(reason)", file: path)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Calls `body` with each line of `descriptor` and its byte offset, without the newline;
    /// a last line without a newline (the process died in the middle of it) is passed too,
    /// whoever parses it finds out. Every byte is looked at once. Lines over `maximumLine` are
    /// skipped; the returned error names `file`, how many were skipped and where the first
    /// was, or a read that failed.
    package static func forEach(descriptor: Int32, file: String,
                        _ body: (_ offset: Int64, _ line: ArraySlice<UInt8>) -> Void) -> ImageError? {
        // The start of a line that runs past the chunk it began in (at most `maximumLine`).
        var pending: [UInt8] = []
        var lineOffset: Int64 = 0
        var skipping = false
        var skipped = 0
        var firstSkipped: Int64 = 0
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        var chunkOffset: Int64 = 0
        var failure: Int32 = 0
        func skip() {
            if skipped == 0 { firstSkipped = lineOffset }
            skipped += 1
            skipping = true
            pending.removeAll()
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { failure = errno }
            if count <= 0 { break }
            var start = 0
            while start < count {
                guard let end = newline(in: chunk, from: start, to: count) else {
                    if !skipping {
                        if pending.count + (count - start) > maximumLine { skip() } else { pending += chunk[start..<count] }
                    }
                    break
                }
                if skipping {
                    skipping = false
                } else if pending.count + (end - start) > maximumLine {
                    skip()
                    skipping = false
                } else if pending.isEmpty {
                    body(lineOffset, chunk[start..<end])
                } else {
                    pending += chunk[start..<end]
                    body(lineOffset, pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = end + 1
                lineOffset = chunkOffset + Int64(start)
            }
            chunkOffset += Int64(count)
        }
        if !pending.isEmpty && !skipping { body(lineOffset, pending[...]) }
        if failure != 0 {
            return ImageError(.io, "cannot read the record file: \(String(cString: strerror(failure)))", file: file)
        }
        guard skipped > 0 else { return nil }
        return ImageError(.tooLarge, "\(skipped) line(s) longer than \(maximumLine) bytes, not records this tool wrote, "
            + "are skipped (the first at byte \(firstSkipped))", file: file)
    }

    /// The index of the first newline in `bytes[start..<end]` (memchr: the scan is most of
    /// the time spent on a long line, even in a debug build).
    private static func newline(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) else {
                return nil
            }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// The whole record file at `path` (nil when there is none), refused over `maxBytes`.
    static func readWhole(_ path: String, maxBytes: Int) throws(ImageError) -> [UInt8]? {
        guard let descriptor = try open(path) else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw ImageError(.io, "cannot read the record file: \(String(cString: strerror(errno)))", file: path) }
            if count == 0 { return bytes }
            guard bytes.count + count <= maxBytes else {
                throw ImageError(.tooLarge, "the record file is over \(maxBytes) bytes; it is not used", file: path)
            }
            bytes += chunk[..<count]
        }
    }

    /// `forEach` over the record file at `path` (nothing when there is none); the problem, if any.
    package static func forEach(path: String, _ body: (_ offset: Int64, _ line: ArraySlice<UInt8>) -> Void) -> ImageError? {
        do throws(ImageError) {
            guard let descriptor = try open(path) else { return nil }
            defer { close(descriptor) }
            return forEach(descriptor: descriptor, file: path, body)
        } catch {
            return error
        }
    }
}
