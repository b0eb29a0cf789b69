import CTurboJPEG

/// A DCT scaling factor num/denom that TurboJPEG decodes at directly (shrink-on-load).
struct JPEGScale: Sendable, Equatable, CustomStringConvertible {
    var num: Int
    var denom: Int

    static let full = JPEGScale(num: 1, denom: 1)

    /// What `DecodedImage.scaleDenominator` reports: stored size / decoded size (8/3 for 3/8).
    var denominator: Double { Double(denom) / Double(num) }

    var description: String { "\(num)/\(denom)" }

    /// The decoded size, as TurboJPEG's TJSCALED computes it: ceil(side * num / denom), the
    /// same rounding libjpeg uses for its output size. Rounding up means a scaled decode is
    /// never smaller than the exact fraction, so the headroom check below is conservative.
    func scaled(_ size: PixelSize) -> PixelSize {
        PixelSize(width: (size.width * num + denom - 1) / denom,
                  height: (size.height * num + denom - 1) / denom)
    }

    /// TurboJPEG's factors that do not enlarge (1/8, 1/4, 3/8, 1/2, 5/8, 3/4, 7/8, 1 in 2.1),
    /// largest first, as it tries them.
    static let available: [JPEGScale] = {
        var factors = [wt_jpeg_scale](repeating: wt_jpeg_scale(), count: 32)
        let count = Int(wt_jpeg_scaling_factors(&factors, Int32(factors.count)))
        let found = factors.prefix(count).map { JPEGScale(num: Int($0.num), denom: Int($0.denom)) }
        return found.isEmpty ? [.full] : found
    }()

    /// The smallest factor whose decoded size still reaches `minimum` on both axes, among
    /// `factors` (largest first). When several factors give the same size, the largest of them,
    /// because that is the one TurboJPEG picks for that output size.
    static func choose(stored: PixelSize, minimum: PixelSize,
                       from factors: [JPEGScale] = available) -> JPEGScale {
        var best = JPEGScale.full
        for factor in factors {
            let size = factor.scaled(stored)
            guard size.width >= minimum.width, size.height >= minimum.height else { continue }
            if size != best.scaled(stored) && factor.ratio < best.ratio { best = factor }
        }
        return best
    }

    private var ratio: Double { Double(num) / Double(denom) }
}
