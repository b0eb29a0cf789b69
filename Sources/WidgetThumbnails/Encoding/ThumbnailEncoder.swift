/// An output format's encoder as the budget search, the quality prediction and the reports see
/// it: the format it writes, how its quality setting behaves, and one encode call. Each encoder
/// declares these next to its own settings (`JPEGEncoder`, `WebPEncoder`, `PNGEncoder`, ...), and
/// `ImageEncoder.encoder(for:)` lists them once, so no caller compares a format with `.webp` to learn them.
public protocol ThumbnailEncoder {
    /// The format every encode writes.
    static var format: StoredFormat { get }
    /// How the quality setting behaves; nil for a lossless format (no quality to search).
    static var qualityScale: QualityScale? { get }
    /// Whether the format keeps alpha; without it a transparent pixel is flattened onto white.
    static var storesAlpha: Bool { get }
    /// One encode at `quality` (ignored when `qualityScale` is nil) with the settings of
    /// `effort`, embedding `iccProfile`. Errors carry no file name.
    static func encode(_ image: RGBAImage, quality: Double, effort: EncodeEffort,
                       iccProfile: ICCProfile?) throws(ImageError) -> [UInt8]
}

/// What the budget search needs to know about an encoder's quality setting.
public struct QualityScale: Sendable, Hashable {
    /// Every quality the encoder accepts.
    public var range: ClosedRange<Int>
    /// Where the search starts and how far down it may go, unless the caller says otherwise.
    public var standard: QualityRange
    /// How bytes follow quality: d ln(bytes) / d quality near the start quality at 500 px, what
    /// `QualityPrediction` assumes until two encodes measure it.
    public var typicalSlope: Double
    /// Whether fractional qualities give sizes between the whole numbers' (the search then
    /// refines its last whole step in quarter steps); false where only whole numbers are accepted.
    public var refinesFractions: Bool
    /// Whether one encode costs so much (AVIF, HEIC: 10-100 times JPEG's) that the search on a
    /// large picture predicts the quality from small trial encodes instead of measuring its way
    /// there (`BudgetedEncoder`).
    public var predictsFromTrials: Bool

    /// Stores each as given.
    public init(range: ClosedRange<Int>, standard: QualityRange, typicalSlope: Double, refinesFractions: Bool,
                predictsFromTrials: Bool = false) {
        self.range = range
        self.standard = standard
        self.typicalSlope = typicalSlope
        self.refinesFractions = refinesFractions
        self.predictsFromTrials = predictsFromTrials
    }

    /// `quality` as a whole number, or `invalidArgument` naming `format` (for encoders whose
    /// scale does not refine fractions; the encoder checks the range itself).
    static func whole(_ quality: Double, for format: StoredFormat) throws(ImageError) -> Int {
        guard let whole = Int(exactly: quality) else {
            throw ImageError(.invalidArgument, "\(format.name) quality \(quality) must be a whole number")
        }
        return whole
    }
}
