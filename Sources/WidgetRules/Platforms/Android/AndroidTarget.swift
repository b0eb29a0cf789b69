/// What an Android widget image is made or budgeted for: a screen (its size sets the cap), a
/// density (its cells' slots in pixels), optionally one cell span, the distinct bitmaps one
/// update carries, and the target SDK. `budget` reports on it, `thumbnail` sizes for it.
public struct AndroidTarget: Sendable, Hashable {
    /// The display's real size in pixels in its current mode.
    public var screen: PixelSize
    /// The catalogue's screen of that size, when there is one (its label, density and source).
    public var catalogued: AndroidScreen?
    /// The density: given, else the catalogued screen's; nil when neither says.
    public var density: AndroidDensity?
    /// One cell span, or nil for every span of the table.
    public var cells: AndroidCellSpan?
    /// The distinct bitmaps one update carries (across every size bucket): each gets cap / bitmaps.
    public var bitmaps: Int
    /// The app's target SDK, when given.
    public var targetSDK: Int?

    /// A target on `screen`; the other parameters narrow or divide it.
    public init(screen: PixelSize, catalogued: AndroidScreen? = nil, density: AndroidDensity? = nil, cells: AndroidCellSpan? = nil,
                bitmaps: Int = 1, targetSDK: Int? = nil) {
        self.screen = screen
        self.catalogued = catalogued
        self.density = density ?? catalogued?.density
        self.cells = cells
        self.bitmaps = max(1, bitmaps)
        self.targetSDK = targetSDK
    }

    /// The cap M in bytes.
    public var capBytes: Int { AndroidBitmapCap.bytes(forScreen: screen) }

    /// One bitmap's share of the cap.
    public var shareBytes: Int { AndroidBitmapCap.share(of: capBytes, bitmaps: bitmaps) }

    /// Whether Android 17's stricter count applies (target SDK 37 or later).
    public var countsLikeAndroid17: Bool { (targetSDK ?? 0) >= AndroidPlatform.android17TargetSDK }

    /// The box a thumbnail for `cells` at `density` fits in: the span's largest slot, shrunk
    /// (its shape kept) until one ARGB_8888 bitmap of it is within the share. Nil without a
    /// density or a span.
    public var box: PixelSize? {
        guard let density, let cells else { return nil }
        return AndroidBitmapCap.largestFitting(cells.largestSlot(at: density), within: shareBytes, .argb8888)
    }
}
