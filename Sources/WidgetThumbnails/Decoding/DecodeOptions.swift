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
    /// `HEIFDecodeOptions` defaults.
    public var heif: HEIFDecodeOptions

    /// Every parameter defaults to the value documented on its property: a full-size, lenient
    /// decode within `DecodeLimits.default`. (The HEIF choices were parameters of their own
    /// before they moved to `heif`.)
    public init(limits: DecodeLimits = .default, strictness: Strictness = .lenient, targetBox: PixelSize? = nil,
                heif: HEIFDecodeOptions = HEIFDecodeOptions()) {
        self.limits = limits
        self.strictness = strictness
        self.targetBox = targetBox
        self.heif = heif
    }

    /// `heif.embeddedThumbnails`, where this choice lived before it moved to HEIF's options.
    @available(*, deprecated, renamed: "heif.embeddedThumbnails")
    public var embeddedThumbnails: EmbeddedThumbnailPolicy {
        get { heif.embeddedThumbnails }
        set { heif.embeddedThumbnails = newValue }
    }

    /// `heif.hevcLoopFilters`, where this choice lived before it moved to HEIF's options.
    @available(*, deprecated, renamed: "heif.hevcLoopFilters")
    public var hevcLoopFilters: HEVCLoopFilterPolicy {
        get { heif.hevcLoopFilters }
        set { heif.hevcLoopFilters = newValue }
    }
}
