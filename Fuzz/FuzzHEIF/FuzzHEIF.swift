import FuzzHarness
import WidgetThumbnails

/// libFuzzer entry: the HEIF/AVIF decode paths with the library's real limits (see DecodeHarness).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    DecodeHarness.run(UnsafeBufferPointer(start: data, count: size), expecting: .heif)
}

// libFuzzer brings its own main; a plain build (no WT_LIBFUZZER) gets a replay driver instead.
#if !WT_LIBFUZZER
@main enum FuzzHEIFReplay {
    static func main() { Replay.run { fuzzHEIF($0.baseAddress, $0.count) } }
}
#endif
