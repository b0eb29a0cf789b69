import FuzzHarness
import WidgetThumbnails

/// libFuzzer entry: the PNG decode paths with the library's real limits (see DecodeHarness).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    DecodeHarness.run(UnsafeBufferPointer(start: data, count: size), expecting: .png)
}

// libFuzzer brings its own main; a plain build (no WT_LIBFUZZER) gets a replay driver instead.
#if !WT_LIBFUZZER
@main enum FuzzPNGReplay {
    static func main() { Replay.run { fuzzPNG($0.baseAddress, $0.count) } }
}
#endif
