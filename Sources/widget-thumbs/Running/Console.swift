import Glibc
import WidgetThumbnails
import WidgetThumbsBatch

/// Where the CLI's text goes: standard output for results and help, standard error for
/// errors. Writes go straight to the file descriptors (no buffer to flush at exit).
///
/// A failed write on standard output (a full disk, /dev/full, an I/O error) is remembered,
/// and later output is dropped, so a report is cut short but never has a hole in its middle;
/// `WidgetThumbs.main` turns the failure into a message and exit status 1 when the command
/// ends. Every command writes through here, so every command gets that one check.
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

    /// The first failed write's `errno` on standard output, 0 while none failed. Shared by
    /// every copy of this console (batch workers write from several threads).
    private let outputFailure = Locked<Int32>(0)

    /// Writes `text` and a newline.
    func write(_ text: String, to stream: Stream = .output) {
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        guard stream == .output else {
            // A failed write on standard error has nowhere left to be reported.
            _ = DescriptorWriter.writeAll(bytes, to: stream.descriptor)
            return
        }
        guard outputFailure.withLock({ $0 }) == 0 else { return }
        if let code = DescriptorWriter.writeAll(bytes, to: stream.descriptor) {
            outputFailure.withLock { if $0 == 0 { $0 = code } }
        }
    }

    /// The failed write on standard output, if one failed so far.
    var outputError: ImageError? {
        let code = outputFailure.withLock { $0 }
        return code == 0 ? nil : StandardOutput.failure(code)
    }

    /// `widget-thumbs: <file>: <code>: <reason>` on standard error: one input that failed.
    func report(_ error: ImageError) {
        write("\(WidgetThumbs.name): \(error)", to: .error)
    }
}
