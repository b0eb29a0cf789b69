/// Everything a caller can choose about a thumbnail. Every default is the widget brief's.
public struct ThumbnailOptions: Sendable, Equatable {
    /// The output format. Default `.auto`: JPEG for opaque images, WebP for images with alpha.
    public enum FormatChoice: String, Sendable, Codable, CaseIterable {
        case auto, jpeg, webp, png

        /// The concrete format for an image with or without transparency.
        public func resolve(hasTransparency: Bool) -> ImageFormat {
            switch self {
            case .auto: hasTransparency ? .webp : .jpeg
            case .jpeg: .jpeg
            case .webp: .webp
            case .png: .png
            }
        }
    }

    /// The upright box the thumbnail fits inside, aspect ratio kept, never upscaled.
    /// Default 500x500: a long side of 500 px, the top of the brief's 300-500 px range.
    public var box: PixelSize
    /// When set, sizes the thumbnail for this widget family instead of `box`: it covers the
    /// family's largest slot and stays under its smallest archival cap. Default nil.
    public var family: WidgetFamily?
    /// Default `.auto`.
    public var format: FormatChoice
    /// The byte budget. Default: 300,000-byte cap, never over the 500,000-byte ceiling.
    public var budget: ByteBudget
    /// Default `.convertToSRGB`.
    public var colorPolicy: ColorPolicy
    /// Damaged-input policy. Default `.lenient`.
    public var strictness: Strictness
    /// Decoder limits. Default `DecodeLimits.default`.
    public var limits: DecodeLimits

    public init(box: PixelSize = PixelSize(width: 500, height: 500), family: WidgetFamily? = nil,
                format: FormatChoice = .auto, budget: ByteBudget = ByteBudget(),
                colorPolicy: ColorPolicy = .convertToSRGB, strictness: Strictness = .lenient,
                limits: DecodeLimits = .default) {
        self.box = box
        self.family = family
        self.format = format
        self.budget = budget
        self.colorPolicy = colorPolicy
        self.strictness = strictness
        self.limits = limits
    }
}
