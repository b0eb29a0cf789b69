import Foundation
import Glibc
import Testing
import TestSupport
@testable import widget_thumbs
import WidgetThumbnails

/// AVIF and HEIC encodes in a child process (`HEIFEncodeProcess.child`): the same bytes as in
/// process, and whatever the child does (crash, hang, run out of memory, reply with nonsense)
/// the caller gets a typed error for that picture and goes on. Each test passes its own
/// `process`, so the process-wide setting other suites use is never changed.
@Suite struct HEIFEncodeProcessTests {
    static let codecs: [HEIFEncoder.Codec] = [.av1, .hevc]

    /// A smooth picture with fine detail (`SyntheticImage.gradient`, blue x XOR y) and, when
    /// asked, a soft transparent edge.
    static func picture(width: Int = 96, height: Int = 64, alpha: Bool = false) -> RGBAImage {
        SyntheticImage.gradient(width: width, height: height, blue: .xor, alpha: alpha)
    }

    /// widget-thumbs serving one encode, as the CLI starts it.
    static func servingChild(_ binary: String, timeLimit: Duration? = nil) -> HEIFEncodeProcess {
        .child(command: [binary, HEIFEncodeChild.argument], timeLimit: timeLimit)
    }

    /// Each case encodes twice in children of one command: the second is served by a child
    /// that already served one (they are kept), and a refused encode leaves it serving too.
    @Test(arguments: codecs, [false, true])
    func theChildWritesTheBytesTheProcessWould(codec: HEIFEncoder.Codec, alpha: Bool) throws {
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let image = Self.picture(alpha: alpha)
        let inProcess = try HEIFEncoder.encode(image, codec: codec, quality: 50, process: .inProcess)
        for quality in [50, 50] {
            let inChild = try HEIFEncoder.encode(image, codec: codec, quality: quality, process: Self.servingChild(binary))
            #expect(inChild == inProcess)
            #expect(try ImageDecoder.decode(inChild).image.size == image.size)
        }
        if codec == .hevc {
            // A picture x265 refuses: the child's refusal reaches us as the in-process one does.
            let thin = Self.picture(width: 1, height: 5000)
            let error = #expect(throws: ImageError.self) {
                try HEIFEncoder.encode(thin, codec: codec, quality: 50, process: Self.servingChild(binary))
            }
            #expect(error?.reason.contains("too thin") == true, "\(String(describing: error))")
        }
        let again = try HEIFEncoder.encode(image, codec: codec, quality: 50, process: Self.servingChild(binary))
        #expect(again == inProcess)
    }

    /// A kept child killed while idle (the OOM killer, a cgroup) never saw the next picture:
    /// it is replaced and the picture encoded, the same bytes as before. The command carries a
    /// tag of its own in the environment, so this test kills its own child and no other suite's.
    @Test func deadIdleEncoderChildIsReplaced() throws {
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let tag = "WT_TEST_POOL_TAG=\(getpid())-\(UInt64.random(in: .min ... .max))"
        let tagged = HEIFEncodeProcess.child(command: ["/usr/bin/env", tag, binary, HEIFEncodeChild.argument])
        let image = Self.picture()
        let first = try HEIFEncoder.encode(image, codec: .hevc, quality: 50, process: tagged)
        let idle = try #require(Self.children(taggedWith: tag).first, "the kept child was not found")
        #expect(kill(idle, SIGKILL) == 0)
        // Until it is a zombie: the next encode must meet a child that is already dead.
        let clock = ContinuousClock(), start = clock.now
        while Self.state(of: idle) != "Z" && clock.now - start < .seconds(10) { usleep(2000) }
        #expect(Self.state(of: idle) == "Z")
        let second = try HEIFEncoder.encode(image, codec: .hevc, quality: 50, process: tagged)
        #expect(second == first)
        #expect(Self.children(taggedWith: tag).allSatisfy { $0 != idle })
    }

    /// The children of this process whose environment holds `tag`.
    static func children(taggedWith tag: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  status.split(separator: "\n").contains("PPid:\t\(getpid())"),
                  let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == tag }
        }
    }

    /// The state letter of `pid` (`R`, `S`, `Z`, ...) from /proc/PID/stat, or nil once it is gone.
    static func state(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        return stat[end...].dropFirst(2).first
    }

    @Test func aChildThatCrashesFailsThatPictureWithTheSignal() {
        let crashing = HEIFEncodeProcess.child(command: ["/bin/sh", "-c", "head -c 16 >/dev/null; kill -SEGV $$"])
        let error = #expect(throws: ImageError.self) {
            try HEIFEncoder.encode(Self.picture(), codec: .hevc, quality: 50, process: crashing)
        }
        #expect(error?.reason.contains("signal \(SIGSEGV)") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("HEIC") == true, "\(String(describing: error))")
    }

    /// x265 that cannot start a thread waits on a futex for ever, using no CPU time: the parent
    /// stops it after 10 s of that, long before the time limit (2 minutes and more).
    @Test func aChildThatHangsIsStoppedWhenItUsesNoCPUTime() {
        let hanging = HEIFEncodeProcess.child(command: ["/bin/sh", "-c", "exec sleep 600"])
        let clock = ContinuousClock(), start = clock.now
        let error = #expect(throws: ImageError.self) {
            try HEIFEncoder.encode(Self.picture(), codec: .av1, quality: 50, process: hanging)
        }
        #expect(error?.reason.contains("hung") == true, "\(String(describing: error))")
        #expect(clock.now - start < .seconds(60))
    }

    /// A child that keeps busy but never replies is stopped at its time limit.
    @Test func aBusyChildIsStoppedAtItsTimeLimit() {
        let busy = HEIFEncodeProcess.child(command: ["/bin/sh", "-c", "while :; do :; done"],
                                           timeLimit: .seconds(2))
        let clock = ContinuousClock(), start = clock.now
        let error = #expect(throws: ImageError.self) {
            try HEIFEncoder.encode(Self.picture(), codec: .hevc, quality: 50, process: busy)
        }
        #expect(error?.reason.contains("did not finish within 2 s") == true, "\(String(describing: error))")
        #expect(clock.now - start < .seconds(30))
    }

    /// No reply, a reply that is no reply, a child that cannot be started: typed errors.
    @Test(arguments: [
        ["/bin/sh", "-c", "head -c 16 >/dev/null"],
        ["/bin/sh", "-c", "head -c 16 >/dev/null; printf 'WTHR this is not a reply header at all'"],
        ["/bin/sh", "-c", "exit 3"],
        ["/nonexistent/widget-thumbs"],
    ])
    func aChildThatGivesNoReplyFailsThatPicture(command: [String]) {
        let error = #expect(throws: ImageError.self) {
            try HEIFEncoder.encode(Self.picture(), codec: .av1, quality: 50, process: .child(command: command))
        }
        #expect(error?.reason.contains("encoder process") == true, "\(String(describing: error))")
    }

    /// The real failure: x265 in a child whose address space is capped (`ulimit -v`, as the
    /// outside review simulated memory pressure) crashes, hangs or refuses, depending on where
    /// its allocations fail. Whatever it does here, this process gets a picture that decoded
    /// back or a typed error, and is still running to check it.
    @Test func x265OutOfMemoryInTheChildFailsThatPictureCleanly() throws {
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let capped = HEIFEncodeProcess.child(command: [
            "/bin/sh", "-c", "ulimit -v 130000; exec \"$0\" \"$1\"", binary, HEIFEncodeChild.argument,
        ])
        let image = Self.picture(width: 1600, height: 1200)
        let outcome = Result { () throws(ImageError) -> [UInt8] in
            try HEIFEncoder.encode(image, codec: .hevc, quality: 50, process: capped)
        }
        switch outcome {
        case .success(let bytes):
            #expect(try ImageDecoder.decode(bytes).image.size == image.size)
        case .failure(let error):
            #expect(error.reason.contains("HEIC"), "\(error)")
            print("x265 under ulimit -v 130000 in the child: \(error.reason)")
        }
    }
}
