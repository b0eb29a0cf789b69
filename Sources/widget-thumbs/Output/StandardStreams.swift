import Glibc
import WidgetThumbnails

/// Standard input, read whole with a cap (a pipe has no size to check first).
enum StandardInput {
    static func readAll(maxBytes: Int) throws(ImageError) -> [UInt8] {
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
}

/// Standard output, written whole; a reader that went away is an error (exit 1), not silence.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws(ImageError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImageError(.io, "cannot write: \(String(cString: strerror(errno)))", file: "standard output")
            }
            written += count
        }
    }
}
