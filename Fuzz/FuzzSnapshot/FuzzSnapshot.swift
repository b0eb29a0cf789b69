import FuzzHarness

/// libFuzzer entry: manifest and snapshot JSON (JSONValue payload) through SnapshotReader,
/// and the layout/container path grammars (see SnapshotHarness).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshot(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    SnapshotHarness.run(UnsafeBufferPointer(start: data, count: size))
}

// libFuzzer brings its own main; a plain build (no WT_LIBFUZZER) gets a replay driver instead.
#if !WT_LIBFUZZER
@main enum FuzzSnapshotReplay {
    static func main() { Replay.run { fuzzSnapshot($0.baseAddress, $0.count) } }
}
#endif
