/// Everything a caller can choose about a thumbnail. Every default is one the README's `thumbnail` section lists.
public struct ThumbnailOptions: Sendable, Equatable {
    /// The upright box the thumbnail fits inside, aspect ratio kept, never upscaled.
    /// Default 500x500: a long side of 500 px, the top of the 300-500 px a widget's thumbnail is given.
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
    /// Whether a HEIF's embedded thumbnail may stand in for its primary image when it is
    /// large enough for the box. Default `.whenLargeEnough`; `.never` is `--full-decode`.
    public var embeddedThumbnails: EmbeddedThumbnailPolicy
    /// Whether HEVC's in-loop filters may be skipped for a HEIC primary at least 4x the
    /// thumbnail per axis. Default `.skipWhenDownscaling`; `.always` is `--full-decode`.
    public var hevcLoopFilters: HEVCLoopFilterPolicy

    /// Every parameter defaults to the value documented on its property.
    public init(box: PixelSize = PixelSize(width: 500, height: 500), family: WidgetFamily? = nil,
                format: OutputFormat = .auto, budget: ByteBudget = .standard, quality: QualityRange? = nil,
                effort: EncodeEffort = .standard,
                colorPolicy: ColorPolicy = .convertToSRGB, strictness: Strictness = .lenient,
                limits: DecodeLimits = .default, embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough,
                hevcLoopFilters: HEVCLoopFilterPolicy = .skipWhenDownscaling) {
        self.box = box
        self.family = family
        self.format = format
        self.budget = budget
        self.quality = quality
        self.effort = effort
        self.colorPolicy = colorPolicy
        self.strictness = strictness
        self.limits = limits
        self.embeddedThumbnails = embeddedThumbnails
        self.hevcLoopFilters = hevcLoopFilters
    }

    /// The devices to size and budget for: `devices`, or the built-in catalogue's current ones.
    public var chosenDevices: [DeviceClass] { devices ?? WidgetCatalog.builtIn.currentDevices }

    /// The box for a source of `sourceSize`: the family's (on `chosenDevices`), or `box`.
    public func box(forSource sourceSize: PixelSize) -> PixelSize {
        family.map { FamilySizing.box(for: $0, sourceSize: sourceSize, devices: chosenDevices) } ?? box
    }
}
