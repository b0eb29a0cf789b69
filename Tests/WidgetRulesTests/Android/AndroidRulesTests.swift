import Foundation
import Testing
import TestSupport
import WidgetRules

/// Android's cap and slots against figures worked out by hand from the formula and the design
/// guide's table (never copied from the program's output): M = 6 x W x H; px = dp x dpi / 160,
/// rounded down.
@Suite struct AndroidRulesTests {
    private let catalog = WidgetCatalog.builtIn

    @Test func theCapIsSixBytesAScreenPixel() {
        // 6 x 1080 x 2400 = 6 x 2,592,000.
        #expect(AndroidBitmapCap.bytes(forScreen: PixelSize(width: 1080, height: 2400)) == 15_552_000)
        // 6 x 720 x 1600 = 6 x 1,152,000.
        #expect(AndroidBitmapCap.bytes(forScreen: PixelSize(width: 720, height: 1600)) == 6_912_000)
        // 6 x 1440 x 3120 = 6 x 4,492,800.
        #expect(AndroidBitmapCap.bytes(forScreen: PixelSize(width: 1440, height: 3120)) == 26_956_800)
        // The same panel in FHD+ mode, 6 x 1080 x 2340 = 6 x 2,527,200: the logged max of chr56/Phonograph_Plus issue 336.
        #expect(AndroidBitmapCap.bytes(forScreen: PixelSize(width: 1080, height: 2340)) == 15_163_200)
    }

