import CHEIF
import Glibc
import WidgetSnapshots

/// Where `HEIFEncoder` runs libheif's encoders. x265 does not survive an allocation failure
/// (under `ulimit -v` it crashed with SIGSEGV or SIGABRT, deadlocked, or wrote a flat green file
/// and reported success), so a program that must outlive a failed encode, as a batch must, runs
/// each encode in a child process: a crash, a hang or x265's raw "x265 [error]" lines then stay
/// in the child, and the caller gets a typed error for that picture alone. The bytes are the
/// same either way: the child runs the same encode call on the same pixels.
public enum HEIFEncodeProcess: Sendable, Equatable {
    /// In the calling process: the default, since a library cannot know of an executable that
    /// serves encodes.
    case inProcess
    /// In a child process started from `command` (the executable's path, then its arguments)
    /// for each encode, killed after `timeLimit` (nil: `HEIFEncoder.childTimeLimit(pixels:)`).
    /// The executable's entry point must call `HEIFEncoder.serveChildEncode()` when given
    /// those arguments, and be this library's build: the two sides check a protocol version.
    case child(command: [String], timeLimit: Duration? = nil)
}

extension HEIFEncoder {
    private static let processSetting = Locked<HEIFEncodeProcess>(.inProcess)

    /// Where every AVIF and HEIC encode in this process runs from now on; set once, early
    /// (`widget-thumbs` sets `.child` running itself before it parses its arguments).
    public static var process: HEIFEncodeProcess {
        get { processSetting.withLock { $0 } }
        set { processSetting.withLock { $0 = newValue } }
    }

    /// How long a child may take for a picture of `pixels` pixels before it is taken for hung:
    /// 2 minutes plus 20 s per megapixel. The slowest encode measured, AVIF at effort 6 on a
    /// 3000x2000 photo, took about 25 s; thumbnails take well under a second.
    public static func childTimeLimit(pixels: Int) -> Duration {
        .seconds(120) + .seconds(20) * (Double(pixels) / 1_000_000)
    }

    /// The child's side of `HEIFEncodeProcess.child`: reads one encode request on standard
    /// input, encodes it and writes the reply on standard output. Returns the exit status the
    /// child should end with (0 when it replied, a failed encode included).
    public static func serveChildEncode() -> Int32 {
        wt_heif_encode_serve(STDIN_FILENO, STDOUT_FILENO)
    }

    /// `wt_heif_encode_rgba`'s arguments, run where `process` says.
    static func encodeCall(
        _ pixels: UnsafePointer<UInt8>?, width: Int, height: Int, alpha: Bool, settings: inout wt_heif_encode_settings,
        icc: UnsafeBufferPointer<UInt8>, in process: HEIFEncodeProcess, out: ShimEncodeCall.Output,
        size: ShimEncodeCall.Size, message: ShimEncodeCall.Message
    ) -> Int32 {
        let iccBase = icc.isEmpty ? nil : icc.baseAddress
        switch process {
        case .inProcess:
            return wt_heif_encode_rgba(pixels, Int32(width), Int32(height), alpha ? 1 : 0, &settings, iccBase, icc.count,
                                       out, size, message)
        case .child(let command, let timeLimit):
            let limit = timeLimit ?? childTimeLimit(pixels: width * height)
            let milliseconds = Int32(clamping: Int((limit.totalSeconds * 1000).rounded(.up)))
            let strings = command.map { strdup($0) }
            defer { strings.forEach { free($0) } }
            let argv: [UnsafePointer<CChar>?] = strings.map { $0.map { UnsafePointer($0) } } + [nil]
            return argv.withUnsafeBufferPointer { argv in
                wt_heif_encode_rgba_in_child(argv.baseAddress, max(1, milliseconds), pixels, Int32(width), Int32(height),
                                             alpha ? 1 : 0, &settings, iccBase, icc.count, out, size, message)
            }
        }
    }
}
