import Glibc
import WidgetThumbnails

/// The lines of a record file (a journal or a manifest), read in 256 KiB pieces: each with its
/// byte offset, without the newline. A last line without a newline (the process died in the
/// middle of it) is passed too; whoever parses it finds out.
enum RecordFileLines {
    static func forEach(descriptor: Int32, _ body: (_ offset: Int64, _ line: ArraySlice<UInt8>) -> Void) {
        var pending: [UInt8] = []
        var pendingOffset: Int64 = 0
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pending.append(contentsOf: chunk[..<count])
            var start = 0
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                body(pendingOffset + Int64(start), pending[start..<end])
                start = end + 1
            }
            pending.removeFirst(start)
            pendingOffset += Int64(start)
        }
        if !pending.isEmpty { body(pendingOffset, pending[...]) }
    }

    /// `forEach` over the file at `path`; false when it cannot be opened.
    @discardableResult
    static func forEach(path: String, _ body: (_ offset: Int64, _ line: ArraySlice<UInt8>) -> Void) -> Bool {
        let descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        forEach(descriptor: descriptor, body)
        return true
    }
}
