import Glibc
import WidgetThumbnails

/// Standard input, read whole with a cap (a pipe has no size to check first).
package enum StandardInput {
    package static func readAll(maxBytes: Int) throws(ImageError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImageError(.io, "cannot read: \(String(cString: strerror(errno)))", file: "standard input")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= maxBytes else {
                throw ImageError(.tooLarge, "more than the limit of \(maxBytes) bytes", file: "standard input")
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Calls `body` with each line of standard input (without its newline; a carriage return
    /// before it is dropped too), streaming: a log of any length is read in one fixed buffer.
    /// A line longer than `maxLineBytes` is passed cut to that length.
    package static func forEachLine(maxLineBytes: Int, _ body: ([UInt8]) -> Void) throws(ImageError) {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        func finish() {
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            body(line)
            line.removeAll(keepingCapacity: true)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImageError(.io, "cannot read: \(String(cString: strerror(errno)))", file: "standard input")
            }
            if count == 0 {
                if !line.isEmpty { finish() }
                return
            }
            // Each line's bytes are found by a scan for the newline and copied in one append
            // (a byte-at-a-time append was most of `explain`'s time on a large log).
            chunk.withUnsafeBufferPointer { buffer in
                var start = 0
                while start < count {
                    var end = start
                    while end < count, buffer[end] != UInt8(ascii: "\n") { end += 1 }
                    let room = maxLineBytes - line.count
                    if room > 0 { line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<min(end, start + room)])) }
                    if end < count { finish() }
                    start = end + 1
                }
            }
        }
    }
}

/// Standard output, written whole; a reader that went away is an error (exit 1), not silence.
package enum StandardOutput {
    package static func write(_ bytes: [UInt8]) throws(ImageError) {
        if let code = DescriptorWriter.writeAll(bytes, to: STDOUT_FILENO) { throw failure(code) }
    }

    /// What a failed write on standard output says (`errno` `code`): every command reports it so.
    package static func failure(_ code: Int32) -> ImageError {
        ImageError(.io, "cannot write: \(String(cString: strerror(code)))", file: "standard output")
    }
}

/// The one loop that writes to a descriptor: the standard streams (`Console`, `StandardOutput`),
/// a FIFO or a device written into (`OutputFile.writeInto`), a list's spool (`InputList`).
package enum DescriptorWriter {
    /// Writes all of `bytes` to `descriptor`; nil when done, else the `errno` of the write that
    /// failed (ENOSPC on a full disk or /dev/full, EIO, EPIPE when SIGPIPE is ignored). A
    /// short write goes on where it stopped, an interrupted one is retried, and a descriptor
    /// left non-blocking by whoever started us is waited on rather than taken for a failure.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count > 0 {
                written += count
                continue
            }
            let code = count < 0 ? errno : EIO
            switch code {
            case EINTR:
                continue
            case EAGAIN: // EWOULDBLOCK is the same number on Linux
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            default:
                return code
            }
        }
        return nil
    }
}
