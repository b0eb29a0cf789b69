/// Where the budget search starts and how far down it may go, for a format with a quality
/// setting (its encoder's `QualityScale`). A result below `floor` looks broken, so past it the search shrinks
/// the pixel size instead.
public struct QualityRange: Sendable, Hashable, CustomStringConvertible {
    /// The quality of the first encode, which is the result whenever it fits.
    public var start: Int
    /// The lowest quality the search may pick. In a range made by `starting(at:)`, `start`
    /// until the encoder resolves it (`resolved(for:)`).
    public var floor: Int
    /// Whether the written format's own floor applies (`starting(at:)`), not `floor`.
    public private(set) var followsFormatFloor = false

    /// Stores both as given; `BudgetedEncoder.encode` checks them against the format
    /// (`floor <= start`, both in its quality range) before its first encode.
    public init(start: Int, floor: Int) {
        self.start = start
        self.floor = floor
    }

    /// A search from `start` down to the written format's own floor (its encoder's
    /// `QualityScale.standard.floor`), or to `start` where that is lower: a start quality set
    /// before the format is known (`--quality` with `auto`, which picks JPEG or WebP per image).
    public static func starting(at start: Int) -> QualityRange {
        var range = QualityRange(start: start, floor: start)
        range.followsFormatFloor = true
        return range
    }

    /// The range the search uses for the format `scale` belongs to.
    func resolved(for scale: QualityScale) -> QualityRange {
        followsFormatFloor ? QualityRange(start: start, floor: min(start, scale.standard.floor)) : self
    }

    /// JPEG: start 80, floor 40.
    public static let jpeg = QualityRange(start: 80, floor: 40)
    /// WebP: start 75 (libwebp's own default), floor 35.
    public static let webp = QualityRange(start: 75, floor: 35)

    /// Our range for `format` (its encoder's `QualityScale.standard`), nil for a lossless
    /// format such as PNG (no quality to search).
    public static func standard(for format: StoredFormat) -> QualityRange? {
        ImageEncoder.encoder(for: format).qualityScale?.standard
    }

    /// Throws unless `floor <= start` and both lie in `scale`'s range (`format` names it).
    func check(in scale: QualityScale, for format: StoredFormat) throws(ImageError) {
        let allowed = scale.range
        guard allowed.contains(floor), allowed.contains(start), floor <= start else {
            throw ImageError(.invalidArgument,
                             "\(format.name) quality range \(self) must have floor <= start, both in \(allowed)")
        }
    }

    /// The range as "floor-start" ("40-80"); "format floor-80" when it follows the format's.
    public var description: String { "\(followsFormatFloor ? "format floor" : "\(floor)")-\(start)" }
}
