/// One input format's decoder, in that format's folder and listed once in `Decoders`. It opens
/// an input as a session (`DecodingSession`) whose pixels it then decodes, decodes a whole
/// image, and says from the header's facts alone how it decodes for a box and how much memory
/// that holds. Implementations are stateless namespaces over a C shim; their errors carry no
/// file name (the caller adds it).
protocol SourceDecoder {
    /// The format it decodes: its row in `SourceFormat`.
    static var format: SourceFormat { get }
    /// Whether it reads an input from its open file as it goes (JPEG, PNG), so memory grows
    /// with the width and not with the file; the others are handed the file's bytes whole.
    static var readsFromFile: Bool { get }

    /// Opens `input` once: walks its headers and opens the library within `limits`
    /// (`strictness` deciding whether a warning refuses it) and runs `body` with the session.
    /// The library's state is freed when this returns, on every path.
    static func withSession<Result>(
        _ input: EncodedInput, limits: DecodeLimits, strictness: Strictness,
        _ body: (any DecodingSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result

    /// Decodes `bytes` whole to RGBA8, honouring the limits, the strictness and shrink-on-load.
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage

    /// How it decodes `info` for a thumbnail that fits `box` (`options` gives the limits and
    /// HEIF's choices): what `inspect` reports and the memory estimate counts.
    static func decodeScale(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> DecodeScale

    /// The most memory its decode of `info` for `box` holds at once, from the header alone
    /// (`DecodeMemoryEstimate`): the pixels at `decodeScale`'s size and its own whole-image
    /// buffers where it needs them.
    static func peakDecodeBytes(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> Int

    /// The size of the whole picture it hands over for `box` when the pipeline keeps it in
    /// memory (a cover crop, several families).
    static func wholeDecodeSize(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> PixelSize
}

extension SourceDecoder {
    /// The stored size: PNG, WebP (conservatively: its scaled decode may be smaller) and HEIF.
    static func wholeDecodeSize(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> PixelSize { info.size }

    /// The header facts of `bytes`, with the limits checked: a lenient session that only
    /// reads its facts.
    static func probe(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try withSession(.bytes(bytes), limits: limits, strictness: .lenient) { session in session.info }
    }
}

/// One input opened by its format's decoder (`SourceDecoder.withSession`) and valid only inside
/// that call: the probe's facts and the format's own opened state, which decodes the pixels,
/// so an input is walked and opened once for its first size. Use it from one thread at a time.
protocol DecodingSession: AnyObject {
    /// The header facts (format, size, orientation, colour), with the limits checked.
    var info: ImageInfo { get }

    /// The input's pixels for `options` (whose limits and strictness are the session's), at
    /// the scale the decoder picks for `options.targetBox`.
    func source(for options: DecodeOptions) throws(ImageError) -> any ScaledSource

    /// The first damage its decodes so far found and decoded around (lenient mode's library
    /// warning: libjpeg's "Premature end of JPEG file"); nil when none, or for a format whose
    /// warnings are not taken as damage.
    var damage: String? { get }
}

extension DecodingSession {
    var damage: String? { nil }
}
