/// How to decode one image.
public struct DecodeOptions: Sendable, Equatable {
    /// Limits checked before allocation. Default: `DecodeLimits.default`.
    public var limits: DecodeLimits
    /// Damaged-input policy. Default: `.lenient`.
    public var strictness: Strictness
    /// Shrink-on-load target: the decoder may return a smaller image as long as, once oriented,
    /// it still covers this box with room for a good final resample (at least the box on the
    /// axis that limits the fit). Nil (the default) decodes at full size.
    public var targetBox: PixelSize?
    /// Whether an embedded thumbnail (HEIF) may stand in for the primary image when decoding
    /// for `targetBox`. Default `.whenLargeEnough`; `.never` always decodes the primary.
    public var embeddedThumbnails: EmbeddedThumbnailPolicy

    public init(limits: DecodeLimits = .default, strictness: Strictness = .lenient, targetBox: PixelSize? = nil,
                embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough) {
        self.limits = limits
        self.strictness = strictness
        self.targetBox = targetBox
        self.embeddedThumbnails = embeddedThumbnails
    }
}
