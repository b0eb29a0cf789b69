/// What a thumbnail is made from: an encoded image in memory, or a PNG or JPEG left in its
/// open file.
///
/// PNG and JPEG stream from their files row by row (`PNGRowReader`, `JPEGRowReader`), so
/// their memory grows with the width and not with the file: a 45 MB strip costs a 64 KiB
/// read buffer, not 45 MB. WebP and HEIF are read whole in one read: their decoders (libwebp,
/// libheif) want every byte in memory at once, and their files are small next to the pixels.
public enum ThumbnailInput {
    /// An encoded image in memory.
    case bytes([UInt8])
    /// A PNG left in its open file, read row by row.
    case pngFile(OpenInputFile)
    /// A JPEG left in its open file, read as the decoder asks.
    case jpegFile(OpenInputFile)

    /// Opens `path` (refusing files over `maxBytes` before reading) and sniffs its first bytes:
    /// a PNG or JPEG stays in its file; anything else is read whole (and refused later if it is
    /// not an image). Errors name the file.
    public static func open(atPath path: String, maxBytes: Int) throws(ImageError) -> ThumbnailInput {
        let file = try OpenInputFile(path: path, maxBytes: maxBytes)
        switch FormatSniffer.sniff(try file.read(at: 0, count: 8)) {
        case .supported(.png): return .pngFile(file)
        case .supported(.jpeg): return .jpegFile(file)
        default: return .bytes(try file.readAll())
        }
    }

    /// The encoded file's size in bytes.
    public var fileBytes: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .pngFile(let file), .jpegFile(let file): file.size
        }
    }

    /// The memory this input holds while it is thumbnailed: the bytes, or a file's read buffer
    /// (a JPEG's marker walk also reads its head, usually within those 64 KiB).
    public var heldBytes: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .pngFile, .jpegFile: 64 << 10
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
        case .jpegFile(let file):
            do {
                return try JPEGDecoder.probe(.file(file), limits: limits)
            } catch {
                throw error.naming(file.path)
            }
        }
    }
}
