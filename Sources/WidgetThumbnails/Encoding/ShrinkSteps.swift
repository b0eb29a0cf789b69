/// How the budget search shrinks the pixel size once the quality floor is still too big.
public struct ShrinkSteps: Sendable, Hashable {
    /// Each step's long side is this fraction of the previous one (0 < factor < 1).
    public var factor: Double
    /// Never below this long side (300 px: the small end of the widget thumbnail range), nor
    /// below the image's own long side when that is smaller (then it does not shrink at all).
    public var minimumLongSide: Int

    /// Defaults: `factor` 0.85 (15% off the long side per step), `minimumLongSide` 300 px.
    /// `BudgetedEncoder.encode` refuses invalid ones before its first encode.
    public init(factor: Double = 0.85, minimumLongSide: Int = 300) {
        self.factor = factor
        self.minimumLongSide = minimumLongSide
    }

    /// The default steps: factor 0.85 down to a 300 px long side.
    public static let standard = ShrinkSteps()

    /// The sizes to try after `size`, largest first, keeping the aspect ratio: each long side
    /// `factor` of the one before (at least 1 px less), the last one exactly at the minimum.
    public func sizes(below size: PixelSize) -> [PixelSize] {
        let long = max(size.width, size.height)
        let minimum = max(1, min(minimumLongSide, long))
        var sizes: [PixelSize] = []
        var current = long
        while current > minimum {
            current = max(minimum, min(current - 1, Int((Double(current) * factor).rounded(.down))))
            sizes.append(Self.fit(size, longSide: current))
        }
        return sizes
    }

    /// `size` scaled so its long side is `longSide`, the short side rounded, at least 1.
    static func fit(_ size: PixelSize, longSide: Int) -> PixelSize {
        let long = max(size.width, size.height)
        let short = max(1, Int((Double(min(size.width, size.height)) * Double(longSide) / Double(long)).rounded()))
        return size.width >= size.height
            ? PixelSize(width: longSide, height: short)
            : PixelSize(width: short, height: longSide)
    }

    func check() throws(ImageError) {
        guard factor > 0, factor < 1, minimumLongSide >= 1 else {
            throw ImageError(.invalidArgument,
                             "shrink factor \(factor) must be between 0 and 1 and the minimum long side \(minimumLongSide) at least 1")
        }
    }
}
