import Glibc
import WidgetThumbnails

/// Where the CLI's text goes: standard output for results and help, standard error for
/// errors. Writes go straight to the file descriptors (no buffering to flush at exit).
struct Console: Sendable {
    enum Stream: Sendable {
        case output
        case error

        var descriptor: Int32 {
            switch self {
            case .output: STDOUT_FILENO
            case .error: STDERR_FILENO
            }
        }
    }

    /// Writes `text` and a newline.
    func write(_ text: String, to stream: Stream = .output) {
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(stream.descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return } // a closed pipe: nobody is listening any more
            written += count
        }
    }

    /// `widget-thumbs: <file>: <code>: <reason>` on standard error: one input that failed.
    func report(_ error: ImageError) {
        write("\(WidgetThumbs.name): \(error)", to: .error)
    }
}
