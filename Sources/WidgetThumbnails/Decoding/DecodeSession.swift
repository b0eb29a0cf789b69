/// One input opened for decoding, once: its format's session (`DecodingSession`: the probe's
/// facts and the format's own state that decodes them) and the decoder that opened it, so the
/// thumbnail pipeline never walks or opens an input twice for its first size.
///
/// Made by `ThumbnailInput.withSession` and valid only inside that call, which frees the
/// decoders' state on every path. Use it from one thread at a time.
public final class DecodeSession {
    /// The format's opened state.
    let opened: any DecodingSession
    /// The decoder that opened it, whose rules the facts below are.
    let decoder: any SourceDecoder.Type

    /// The header facts (format, size, orientation, colour), with the limits checked.
    public let info: ImageInfo

    init(_ opened: any DecodingSession, decoder: any SourceDecoder.Type) {
        self.opened = opened
        self.decoder = decoder
        info = opened.info
    }

    /// What the decodes so far found wrong with the input and decoded around (lenient mode):
    /// libjpeg's warning for a truncated or corrupt JPEG scan, such as "Premature end of JPEG
    /// file", whose missing part comes out grey. Nil until a decode has run, and for a clean one.
    public var damage: String? { opened.damage }

    /// Decodes the input at the scale for `options.targetBox` and drops the pixels: the damage
    /// the decode found (`damage`), for a report that makes no thumbnail (`inspect`). Only a
    /// format whose decodes report damage (JPEG) is decoded; nil for the others.
    public func decodeForDamage(options: DecodeOptions) throws(ImageError) -> String? {
        guard opened is JPEGSession else { return nil }
        let source = try opened.source(for: options)
        _ = try source.resampled(to: PixelSize(width: 1, height: 1))
        return damage
    }

    /// How the decoder shrinks this input on load for a thumbnail that fits `box` (`options`
    /// gives the limits and HEIF's choices).
    public func decodeScale(for box: PixelSize, options: DecodeOptions = DecodeOptions()) -> DecodeScale {
        decoder.decodeScale(info, box: box, options: options)
    }

    /// The most memory the decoder's decode of this input for `box` holds at once.
    public func peakDecodeBytes(for box: PixelSize, options: DecodeOptions = DecodeOptions()) -> Int {
        decoder.peakDecodeBytes(info, box: box, options: options)
    }

    /// The input's pixels for `options` (whose limits and strictness must be the session's).
    func source(for options: DecodeOptions) throws(ImageError) -> any ScaledSource {
        try opened.source(for: options)
    }
}