    @Test func theCataloguedScreensCarryTheirCaps() throws {
        let fhd = try #require(catalog.androidScreen(named: "1080x2400"))
        #expect(fhd.capBytes == 15_552_000)
        #expect(fhd.density.dpi == 420)
        #expect(try #require(catalog.androidScreen(named: "Pixel 7 Pro FHD+")).capBytes == 15_163_200)
        #expect(try #require(catalog.androidScreen(named: "android-1440x3120")).capBytes == 26_956_800)
        #expect(try #require(catalog.androidScreen(named: "1600x720")).capBytes == 6_912_000)
        // Every screen names a source the catalogue lists.
        for screen in catalog.androidScreens { #expect(catalog.source(screen.source) != nil, "\(screen.id)") }
    }

    @Test func aFourByTwoWidgetAt2625IsAtMost1638x724() throws {
        let density = try #require(AndroidDensity(text: "2.625"))
        #expect(density.dpi == 420)
        // 624 dp x 420 / 160 = 1638; 276 x 420 / 160 = 724.5, rounded down.
        #expect(catalog.androidSlot(columns: 4, rows: 2, density: density) == PixelSize(width: 1638, height: 724))
        // 4 x 1638 x 724 = 4,743,648 bytes ARGB_8888: three fit the 1080x2400 cap, four do not.
        let slot = PixelSize(width: 1638, height: 724)
        #expect(AndroidBitmapCap.bytes(of: slot, .argb8888) == 4_743_648)
        #expect(15_552_000 / AndroidBitmapCap.bytes(of: slot, .argb8888) == 3)
        // 422 dp x 2.625 = 1107.75: 1107 here, where a table rounding to nearest writes 1108.
        #expect(catalog.androidSlot(columns: 4, rows: 3, density: density)?.height == 1107)
        // At 3.5 everything is whole: 624 x 3.5 = 2184, 276 x 3.5 = 966.
        #expect(catalog.androidSlot(columns: 4, rows: 2, density: try #require(AndroidDensity(text: "3.5"))) == PixelSize(width: 2184, height: 966))
    }

    @Test func densitiesAreWholeDotsPerInch() {
        #expect(AndroidDensity(text: "2")?.dpi == 320)
        #expect(AndroidDensity(text: "1.5")?.dpi == 240)
        #expect(AndroidDensity(text: "2.75")?.dpi == 440)
        #expect(AndroidDensity(text: "xxhdpi")?.dpi == 480)
        #expect(AndroidDensity(text: "2.626") == nil)   // 420.16 dpi
        #expect(AndroidDensity(text: "-2") == nil)
        #expect(AndroidDensity(text: "2.") == nil)
        #expect(AndroidDensity(text: "") == nil)
        #expect(AndroidDensity(dpi: 420)?.description == "2.625")
        #expect(AndroidDensity(dpi: 560)?.description == "3.5")
        #expect(AndroidDensity(dpi: 320)?.description == "2")
    }

    @Test func theLargestBitmapAloneIsAQuarterOfTheCapInPixels() {
        // 15,552,000 / 4 = 3,888,000 px; 1971^2 = 3,884,841 <= it < 1972^2 = 3,888,784.
        #expect(AndroidBitmapCap.largestSquareSide(within: 15_552_000, .argb8888) == 1971)
        // / 2 = 7,776,000 px; 2788^2 = 7,772,944 <= it < 2789^2 = 7,778,521.
        #expect(AndroidBitmapCap.largestSquareSide(within: 15_552_000, .rgb565) == 2788)
    }

    @Test func aTargetSharedByBitmapsShrinksItsBoxUnderTheShare() throws {
        let screen = try #require(catalog.androidScreen(named: "720x1600"))
        let span = try #require(catalog.androidCells?.span(columns: 4, rows: 2))
        // 6,912,000 / 3 = 2,304,000 bytes each; the 1248x552 slot takes 2,755,584: over.
        let target = AndroidTarget(screen: screen.pixels, catalogued: screen, cells: span, bitmaps: 3)
        let box = try #require(target.box)
        #expect(box.area * 4 <= 2_304_000)
        #expect(box.width <= 1248 && box.height <= 552)
        // Alone it is the slot itself.
        #expect(AndroidTarget(screen: screen.pixels, catalogued: screen, cells: span).box == PixelSize(width: 1248, height: 552))
    }

    @Test func aUserCatalogueCanAddAPhone() throws {
        let file = """
            {"schemaVersion": 1,
             "sources": [{"id": "mine", "kind": "measured", "reference": "my phone's Display.getRealSize"}],
             "androidScreens": [{"id": "my-phone", "label": "My phone", "pixels": [1264, 2780], "dpi": 480, "source": "mine"}]}
            """
        let added = try catalog.adding(Array(file.utf8), file: "mine.json")
        let phone = try #require(added.androidScreen(named: "My phone"))
        #expect(phone.capBytes == 6 * 1264 * 2780)
        #expect(added.androidScreens.count == catalog.androidScreens.count + 1)
        #expect(added.devices.count == catalog.devices.count)
        let typo = file.replacingOccurrences(of: "\"dpi\"", with: "\"dpii\"")
        #expect(throws: CatalogError.self) { try catalog.adding(Array(typo.utf8), file: "mine.json") }
    }

    @Test func everyPlatformIsARowAndItsLogWordsArePrefiltered() {
        #expect(WidgetPlatforms.named("android") is AndroidPlatform)
        #expect(WidgetPlatforms.named("iOS") is WidgetKitPlatform)
        #expect(WidgetPlatforms.named("Android") == nil)
        for platform in WidgetPlatforms.all {
            for word in platform.logKeyWords { #expect(WidgetLogEvent.keyWords.contains(word)) }
            #expect(platform.transferLimit.bytes > 0)
            #expect(!platform.imageLimit.source.isEmpty)
        }
        #expect(AndroidPlatform().transferLimit.bytes == 1_048_576)
    }
}

/// Docs/catalogue.md's Android table is written by scripts/generate-catalog.py, which repeats the
/// formula in Python for the page: each row's cap and 4x2 slot must be the library's.
@Suite struct AndroidCatalogueTableTests {
    @Test func theGeneratedTableAgreesWithTheLibrary() throws {
        let page = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("Docs/catalogue.md"), encoding: .utf8)
        let start = try #require(page.range(of: "<!-- android:begin -->"))
        let end = try #require(page.range(of: "<!-- android:end -->"))
        let rows = page[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == WidgetCatalog.builtIn.androidScreens.count)
        for screen in WidgetCatalog.builtIn.androidScreens {
            let row = try #require(rows.first { $0.hasPrefix("| `\(screen.id)`") }, "\(screen.id)")
            let slot = try #require(WidgetCatalog.builtIn.androidSlot(columns: 4, rows: 2, density: screen.density))
            #expect(row.contains("| \(TableText.grouped(screen.capBytes)) |"), "\(row)")
            #expect(row.contains("| \(slot.width)x\(slot.height) |"), "\(row)")
        }
    }
}
