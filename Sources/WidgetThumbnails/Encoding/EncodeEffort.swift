/// How much encoder work to spend for fewer bytes at the same quality: 0 (fastest) to 6
/// (smallest). Default 4, the level `vipsthumbnail` and Pillow use for WebP; measured with
/// `scripts/quality-curves.py` (README, Quality).
///
/// - WebP: libwebp's `method`, one to one. Method 4 needs about 17% fewer bytes than 1 for the
///   same SSIM on photos at 500 px, for about 2.4x its encode time.
/// - JPEG: see `JPEGEncoder.Settings.init(quality:effort:)`.
public struct EncodeEffort: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The valid levels: 0 (fastest) to 6 (smallest).
    public static let range = 0...6

    /// 0-6.
    public let level: Int

    /// Throws `invalidArgument` outside `range`.
    public init(_ level: Int) throws(ImageError) {
        guard Self.range.contains(level) else {
            throw ImageError(.invalidArgument, "encoder effort \(level) is outside \(Self.range)")
        }
        self.level = level
    }

    private init(checked level: Int) {
        self.level = level
    }

    /// 0: the old default speed and more (WebP method 0, baseline JPEG with standard tables).
    public static let fastest = EncodeEffort(checked: 0)
    /// 4: the default.
    public static let standard = EncodeEffort(checked: 4)
    /// 6: the fewest bytes, at several times the encode time of 4.
    public static let smallest = EncodeEffort(checked: 6)

    /// Orders by level: more effort is greater.
    public static func < (lhs: EncodeEffort, rhs: EncodeEffort) -> Bool { lhs.level < rhs.level }

    /// The level, as a bare number ("4").
    public var description: String { "\(level)" }
}
