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
        // Every sum is weighted by alpha: only alpha 128 and over used to count, so a picture
        // made only of translucent pixels (or none) was measured as black and never faint.
        var histogram = [Double](repeating: 0, count: 256)
        var shown = 0.0
        var faint = 0.0
        var transparent = 0
        var translucent = false
        var lumaSum = 0.0
        var maximumAlpha = 0.0
        let faintLimit = Self.faintAlpha * 255 * 255
        image.pixels.withUnsafeBufferPointer { px in
            var index = 0
            while index < px.count {
                var alpha = Double(px[index + 3])
                // Rec. 709 luma in 0-255 on the stored (sRGB-encoded) values.
                var luma = 0.2126 * Double(px[index]) + 0.7152 * Double(px[index + 1]) + 0.0722 * Double(px[index + 2])
                if !storesAlpha, alpha < 255 {
                    luma = (luma * alpha + 255 * (255 - alpha)) / 255  // onto white, as the encoder flattens
                    alpha = 255
                }
                if alpha < 255 { translucent = true }
                if alpha == 0 { transparent += 1 }
                maximumAlpha = max(maximumAlpha, alpha)
                shown += alpha
                lumaSum += luma * alpha
                histogram[min(255, Int(luma.rounded()))] += alpha
                if luma * alpha < faintLimit { faint += alpha }
                index += 4
            }
        }
        let pixelCount = max(1, image.width * image.height)
        meanLuminance = shown == 0 ? 0 : lumaSum / shown / 255
        luminance10th = Self.percentile(histogram, 0.1, of: shown)
        medianLuminance = Self.percentile(histogram, 0.5, of: shown)
        faintShare = shown == 0 ? 1 : faint / shown
        hasTransparency = translucent
        transparentShare = Double(transparent) / Double(pixelCount)
        warnings = []
        // No pixel at `faintAlpha` of full opacity or more: next to nothing shows in any mode.
        warnings = RenderWarning.warnings(for: self, family: family, nearlyTransparent: maximumAlpha < Self.faintAlpha * 255)
    }

    /// The luma (0-1) below which `fraction` of `total` (the histogram's weight) lies.
    private static func percentile(_ histogram: [Double], _ fraction: Double, of total: Double) -> Double {
        guard total > 0 else { return 0 }
        let rank = total * fraction
        var seen = 0.0
        for (level, weight) in histogram.enumerated() {
            seen += weight
            if weight > 0, seen >= rank { return Double(level) / 255 }
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
