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
