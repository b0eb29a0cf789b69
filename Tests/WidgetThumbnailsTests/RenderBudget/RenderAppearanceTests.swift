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

    @Test func anOpaqueImageForAnAccessoryIsASlab() {
        let opaque = RenderAppearance(measuring: Self.split(darkColumns: 50), storesAlpha: true, family: .accessoryCircular)
        #expect(opaque.warnings.map(\.code) == [.opaqueAccessory])
        #expect(opaque.warnings.first?.message.contains("PNG/WebP with alpha") == true)
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
        let asPNG = try ThumbnailPipeline(options: ThumbnailOptions(family: .accessoryCircular, format: .png)).thumbnail(of: png)
        let asJPEG = try ThumbnailPipeline(options: ThumbnailOptions(family: .accessoryCircular, format: .jpeg)).thumbnail(of: png)
        #expect(asPNG.appearance?.hasTransparency == true)
        #expect(asPNG.appearance?.warnings.isEmpty == true)
        #expect(asJPEG.appearance?.hasTransparency == false)
        #expect(asJPEG.appearance?.warnings.map(\.code) == [.opaqueAccessory])
    }
}
