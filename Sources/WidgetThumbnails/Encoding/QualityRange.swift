/// Where the budget search starts and how far down it may go, for a format with a quality
/// setting (its encoder's `QualityScale`). A result below `floor` looks broken, so past it the search shrinks
/// the pixel size instead.
public struct QualityRange: Sendable, Hashable, CustomStringConvertible {
    /// The quality of the first encode, which is the result whenever it fits.
    public var start: Int
    /// The lowest quality the search may pick.
    public var floor: Int

    /// Stores both as given; `BudgetedEncoder.encode` checks them against the format
    /// (`floor <= start`, both in its quality range) before its first encode.
    public init(start: Int, floor: Int) {
        self.start = start
        self.floor = floor
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

    /// The range as "floor-start" ("40-80").
    public var description: String { "\(floor)-\(start)" }
}
