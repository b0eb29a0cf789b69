import CPixelMeasures

/// What WidgetKit's rendering modes do to a thumbnail, measured on the pixels the file stores
/// (a JPEG's, flattened onto white as the encoder flattens them).
///
/// - Full colour (the default Home Screen, StandBy, the watch, visionOS): shown as it is.
/// - Accented (a tinted or clear Home Screen, iOS 18 and 26): unless the widget marks the image
///   `.widgetAccentedRenderingMode(.fullColor)`, WidgetKit maps its luminance to alpha in one
///   flat colour, so dark areas vanish. Apple does not publish the luma formula; this measures
///   Rec. 709 luma on the stored sRGB values (a guess, said so in the README's "Crops, several
///   families, rendering modes"), SVG's luminanceToAlpha too, so the preview page shows the same.
/// - Vibrant (the Lock Screen, where the accessory families live): desaturated, and only
///   opacity and grey level carry anything, so an opaque image becomes a solid block.
public struct RenderAppearance: Sendable, Codable, Equatable {
    /// An accented alpha (luma times alpha) below this is "nearly invisible": a quarter of full
    /// strength, over a wallpaper that shows through the other three quarters.
    public static let faintAlpha = 0.25
    /// The share of faint pixels from which the accented warning is given: most of the picture.
    public static let faintWarningShare = 0.5

    /// The mean Rec. 709 luma of what is shown, 0 (black) to 1 (white): each pixel weighted by
    /// its alpha, so a translucent white is white and a transparent background counts for
    /// nothing; 0 when every pixel is fully transparent.
    public var meanLuminance: Double
    /// The luma below which a tenth of what is shown lies (weighted by alpha, as the mean).
    public var luminance10th: Double
    /// The median luma of what is shown (weighted by alpha, as the mean).
    public var medianLuminance: Double
    /// Of what is shown (each pixel weighted by its alpha), the share whose luma times alpha is
    /// under `faintAlpha`: nearly invisible when luminance becomes alpha. A translucent pixel
    /// counts: white at alpha 60 is faint. 1 when every pixel is fully transparent.
    public var faintShare: Double
    /// Whether any stored pixel is less than fully opaque (never for JPEG).
    public var hasTransparency: Bool
    /// The share of pixels that are fully transparent.
    public var transparentShare: Double
    /// What to do about it, for the family the image is made for.
    public var warnings: [RenderWarning]

    private enum CodingKeys: String, CodingKey {
        case meanLuminance, luminance10th, medianLuminance, faintShare, hasTransparency, transparentShare, warnings
    }

