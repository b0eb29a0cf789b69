/// What a thumbnail is made from: an encoded image in memory, or a PNG left in its open file.
///
/// A PNG streams from its file row by row (`PNGRowReader`), so its memory grows with the
/// width and not with the file: a 45 MB strip costs a 64 KiB read buffer, not 45 MB. JPEG
/// and WebP are read whole in one read: their decoders (TurboJPEG, libwebp) want every byte
/// in memory at once, and their files are small next to the decoded pixels.
public enum ThumbnailInput {
    /// An encoded image in memory.
    case bytes([UInt8])
    /// A PNG left in its open file, read row by row.
    case pngFile(OpenInputFile)

    /// Opens `path` (refusing files over `maxBytes` before reading) and sniffs its first bytes:
    /// a PNG stays in its file; anything else is read whole (and refused later if it is not
    /// an image). Errors name the file.
    public static func open(atPath path: String, maxBytes: Int) throws(ImageError) -> ThumbnailInput {
        let file = try OpenInputFile(path: path, maxBytes: maxBytes)
        if case .supported(.png) = FormatSniffer.sniff(try file.read(at: 0, count: 8)) {
            return .pngFile(file)
        }
        return .bytes(try file.readAll())
    }

    /// The encoded file's size in bytes.
    public var fileBytes: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .pngFile(let file): file.size
        }
    }

    /// The memory this input holds while it is thumbnailed: the bytes, or a PNG file's read buffer.
    public var heldBytes: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .pngFile: 64 << 10
        }
    }

    /// The header facts (format, size, orientation, colour), with the limits checked.
    public func probe(limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        switch self {
        case .bytes(let bytes):
            return try ImageDecoder.probe(bytes, limits: limits)
        case .pngFile(let file):
            return try PNGRowReader.withReader(file, options: DecodeOptions(limits: limits)) { reader throws(ImageError) in
                reader.info
            }
        }
    }
}
