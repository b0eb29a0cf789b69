/// What the JPEG decoder reads from its input: memory, or an open file read as it asks (the
/// file is never held whole).
extension EncodedInput {
    /// The bytes the marker walk needs: all of them in memory; from a file, its head up to
    /// the first scan, read in growing pieces (64 KiB is enough for nearly every file; a file
    /// with more metadata than that costs a few more reads, never more than the file).
    func markerBytes() throws(ImageError) -> [UInt8] {
        switch self {
        case .bytes(let bytes):
            return bytes
        case .file(let file):
            var count = 64 << 10
            while true {
                let head = try file.read(at: 0, count: count)
                if head.count >= file.size || JPEGMarkers(head, maxMetadataBytes: 0).isComplete { return head }
                count *= 4
            }
        }
    }

    /// Opens a `JPEGRowReader` over the input and runs `body` with it.
    func withJPEGReader<Result>(strictness: Strictness,
                            _ body: (inout JPEGRowReader) throws(ImageError) -> Result) throws(ImageError) -> Result {
        switch self {
        case .bytes(let bytes): try JPEGRowReader.withReader(bytes, strictness: strictness, body)
        case .file(let file): try JPEGRowReader.withReader(file, strictness: strictness, body)
        }
    }
}