    /// Writes the shares and levels to four decimals (a ten-thousandth is below any level a
    /// person sees), not the seventeen digits a Double prints.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        try container.encode(rounded(meanLuminance), forKey: .meanLuminance)
        try container.encode(rounded(luminance10th), forKey: .luminance10th)
        try container.encode(rounded(medianLuminance), forKey: .medianLuminance)
        try container.encode(rounded(faintShare), forKey: .faintShare)
        try container.encode(hasTransparency, forKey: .hasTransparency)
        try container.encode(rounded(transparentShare), forKey: .transparentShare)
        try container.encode(warnings, forKey: .warnings)
    }

    /// Measures `image` as a format that does (`storesAlpha`) or does not keep alpha stores
    /// it, and warns for `family` (nil: a thumbnail sized by box, warned as a Home Screen
    /// image).
    public init(measuring image: RGBAImage, storesAlpha: Bool, family: WidgetFamily?) {
        self.init(measuring: image, storesAlpha: storesAlpha, family: family, kernel: .fastest)
    }

    /// The same with a chosen kernel (tests compare them); it must be supported by this CPU.
    init(measuring image: RGBAImage, storesAlpha: Bool, family: WidgetFamily?, kernel: MeasureKernel) {
        precondition(kernel.isSupported, "the \(kernel) measure kernel needs a CPU this one is not")
        let sums = image.pixels.withUnsafeBufferPointer { Sums($0, storesAlpha: storesAlpha, kernel: kernel) }
        let shown = sums.shown
        let pixelCount = max(1, image.width * image.height)
        meanLuminance = shown == 0 ? 0 : Double(sums.luma) / Double(shown) / 2_550_000
        luminance10th = Self.percentile(sums.histogram, 0.1, of: shown)
        medianLuminance = Self.percentile(sums.histogram, 0.5, of: shown)
        faintShare = shown == 0 ? 1 : Double(sums.faint) / Double(shown)
        hasTransparency = sums.translucent
        transparentShare = Double(sums.transparent) / Double(pixelCount)
        warnings = []
        // No pixel at `faintAlpha` of full opacity or more: next to nothing shows in any mode.
        warnings = RenderWarning.warnings(for: self, family: family,
                                          nearlyTransparent: Double(sums.maximumAlpha) < Self.faintAlpha * 255)
    }

    /// One pass over the pixels, every sum weighted by alpha (only alpha 128 and over used to
    /// count, so a picture made only of translucent pixels, or none, was measured as black and
    /// never faint).
    ///
    /// Integers throughout, and exact: luma is kept as 10,000 times itself (Rec. 709's weights
    /// are ten-thousandths) times its alpha, so a pixel costs a few multiplications, and no
    /// floating point or call to round (those were a fifth of a batch's CPU on small photos).
    /// An opaque pixel, the common one, is only counted by its luma and its step; its weight of
    /// 255 is applied once at the end, and on AVX2 `wt_measure_opaque_luma_avx2` counts 8 at a
    /// time (`MeasureKernel`).
    private struct Sums {
        /// The weight (alpha) of each level, the nearest to its luma.
        var histogram = [Int](repeating: 0, count: 256)
        /// Luma x 10,000 x alpha.
        var luma = 0
        /// The weights together.
        var shown = 0
        /// The weight of the faint pixels (luma x alpha under `faintAlpha` of 255 x 255).
        var faint = 0
        var transparent = 0
        var translucent = false
        var maximumAlpha = 0

        init(_ px: UnsafeBufferPointer<UInt8>, storesAlpha: Bool, kernel: MeasureKernel) {
            // Luma x 10,000 x alpha under this is faint: `faintAlpha` of 255 x 255, x 10,000.
            let faintLimit = Int(RenderAppearance.faintAlpha * 255 * 255 * 10_000)
            // An opaque pixel is faint when its luma x 10,000 is under this (x 255, it is under
            // `faintLimit`; both sides are whole, so the division loses nothing): a step's edge
            // (637,500 = 255 x 2,500), so the opaque faint pixels are counted from the steps.
            let opaqueFaintLimit = (faintLimit + 254) / 255
            precondition(opaqueFaintLimit % 2_500 == 0, "the opaque faint limit must be a step's edge")
            // The opaque pixels' count per step of 2,500 (a quarter level: every level's halfway
            // point, 5,000 + 10,000k, is a step's edge, so a step's level is known), then the
            // others' weight per level. Wrapping arithmetic: no sum comes near Int's range.
            let steps = 1_021, opaqueSteps = UnsafeMutablePointer<Int>.allocate(capacity: steps + 256)
            opaqueSteps.initialize(repeating: 0, count: steps + 256)
            defer { opaqueSteps.deallocate() }
            let weightedLevels = opaqueSteps + steps
            var opaqueLuma = 0
            var weightedLuma = 0, weights = 0, faintWeights = 0
            var transparent = 0, translucent = false, maximumAlpha = 0
            let end = px.count & ~3
            var index = 0
            while index < end {
                // The AVX2 kernel takes whole groups of 8 opaque pixels; this loop, the group it
                // stops at (or the last few), then the kernel again.
                var groupEnd = end
                if kernel == .avx2, let base = px.baseAddress {
                    index &+= 4 &* wt_measure_opaque_luma_avx2(base + index, (end &- index) / 4, opaqueSteps, &opaqueLuma)
                    groupEnd = min(index &+ 32, end)
                }
                while index < groupEnd {
                    var alpha = Int(px[index + 3])
                    // Rec. 709 luma, 0-2,550,000 (10,000 times 0-255), on the stored (sRGB-encoded) values.
                    let luma = 2126 &* Int(px[index]) &+ 7152 &* Int(px[index + 1]) &+ 722 &* Int(px[index + 2])
                    index &+= 4
                    if alpha == 255 {
                        opaqueLuma &+= luma
                        opaqueSteps[luma / 2_500] &+= 1
                        continue
                    }
                    var weighted = luma &* alpha
                    var level = (luma &+ 5_000) / 10_000  // the nearest level, halves up
                    if storesAlpha {
                        translucent = true
                        if alpha == 0 { transparent &+= 1 }
                    } else {
                        // Onto white, as the encoder flattens: opaque, its luma mixed with white's.
                        weighted &+= 2_550_000 &* (255 &- alpha)
                        level = (weighted &+ 1_275_000) / 2_550_000
                        alpha = 255
                    }
                    maximumAlpha = max(maximumAlpha, alpha)
                    weights &+= alpha
                    weightedLuma &+= weighted
                    weightedLevels[level] &+= alpha
                    if weighted < faintLimit { faintWeights &+= alpha }
                }
            }
            var opaque = 0, opaqueFaint = 0
            for level in 0..<256 { histogram[level] = weightedLevels[level] }
            for step in 0..<steps {
                opaque += opaqueSteps[step]
                if step < opaqueFaintLimit / 2_500 { opaqueFaint += opaqueSteps[step] }
                histogram[(step + 2) / 4] += opaqueSteps[step] * 255
            }
            luma = opaqueLuma * 255 + weightedLuma
            shown = opaque * 255 + weights
            faint = opaqueFaint * 255 + faintWeights
            self.transparent = transparent
            self.translucent = translucent
            self.maximumAlpha = opaque > 0 ? 255 : maximumAlpha
        }
    }

    /// The luma (0-1) below which `fraction` of `total` (the histogram's weight) lies.
    private static func percentile(_ histogram: [Int], _ fraction: Double, of total: Int) -> Double {
        guard total > 0 else { return 0 }
        let rank = Double(total) * fraction
        var seen = 0
        for (level, weight) in histogram.enumerated() {
            seen += weight
            if weight > 0, Double(seen) >= rank { return Double(level) / 255 }
        }
        return 1
    }
}

