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
    /// Whether HEVC's in-loop filters may be skipped for a HEIC primary at least 4x the output
    /// of `targetBox` per axis. Default `.skipWhenDownscaling`; `.always` runs them.
    public var hevcLoopFilters: HEVCLoopFilterPolicy

    /// Every parameter defaults to the value documented on its property: a full-size, lenient
    /// decode within `DecodeLimits.default`.
    public init(limits: DecodeLimits = .default, strictness: Strictness = .lenient, targetBox: PixelSize? = nil,
                embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough,
                hevcLoopFilters: HEVCLoopFilterPolicy = .skipWhenDownscaling) {
        self.limits = limits
        self.strictness = strictness
        self.targetBox = targetBox
        self.embeddedThumbnails = embeddedThumbnails
        self.hevcLoopFilters = hevcLoopFilters
    }
}
