/// One format's decoder. Implementations are stateless namespaces over a C shim; every call
/// takes the whole file in memory (already size-checked) and throws `ImageError` without a
/// file name (the dispatcher adds it). `probe` and `decode` each open the file for one call;
/// the thumbnail pipeline instead opens an input once, as a `DecodeSession` over the format's
/// own opened state (`JPEGSession`, `PNGSession`, `WebPFile`, `HEIFFile`), and decodes with it.
protocol FormatDecoder {
    /// Reads the header and metadata only: size, orientation, ICC profile, alpha, depth.
    static func probe(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> ImageInfo
    /// Decodes to RGBA8, honouring the limits, the strictness and shrink-on-load.
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage
    /// The most memory the pipeline's decode of `info` for `box` holds at once, from the
    /// header alone (`DecodeMemoryEstimate`): the pixels at the scale this decoder picks and
    /// its own whole-image buffers where it needs them.
    static func peakDecodeBytes(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> Int
    /// The size of the whole picture this decoder hands over for `box` when the pipeline keeps
    /// it in memory (a cover crop, several families): the stored size unless the format
    /// decodes smaller.
    static func wholeDecodeSize(_ info: ImageInfo, box: PixelSize) -> PixelSize
}

extension FormatDecoder {
    /// The stored size: PNG, WebP (conservatively: its scaled decode may be smaller) and HEIF.
    static func wholeDecodeSize(_ info: ImageInfo, box: PixelSize) -> PixelSize { info.size }
}