/// A rendering-mode problem and what to do about it.
public struct RenderWarning: Sendable, Codable, Equatable {
    /// The kinds of problem.
    public enum Code: String, Sendable, Codable {
        /// An accessory family's image with no transparency: a solid block on the Lock Screen.
        case opaqueAccessory
        /// Most of the picture nearly invisible when luminance becomes alpha.
        case faintWhenAccented
        /// No pixel reaches a quarter of full opacity: next to nothing shows in any mode.
        case nearlyTransparent
    }

    /// Which problem.
    public var code: Code
    /// One sentence saying what happens and what to do.
    public var message: String

    /// The warnings `appearance` earns for `family`; `nearlyTransparent` when no pixel reaches
    /// a quarter of full opacity.
    static func warnings(for appearance: RenderAppearance, family: WidgetFamily?,
                         nearlyTransparent: Bool) -> [RenderWarning] {
        if nearlyTransparent {
            // Invisible everywhere: what the accented warning would add is already said.
            return [RenderWarning(
                code: .nearlyTransparent,
                message: "the image is transparent or nearly (no pixel reaches a quarter of full opacity): "
                    + "it shows next to nothing in any rendering mode; check the source's alpha channel")]
        }
        var warnings: [RenderWarning] = []
        let accessory = family?.isAccessory ?? false
        if accessory, !appearance.hasTransparency {
            warnings.append(RenderWarning(
                code: .opaqueAccessory,
                message: "opaque image for an accessory family: it renders as a solid block on the Lock Screen and watch faces; "
                    + "use a \(ImageEncoder.formatsStoringAlpha.map(\.name).spokenList("or")) with alpha (a grey-level glyph, opaque where the content is)"))
        }
        if !accessory, appearance.faintShare >= RenderAppearance.faintWarningShare {
            let percent = Int((appearance.faintShare * 100).rounded())
            warnings.append(RenderWarning(
                code: .faintWhenAccented,
                message: "in tinted and clear Home Screens \(percent)% of this image is nearly invisible: "
                    + "mark it .widgetAccentedRenderingMode(.fullColor) or pick a brighter crop"))
        }
        return warnings
    }
}
