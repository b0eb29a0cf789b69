import Testing
@testable import WidgetThumbnails

/// The rendering-mode facts and warnings, on images made to trigger each.
@Suite struct RenderAppearanceTests {
    /// Left `darkColumns` of `width` columns at `dark`, the rest at `light`, all with `alpha`.
    static func split(width: Int = 100, height: Int = 10, darkColumns: Int, dark: UInt8 = 0, light: UInt8 = 255,
                      alpha: UInt8 = 255) -> RGBAImage {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for column in 0..<width {
                let level = column < darkColumns ? dark : light
                pixels += [level, level, level, alpha]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func aDarkPhotoIsFaintWhenAccentedAndSaysWhatToDo() {
        let appearance = RenderAppearance(measuring: Self.split(darkColumns: 70, dark: 30), storesAlpha: false, family: .systemSmall)
        #expect(abs(appearance.faintShare - 0.7) < 0.001)
        #expect(appearance.warnings.map(\.code) == [.faintWhenAccented])
        #expect(appearance.warnings.first?.message.contains("70%") == true)
        #expect(appearance.warnings.first?.message.contains(".widgetAccentedRenderingMode(.fullColor)") == true)
        #expect(!appearance.hasTransparency)
    }

    @Test func aBrightPhotoEarnsNoWarning() {
        let appearance = RenderAppearance(measuring: Self.split(darkColumns: 30, dark: 30), storesAlpha: false, family: .systemMedium)
        #expect(abs(appearance.faintShare - 0.3) < 0.001)
        #expect(appearance.warnings.isEmpty)
        #expect(abs(appearance.medianLuminance - 1) < 0.001 && appearance.luminance10th < 0.2)
    }

    @Test func theFaintLineIsAQuarterOfFullStrength() {
        // 63/255 is under a quarter, 65/255 over: Rec. 709 luma of grey is the grey.
        #expect(RenderAppearance(measuring: Self.split(darkColumns: 100, dark: 63), storesAlpha: true, family: nil).faintShare == 1)
        #expect(RenderAppearance(measuring: Self.split(darkColumns: 100, dark: 65), storesAlpha: true, family: nil).faintShare == 0)
        // Half-transparent white is luma 1 times alpha 0.5: visible.
        let halfWhite = RenderAppearance(measuring: Self.split(darkColumns: 0, alpha: 128), storesAlpha: true, family: nil)
        #expect(halfWhite.faintShare == 0 && halfWhite.hasTransparency)
    }

    @Test func anOpaqueImageForAnAccessoryIsASlab() throws {
        let opaque = RenderAppearance(measuring: Self.split(darkColumns: 50), storesAlpha: true, family: .accessoryCircular)
        #expect(opaque.warnings.map(\.code) == [.opaqueAccessory])
        // It suggests every written format that keeps alpha, and not JPEG.
        let message = try #require(opaque.warnings.first?.message)
        #expect(message.contains("use a WebP, PNG, AVIF or HEIC with alpha"), "\(message)")
        #expect(!message.contains("JPEG"))
        // The same image for a Home Screen family is no slab.
        #expect(RenderAppearance(measuring: Self.split(darkColumns: 0), storesAlpha: true, family: .systemSmall).warnings.isEmpty)
    }

    @Test func aGlyphWithAlphaIsFineUnlessTheFormatDropsIt() {
        var glyph = Self.split(darkColumns: 60, dark: 255, light: 255)
        for index in stride(from: 0, to: glyph.pixels.count, by: 4) where (index / 4) % 100 < 60 {
            glyph.pixels[index + 3] = 0  // the left 60% transparent, the rest opaque white
        }
        let kept = RenderAppearance(measuring: glyph, storesAlpha: true, family: .accessoryRectangular)
        #expect(kept.hasTransparency && abs(kept.transparentShare - 0.6) < 0.001)
        #expect(kept.warnings.isEmpty)
        let flattened = RenderAppearance(measuring: glyph, storesAlpha: false, family: .accessoryRectangular)
        #expect(!flattened.hasTransparency && flattened.transparentShare == 0)
        #expect(flattened.warnings.map(\.code) == [.opaqueAccessory])
    }

    @Test func thePipelineMeasuresWhatTheFormatStores() throws {
        var glyph = Self.split(width: 200, height: 200, darkColumns: 100, dark: 255, light: 255)
        for index in stride(from: 0, to: glyph.pixels.count, by: 4) where (index / 4) % 200 < 100 { glyph.pixels[index + 3] = 0 }
        let png = try ImageEncoder.encode(glyph, format: .png, quality: 100)
        let asPNG = try ThumbnailPipeline(options: ThumbnailOptions(family: .accessoryCircular, format: .png)).thumbnail(.bytes(png))
        let asJPEG = try ThumbnailPipeline(options: ThumbnailOptions(family: .accessoryCircular, format: .jpeg)).thumbnail(.bytes(png))
        #expect(asPNG.appearance?.hasTransparency == true)
        #expect(asPNG.appearance?.warnings.isEmpty == true)
        #expect(asJPEG.appearance?.hasTransparency == false)
        #expect(asJPEG.appearance?.warnings.map(\.code) == [.opaqueAccessory])
    }

    /// A fully transparent thumbnail shows nothing in any mode; it used to
    /// be measured as black with faintShare 0 and earn no warning.
    @Test func class10AFullyTransparentImageIsSaidToShowNothing() {
        for family: WidgetFamily? in [nil, .systemSmall, .accessoryCircular] {
            let appearance = RenderAppearance(measuring: Self.split(darkColumns: 0, alpha: 0), storesAlpha: true, family: family)
            #expect(appearance.faintShare == 1, "\(String(describing: family))")
            #expect(appearance.warnings.map(\.code.rawValue) == ["nearlyTransparent"], "\(String(describing: family))")
            #expect(appearance.transparentShare == 1)
        }
    }

    /// White at alpha 60 is white (it was reported as mean luminance 0) and
    /// faint (luma 1 times alpha 60/255 is under a quarter); nothing reaches a quarter of full
    /// opacity, so it is nearly transparent in every mode.
    @Test func class10TranslucentWhiteIsWhiteAndFaint() {
        let appearance = RenderAppearance(measuring: Self.split(darkColumns: 0, alpha: 60), storesAlpha: true, family: .systemSmall)
        #expect(abs(appearance.meanLuminance - 1) < 0.001 && abs(appearance.medianLuminance - 1) < 0.001)
        #expect(appearance.faintShare == 1)
        #expect(appearance.warnings.map(\.code.rawValue) == ["nearlyTransparent"])
        // A translucent picture counts by its alpha: black at alpha 100 over 80% of the width
        // beside opaque white is faint over 80 x 100 / (80 x 100 + 20 x 255) of what is shown.
        var mixed = Self.split(darkColumns: 80)
        for index in stride(from: 0, to: mixed.pixels.count, by: 4) where (index / 4) % 100 < 80 { mixed.pixels[index + 3] = 100 }
        let weighted = RenderAppearance(measuring: mixed, storesAlpha: true, family: .systemSmall)
        let expected = 80.0 * 100 / (80 * 100 + 20 * 255)
        #expect(abs(weighted.faintShare - expected) < 0.001, "\(weighted.faintShare)")
        #expect(weighted.warnings.map(\.code.rawValue) == ["faintWhenAccented"])
        #expect(abs(weighted.meanLuminance - (1 - expected)) < 0.001, "\(weighted.meanLuminance)")
    }
}
