/// Where an input's encoded bytes come from: memory, or an open file that a decoder reading as
/// it goes (`SourceDecoder.readsFromFile`) reads as it asks (the file is never held whole).
enum EncodedInput {
    case bytes([UInt8])
    case file(OpenInputFile)

    /// The encoded size in bytes.
    var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(let file): file.size
        }
    }

    /// Every byte, in one read from a file: for a decoder that wants them all at once.
    func wholeBytes() throws(ImageError) -> [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .file(let file): try file.readAll()
        }
    }
}
