/// What a thumbnail is made from: an encoded image in memory, or an input left in its open
/// file for a decoder that reads as it goes.
///
/// PNG and JPEG stream from their files row by row (`PNGRowReader`, `JPEGRowReader`), so
/// their memory grows with the width and not with the file: a 45 MB strip costs a 64 KiB
/// read buffer, not 45 MB. WebP and HEIF are read whole in one read: their decoders (libwebp,
/// libheif) want every byte in memory at once, and their files are small next to the pixels.
/// Each format's decoder says which it is (`SourceDecoder.readsFromFile`).
public enum ThumbnailInput {
    /// An encoded image in memory.
    case bytes([UInt8])
    /// An input of `SourceFormat` left in its open file, read as its decoder asks.
    case file(OpenInputFile, SourceFormat)

    /// How many first bytes `open` sniffs: enough for every magic number a decoder that
    /// reads from its file is told by.
    static let sniffedBytes = 32

    /// Opens `path` (refusing files over `maxBytes` before reading) and sniffs its first bytes:
    /// an input whose decoder reads as it goes (PNG, JPEG) stays in its file; anything else is
    /// read whole (and refused later if it is not an image). Errors name the file.
    public static func open(atPath path: String, maxBytes: Int) throws(ImageError) -> ThumbnailInput {
        let file = try OpenInputFile(path: path, maxBytes: maxBytes)
        if case .supported(let format) = FormatSniffer.sniff(try file.read(at: 0, count: sniffedBytes)),
           Decoders.decoder(for: format).readsFromFile {
            return .file(file, format)
        }
        return .bytes(try file.readAll())
    }

    /// The encoded file's size in bytes.
    public var fileBytes: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(let file, _): file.size
        }
    }

    /// The memory this input holds while it is thumbnailed: the bytes, or a file's read buffer
    /// (a JPEG's marker walk also reads its head, usually within those 64 KiB).
    public var heldBytes: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file: 64 << 10
        }
    }

    /// The header facts (format, size, orientation, colour), with the limits checked: a
    /// lenient session (`withSession`) that only reads its facts.
    public func probe(limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try withSession(limits: limits) { session in session.info }
    }

    /// Opens the input for decoding, once (`DecodeSession`), with its format's decoder
    /// (`Decoders`): walks its headers and opens the decoder within `limits`, `strictness`
    /// deciding whether a decoder warning refuses it, and runs `body` with the session, whose
    /// facts a caller may use before it decodes (to size the thumbnail, or to admit it by
    /// memory). The decoders' state is freed when this returns. An error opening a file names it.
    public func withSession<Result>(
        limits: DecodeLimits, strictness: Strictness = .lenient,
        _ body: (DecodeSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        switch self {
        case .bytes(let bytes):
            let decoder = Decoders.decoder(for: try ImageDecoder.format(of: bytes))
            return try decoder.withSession(.bytes(bytes), limits: limits, strictness: strictness) {
                (opened) throws(ImageError) -> Result in try body(DecodeSession(opened, decoder: decoder))
            }
        case .file(let file, let format):
            let decoder = Decoders.decoder(for: format)
            // Only the opening's errors are named here, as the file's; the body names its own.
            var opened = false
            do {
                return try decoder.withSession(.file(file), limits: limits, strictness: strictness) {
                    (session) throws(ImageError) -> Result in
                    opened = true
                    return try body(DecodeSession(session, decoder: decoder))
                }
            } catch {
                throw opened ? error : error.naming(file.path)
            }
        }
    }
}
