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
    /// In child processes started from `command` (the executable's path, then its arguments),
    /// each serving encode after encode. A child is stopped when one encode takes longer than
    /// `timeLimit` (nil: `HEIFEncoder.childTimeLimit(pixels:)`) or it uses no CPU time for 10 s.
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

    /// The child's side of `HEIFEncodeProcess.child`: reads encode requests on standard input
    /// and writes each reply on standard output until the parent closes its end. Returns the
    /// exit status the child should end with (0 then; 1 when a request was not one).
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
            while true {
                guard let child = EncodeChild.take(command, message: message) else {
                    return Int32(WT_STATUS_IO.rawValue) // the message says why it could not start
                }
                var reusable: Int32 = 0
                let status = wt_heif_encode_rgba_in_child(child.channel, child.pid, max(1, milliseconds), pixels, Int32(width),
                                                          Int32(height), alpha ? 1 : 0, &settings, iccBase, icc.count, out,
                                                          size, &reusable, message)
                if reusable == 1 { child.putBack() }
                // A kept child that died between its liveness check and the request never saw
                // the picture: a fresh child encodes it. A fresh child's failure is the picture's.
                guard reusable == -1, child.wasKept else { return status }
            }
        }
    }
}

/// A child serving encodes, idle between them. Starting `widget-thumbs` costs about 35 ms of CPU
/// (its shared libraries), more than a small thumbnail's encode, so each child serves encode
/// after encode until this process ends (its end of the socket closes and it exits); one that
/// failed is stopped and a new one started for the next encode. An idle child can be killed
/// from outside (the OOM killer, a cgroup's limit): it is checked before it is handed out, and
/// a dead one is reaped and replaced, so its death costs no picture.
private struct EncodeChild: Sendable {
    let command: [String]
    let channel: Int32
    let pid: Int32
    /// Whether it served an encode before this one (taken from the idle children).
    var wasKept = false

    private static let idle = Locked<[EncodeChild]>([])

    /// An idle child started from `command` that is still alive, or a new one; nil when none
    /// could be started, with the reason in `message`.
    static func take(_ command: [String], message: ShimEncodeCall.Message) -> EncodeChild? {
        while var waiting = idle.withLock({ children -> EncodeChild? in
            guard let index = children.lastIndex(where: { $0.command == command }) else { return nil }
            return children.remove(at: index)
        }) {
            // A dead one is closed and reaped by the check.
            guard wt_heif_encode_child_alive(waiting.channel, waiting.pid) == 1 else { continue }
            waiting.wasKept = true
            return waiting
        }
        let strings = command.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let argv: [UnsafePointer<CChar>?] = strings.map { $0.map { UnsafePointer($0) } } + [nil]
        var channel: Int32 = -1, pid: Int32 = 0
        let status = argv.withUnsafeBufferPointer { argv in
            wt_heif_encode_child_start(argv.baseAddress, &channel, &pid, message)
        }
        return status == Int32(WT_STATUS_OK.rawValue) ? EncodeChild(command: command, channel: channel, pid: pid) : nil
    }

    /// Makes this child the next one `take` hands out.
    func putBack() {
        Self.idle.withLock { $0.append(self) }
    }
}
