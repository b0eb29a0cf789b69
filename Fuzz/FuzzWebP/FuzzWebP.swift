import FuzzHarness
import WidgetThumbnails

/// libFuzzer entry: the WebP decode paths with the library's real limits (see DecodeHarness).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    DecodeHarness.run(UnsafeBufferPointer(start: data, count: size), expecting: .webp)
}

// libFuzzer brings its own main; a plain build (no WT_LIBFUZZER) gets a replay driver instead.
#if !WT_LIBFUZZER
@main enum FuzzWebPReplay {
    static func main() { Replay.run { fuzzWebP($0.baseAddress, $0.count) } }
}
#endif
