/// One input opened for decoding, once: the probe's facts and the format's own state that
/// decodes them, so the thumbnail pipeline never walks or opens an input twice for its first
/// size. JPEG keeps its marker walk and the libjpeg reader that read the header
/// (`JPEGSession`), PNG its libpng reader (`PNGSession`), WebP its chunk walk (`WebPFile`),
/// HEIF its box walk and libheif context (`HEIFFile`).
///
/// Made by `ThumbnailInput.withSession` and valid only inside that call, which frees the
/// decoders' state on every path. Use it from one thread at a time.
public final class DecodeSession {
    /// Each format's opened state.
    enum Format {
        case jpeg(JPEGSession)
        case png(PNGSession)
        case webp(WebPFile, [UInt8])
        /// The file's bytes; the parsed file is `heifFile` until the decode takes it.
        case heif([UInt8])
    }

    /// The header facts (format, size, orientation, colour), with the limits checked.
    public let info: ImageInfo
    let format: Format
    /// A HEIF's libheif context (which holds a copy of the file), until the decode takes it, so
    /// it is freed as soon as the pixels no longer need it.
    private var heifFile: HEIFFile?

    init(_ session: JPEGSession) {
        info = session.info
        format = .jpeg(session)
    }

    init(_ session: PNGSession) {
        info = session.info
        format = .png(session)
    }

    init(_ file: WebPFile, bytes: [UInt8]) {
        info = file.info
        format = .webp(file, bytes)
    }

    init(_ file: HEIFFile) {
        info = file.info
        format = .heif(file.bytes)
        heifFile = file
    }

    /// The probe's HEIF file the first time; a new parse of `bytes` after (within `limits`).
    func takeHEIFFile(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> HEIFFile {
        if let file = heifFile.take() { return file }
        return try HEIFFile(bytes, limits: limits)
    }
}
