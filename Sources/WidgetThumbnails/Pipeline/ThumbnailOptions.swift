/// Everything a caller can choose about a thumbnail. Every default is the widget brief's.
public struct ThumbnailOptions: Sendable, Equatable {
    /// The upright box the thumbnail fits inside, aspect ratio kept, never upscaled.
    /// Default 500x500: a long side of 500 px, the top of the brief's 300-500 px range.
    public var box: PixelSize
    /// When set, sizes the thumbnail for this widget family instead of `box`: it covers the
    /// family's largest slot and stays under its smallest archival cap. Default nil.
    public var family: WidgetFamily?
    /// The devices `family` sizes for and the render cost reports on. Default nil: every
    /// current device of the built-in catalogue (`WidgetCatalog.devices(_:)` chooses others).
    public var devices: [DeviceClass]?
    /// Default `.auto`: JPEG for opaque images, WebP for images with alpha.
    public var format: OutputFormat
    /// The byte budget. Default: 300,000-byte cap, never over the 500,000-byte ceiling.
    public var budget: ByteBudget
    /// Start quality and floor of the quality search. Default nil: JPEG 80/40, WebP 75/35.
    public var quality: QualityRange?
    /// Encoder work for fewer bytes at the same quality, 0-6. Default `.standard` (4): WebP
    /// method 4, JPEG with optimised Huffman tables.
    public var effort: EncodeEffort
    /// Default `.convertToSRGB`.
    public var colorPolicy: ColorPolicy
    /// Damaged-input policy. Default `.lenient`.
    public var strictness: Strictness
    /// Decoder limits. Default `DecodeLimits.default`.
    public var limits: DecodeLimits
    /// The choices only a HEIF original has: whether its embedded thumbnail may stand in for
    /// the primary, whether HEVC's in-loop filters may be skipped. Default: both
    /// `HEIFDecodeOptions` defaults; `--full-decode` turns both off.
    public var heif: HEIFDecodeOptions

    /// Every parameter defaults to the value documented on its property. (The HEIF choices
    /// were parameters of their own before they moved to `heif`.)
    public init(box: PixelSize = PixelSize(width: 500, height: 500), family: WidgetFamily? = nil,
                format: OutputFormat = .auto, budget: ByteBudget = .standard, quality: QualityRange? = nil,
                effort: EncodeEffort = .standard,
                colorPolicy: ColorPolicy = .convertToSRGB, strictness: Strictness = .lenient,
                limits: DecodeLimits = .default, heif: HEIFDecodeOptions = HEIFDecodeOptions()) {
        self.box = box
        self.family = family
        self.format = format
        self.budget = budget
        self.quality = quality
        self.effort = effort
        self.colorPolicy = colorPolicy
        self.strictness = strictness
        self.limits = limits
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

    /// The devices to size and budget for: `devices`, or the built-in catalogue's current ones.
    public var chosenDevices: [DeviceClass] { devices ?? WidgetCatalog.builtIn.currentDevices }

    /// The box for a source of `sourceSize`: the family's (on `chosenDevices`), or `box`.
    public func box(forSource sourceSize: PixelSize) -> PixelSize {
        family.map { FamilySizing.box(for: $0, sourceSize: sourceSize, devices: chosenDevices) } ?? box
    }
}
