/// What a thumbnail is made from: a file named by its path, an encoded image in memory, a PNG
/// or JPEG left in its open file, or an input its caller has already opened (`withSession`).
///
/// PNG and JPEG stream from their files row by row (`PNGRowReader`, `JPEGRowReader`), so
/// their memory grows with the width and not with the file: a 45 MB strip costs a 64 KiB
/// read buffer, not 45 MB. WebP and HEIF are read whole in one read: their decoders (libwebp,
/// libheif) want every byte in memory at once, and their files are small next to the pixels.
public enum ThumbnailInput {
    /// The file at a path, opened (`open(atPath:maxBytes:)`, with the limits' `maxFileBytes`)
    /// when a session opens it. Errors name it.
    case path(String)
    /// An encoded image in memory.
    case bytes([UInt8])
    /// A PNG left in its open file, read row by row.
    case pngFile(OpenInputFile)
    /// A JPEG left in its open file, read as the decoder asks.
    case jpegFile(OpenInputFile)
    /// An input its caller opened with `withSession` (with the limits and strictness it is
    /// thumbnailed with), to read its header facts first (to admit the work by memory, say)
    /// without opening it twice. Valid only inside that `withSession` call.
    case session(DecodeSession)

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

    /// The path that names this input in errors, when it has one.
    public var path: String? {
        switch self {
        case .path(let path): path
        case .pngFile(let file), .jpegFile(let file): file.path
        case .bytes, .session: nil
        }
    }

    /// The encoded file's size in bytes; nil before a path is opened, and for a session.
    public var fileBytes: Int? {
        switch self {
        case .bytes(let bytes): bytes.count
        case .pngFile(let file), .jpegFile(let file): file.size
        case .path, .session: nil
        }
    }

    /// The memory this input holds while it is thumbnailed: the bytes, or a file's read buffer
    /// (a JPEG's marker walk also reads its head, usually within those 64 KiB); nil before a
    /// path is opened, and for a session.
    public var heldBytes: Int? {
        switch self {
        case .bytes(let bytes): bytes.count
        case .pngFile, .jpegFile: 64 << 10
        case .path, .session: nil
        }
    }

    /// The header facts (format, size, orientation, colour), with the limits checked: a
    /// lenient session (`withSession`) that only reads its facts.
    public func probe(limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try withSession(limits: limits) { session in session.info }
    }

    /// Opens the input for decoding, once (`DecodeSession`): walks its headers and opens its
    /// decoder within `limits`, `strictness` deciding whether a decoder warning refuses it,
    /// and runs `body` with the session, whose facts a caller may use before it decodes (to
    /// size the thumbnail, or to admit it by memory). The decoders' state is freed when this
    /// returns. An error opening a file names it.
    public func withSession<Result>(
        limits: DecodeLimits, strictness: Strictness = .lenient,
        _ body: (DecodeSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        let options = DecodeOptions(limits: limits, strictness: strictness)
        switch self {
        case .path(let path):
            return try ThumbnailInput.open(atPath: path, maxBytes: limits.maxFileBytes)
                .withSession(limits: limits, strictness: strictness, body)
        case .session(let session):
            return try body(session)
        case .bytes(let bytes):
            switch try ImageDecoder.format(of: bytes) {
            case .jpeg:
                return try JPEGSession.withSession(.bytes(bytes), limits: limits, strictness: strictness) {
                    (session) throws(ImageError) -> Result in try body(DecodeSession(session))
                }
            case .png:
                return try PNGSession.withSession(.bytes(bytes), options: options) {
                    (session) throws(ImageError) -> Result in try body(DecodeSession(session))
                }
            case .webp:
                return try body(DecodeSession(WebPFile(bytes, limits: limits), bytes: bytes))
            case .heif:
                return try body(DecodeSession(HEIFFile(bytes, limits: limits)))
            }
        case .pngFile(let file):
            return try PNGSession.withSession(.file(file), options: options) {
                (session) throws(ImageError) -> Result in try body(DecodeSession(session))
            }
        case .jpegFile(let file):
            // Only the opening's errors are named here, as the file's; the body names its own.
            var opened = false
            do {
                return try JPEGSession.withSession(.file(file), limits: limits, strictness: strictness) {
                    (session) throws(ImageError) -> Result in
                    opened = true
                    return try body(DecodeSession(session))
                }
            } catch {
                throw opened ? error : error.naming(file.path)
            }
        }
    }
}
