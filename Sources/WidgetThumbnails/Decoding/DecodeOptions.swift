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
    /// The choices only HEIF has (embedded thumbnails, HEVC loop filters). Default: both
    /// `HEIFDecodeOptions` defaults. They were `embeddedThumbnails` and `hevcLoopFilters` on
    /// this type before: read and set `heif.embeddedThumbnails` and `heif.hevcLoopFilters`.
    public var heif: HEIFDecodeOptions

    /// Every parameter defaults to the value documented on its property: a full-size, lenient
    /// decode within `DecodeLimits.default`. (The HEIF choices were parameters of their own
    /// before they moved to `heif`: pass `heif: HEIFDecodeOptions(embeddedThumbnails:hevcLoopFilters:)`.)
    public init(limits: DecodeLimits = .default, strictness: Strictness = .lenient, targetBox: PixelSize? = nil,
                heif: HEIFDecodeOptions = HEIFDecodeOptions()) {
        self.limits = limits
        self.strictness = strictness
        self.targetBox = targetBox
        self.heif = heif
    }
}
