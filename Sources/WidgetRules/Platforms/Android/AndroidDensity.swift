/// An Android screen density: its dots per inch, as `DisplayMetrics.densityDpi` gives it. A
/// density-independent pixel (dp) is `dpi / 160` px, so 420 dpi is 2.625 px a dp. Kept as the
/// whole dpi, so a slot is never a floating-point pixel off (624 dp at 420 dpi is 1638 px).
public struct AndroidDensity: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The dots per inch (`densityDpi`), e.g. 420.
    public let dpi: Int

    /// A density of `dpi` dots per inch (1-2000), or nil.
    public init?(dpi: Int) {
        guard (1...2000).contains(dpi) else { return nil }
        self.dpi = dpi
    }

    /// The density written as px a dp (`2.625`, `3.5`, `2`) or as a resource bucket
    /// (`xxhdpi`), or nil when it is neither: a decimal must be a whole number of dpi / 160.
    public init?(text: String) {
        if let bucket = Self.buckets.first(where: { $0.name == text }) {
            self = bucket.density
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let whole = Int(parts[0]) else { return nil }
        // digits / 10^k x 160 must be whole: dpi = digits x 160 / 10^k.
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        var scale = 1
        for _ in fraction { scale *= 10 }
        let digits = whole * scale + (Int(fraction) ?? 0)
        guard (digits * 160) % scale == 0 else { return nil }
        self.init(dpi: digits * 160 / scale)
    }

    /// px a dp: `dpi / 160`.
    public var scale: Double { Double(dpi) / 160 }

    /// `2.625`, `3.5` or `2`: px a dp written exactly (160 = 2^5 x 5, so it ends within five decimals).
    public var description: String {
        var text = String(dpi / 160)
        var remainder = dpi % 160
        guard remainder > 0 else { return text }
        text += "."
        while remainder > 0 {
            remainder *= 10
            text += String(remainder / 160)
            remainder %= 160
        }
        return text
    }

    /// `dp` in whole pixels at this density, rounded down: a bitmap this size is never larger
    /// than the frame the launcher gives (`724.5` px is 724).
    public func pixels(dp: Int) -> Int { dp * dpi / 160 }

    /// A size in dp as whole pixels at this density, each side rounded down.
    public func pixels(dp size: DPSize) -> PixelSize {
        PixelSize(width: pixels(dp: size.width), height: pixels(dp: size.height))
    }

    /// Orders by dots per inch.
    public static func < (lhs: AndroidDensity, rhs: AndroidDensity) -> Bool { lhs.dpi < rhs.dpi }

    /// A resource qualifier bucket (`drawable-xxhdpi/`) and its density.
    public struct Bucket: Sendable, Hashable {
        /// The qualifier, e.g. `xxhdpi`.
        public let name: String
        /// The density the bucket's images are drawn for (480 dpi for xxhdpi).
        public let density: AndroidDensity
    }

    /// The bitmap buckets: mdpi 160 (1x), hdpi 240 (1.5x), xhdpi 320 (2x), xxhdpi 480 (3x),
    /// xxxhdpi 640 (4x), from the qualifiers' table (`AndroidDensityBucket`, which the resource
    /// reader uses too). `ldpi` and `tvdpi` are left out: no phone of the catalogue uses them.
    public static let buckets: [Bucket] = [AndroidDensityBucket.mdpi, .hdpi, .xhdpi, .xxhdpi, .xxxhdpi].compactMap { bucket in
        bucket.dotsPerInch.map { Bucket(name: bucket.rawValue, density: AndroidDensity(exactly: $0)) }
    }

    /// The bucket `name` (`xxhdpi`), or nil.
    public static func bucket(named name: String) -> Bucket? { buckets.first { $0.name == name } }

    /// A density known to be in range (the library's own constants).
    init(exactly dpi: Int) { self.dpi = dpi }
}

/// A size in density-independent pixels (dp), as Android's widget sizes are given.
public struct DPSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in dp.
    public let width: Int
    /// Height in dp.
    public let height: Int

    /// A size of `width` x `height` dp.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `624x276 dp`.
    public var description: String { "\(width)x\(height) dp" }
}
