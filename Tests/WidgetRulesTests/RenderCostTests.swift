import Foundation
import Testing
@testable import WidgetRules

/// The render cost against the catalogue. Expected figures are worked out here by hand from
/// the measured and published slots (sources in Data/widget-catalog.json), not read from the code.
@Suite struct RenderCostTests {
    private func entry(_ cost: RenderCost, _ family: WidgetFamily, _ id: String,
                       surface: WidgetSurface? = nil) throws -> RenderCost.DeviceFit {
        let familyCost = try #require(cost.cost(for: family))
        return try #require(familyCost.devices.first { $0.id == id && (surface == nil || $0.surface == surface) },
                            "\(family) has no entry for \(id)")
    }

    @Test func a500x375ThumbnailOnCurrentIPhones() throws {
        let cost = RenderCost(size: PixelSize(width: 500, height: 375))
        #expect(cost.rgbaBytes == 750_000)
        #expect(cost.bytesPerPixel == 4)
        // The default set has watches: their extensions get 15 MB, the smallest limit.
        #expect(cost.extensionMemoryLimitBytes == 15 * 1_048_576)
        let iPhones = RenderCost(size: PixelSize(width: 500, height: 375),
                                 devices: try WidgetCatalog.builtIn.devices(DeviceSelection(platforms: [.iOS])))
        #expect(iPhones.extensionMemoryLimitBytes == 31_457_280)

        // iOS 26: 393x852 small is 488 px (162.67 pt x 3); 4.4 x 488² = 1,047,833.6.
        let small = try entry(cost, .systemSmall, "iphone-393x852@3-ios26")
        #expect(small.slotPixels == [488, 488] && small.screen == "393x852@3" && small.os == [26, 27])
        #expect(small.capPixels == 1_047_833 && small.fits)
        // iOS 26 SE: 638x292 medium; 4.4 x 186,296 = 819,702.4.
        #expect(try entry(cost, .systemMedium, "iphone-375x667@2-ios26").capPixels == 819_702)
        // iOS 18 rows stay under their OS: 393x852 small 474 px (mzeryck), 4.4 x 474² = 988,574.4.
        #expect(try entry(cost, .systemSmall, "iphone-393x852@3-ios18").capPixels == 988_574)
    }

    @Test func a2048SquareIsTooLargeForSmallButFitsLarge() throws {
        let cost = RenderCost(size: PixelSize(width: 2048, height: 2048))
        // 440x956 iOS 26: small 530² -> 1,235,960; large 1134x1182 -> 5,897,707.
        #expect(try !entry(cost, .systemSmall, "iphone-440x956@3-ios26").fits)
        #expect(try entry(cost, .systemLarge, "iphone-440x956@3-ios26").fits)
        let small = try #require(cost.cost(for: .systemSmall))
        #expect(small.failingDevices.map(\.deviceName).contains("iPhone 16/17/18 Pro Max, 440x956@3, iOS 26/27"))
        #expect(!small.fitsEverywhere && small.failingDevices.allSatisfy { !$0.fits })
    }

    @Test func familiesOnlyListDevicesThatOfferThem() throws {
        let cost = RenderCost(size: PixelSize(width: 100, height: 100))
        let extraLarge = try #require(cost.cost(for: .systemExtraLarge))
        #expect(Set(extraLarge.devices.map(\.platform)) == [.iPadOS, .macOS, .visionOS])
        let inline = try #require(cost.cost(for: .accessoryInline))
        #expect(Set(inline.devices.map(\.platform)) == [.iOS, .iPadOS])
        #expect(!inline.devices.contains { $0.screen == "320x568@2" })
        // accessoryCorner: on watch faces only (its size approximate).
        #expect(Set(try #require(cost.cost(for: .accessoryCorner)).devices.map(\.platform)) == [.watchOS])
    }

    /// iPad systemSmall is on two surfaces: both are budgeted. The Home Screen slot is the
    /// 141 pt canvas (282 px, HIG), shown at 240 px.
    @Test func aFamilyOnTwoSurfacesHasTwoEntries() throws {
        let cost = RenderCost(size: PixelSize(width: 100, height: 100))
        let home = try entry(cost, .systemSmall, "ipad-744x1133@2", surface: .homeScreen)
        #expect(home.slotPixels == [282, 282] && home.displayedPixels == [240, 240])
        #expect(try entry(cost, .systemSmall, "ipad-744x1133@2", surface: .lockScreen).slotPixels == [266, 266])
    }

    @Test func theJSONCarriesScreenOSSlotCapAndTheBindingDevice() throws {
        let cost = RenderCost(size: PixelSize(width: 2048, height: 2048),
                              devices: try WidgetCatalog.builtIn.devices(DeviceSelection(platforms: [.iOS], osVersion: 26)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let small = try #require(cost.cost(for: .systemSmall))
        let json = String(decoding: try encoder.encode(small), as: UTF8.self)
        // The SE 2/3's 292 px slot has the smallest cap: 4.4 x 85,264 = 375,161.6.
        #expect(json.contains("\"bindingDevice\":\"iPhone SE 2/3, 375x667@2, iOS 26\""), "\(json)")
        #expect(json.contains("{\"capBasis\":\"logged\",\"capPixels\":375161,\"capRule\":\"system-families\",\"device\":\"iPhone SE 2/3\",\"fits\":false,"
                              + "\"id\":\"iphone-375x667@2-ios26\",\"os\":[26],\"platform\":\"iOS\",\"screen\":\"375x667@2\","
                              + "\"slotPixels\":[292,292],\"surface\":\"homeScreen\"}"), "\(json)")
        #expect(try JSONDecoder().decode(RenderCost.self, from: try encoder.encode(cost)) == cost)
    }

    /// A family no chosen device offers was "fits everywhere" (every one of its zero devices
    /// fits).
    @Test func aFamilyNoDeviceOffersDoesNotFitClass15() throws {
        // The phones alone: no iPhone offers accessoryCorner (a watch face's family).
        let phones = WidgetCatalog.builtIn.currentDevices.filter { $0.platform == .iOS }
        let cost = RenderCost(size: PixelSize(width: 100, height: 100), devices: phones)
        let unoffered = try #require(cost.families.first { $0.devices.isEmpty }, "the premise: a family no chosen device has")
        #expect(!unoffered.fitsEverywhere && !unoffered.isOffered)
        let json = String(decoding: try JSONEncoder().encode(unoffered), as: UTF8.self)
        #expect(json.contains("\"offered\":false") && json.contains("\"fitsEverywhere\":false"), "\(json)")
        let offered = try #require(cost.families.first { !$0.devices.isEmpty })
        #expect(offered.isOffered && offered.fitsEverywhere)
    }

    @Test func wideColourDoublesTheBitmap() {
        let cost = RenderCost(size: PixelSize(width: 500, height: 375), bytesPerPixel: 8)
        #expect(cost.rgbaBytes == 1_500_000)
    }

    @Test(arguments: WidgetFamily.allCases)
    func familySizingStaysUnderEveryCap(family: WidgetFamily) throws {
        for source in [PixelSize(width: 4032, height: 3024), PixelSize(width: 3024, height: 4032),
                       PixelSize(width: 4000, height: 400)] {
            let box = FamilySizing.box(for: family, sourceSize: source)
            let cost = RenderCost(size: box)
            // Under every cap that counts on every device that has the family: no failure; over
            // an assumed cap only as a labelled risk (a family none has, such as accessoryCorner
            // without a watch, is not "fitting": `aFamilyNoDeviceOffersDoesNotFitClass15`).
            #expect(try #require(cost.cost(for: family)).failingDevices.isEmpty, "\(family) \(source) -> \(box)")
            #expect(try #require(cost.cost(for: family)).risks.allSatisfy { $0.capBasis == .assumed })
            guard !(try #require(cost.cost(for: family))).devices.isEmpty else { continue }
            // Keeps the aspect ratio within a pixel of rounding.
            let aspect = Double(source.width) / Double(source.height)
            #expect(abs(Double(box.width) / aspect - Double(box.height)) <= 1, "\(family) \(source) -> \(box)")
        }
    }

    @Test func familySizingFollowsTheChosenDevices() throws {
        let catalog = WidgetCatalog.builtIn
        // iPhones on iOS 26 only: systemSmall's largest slot is 530 px (440x956), the smallest
        // cap the SE's 375,161 (292 px x 4.4): a square covers 530 px on both sides.
        let iPhones = try catalog.devices(DeviceSelection(platforms: [.iOS], osVersion: 26))
        let small = FamilySizing.box(for: .systemSmall, sourceSize: PixelSize(width: 1000, height: 1000), devices: iPhones)
        #expect(small == PixelSize(width: 530, height: 530))
        // One device: the SE alone, accessoryCircular 112 px, cap its own area (nothing logged).
        let se = try catalog.devices(DeviceSelection(names: ["iphone-375x667@2-ios26"]))
        let circular = FamilySizing.box(for: .accessoryCircular, sourceSize: PixelSize(width: 1000, height: 1000), devices: se)
        #expect(circular == PixelSize(width: 112, height: 112))
    }

    /// FrameUp, iOS 26: a 112 px SE circular and a 180 px Pro Max circular cannot be one image;
    /// the three big phones share 180 px, so they share one variant.
    @Test func perDeviceVariantsSplitBySlotSize() throws {
        let iPhones = try WidgetCatalog.builtIn.devices(DeviceSelection(platforms: [.iOS], osVersion: 26))
        let variants = FamilySizing.variants(for: .accessoryCircular, devices: iPhones)
        #expect(variants.map(\.slot.width) == [191, 180, 174, 173, 120, 112])
        let proMax = try #require(variants.first { $0.slot.width == 180 })
        #expect(Set(proMax.devices.map(\.id)) == ["iphone-440x956@3-ios26", "iphone-430x932@3-ios26", "iphone-428x926@3-ios26"])
        #expect(proMax.name == "accessoryCircular-180x180")
        // Each variant's box covers its own slot and stays under its own cap (180² here).
        let box = FamilySizing.box(for: .accessoryCircular, sourceSize: PixelSize(width: 1000, height: 1000), devices: proMax.devices)
        #expect(box == PixelSize(width: 180, height: 180))
        // An iPad's systemSmall on two surfaces of two sizes lands in two variants.
        let mini = try WidgetCatalog.builtIn.devices(DeviceSelection(names: ["ipad-744x1133@2"]))
        let small = FamilySizing.variants(for: .systemSmall, devices: mini)
        #expect(small.map(\.slot.width) == [282, 266] && small.allSatisfy { $0.devices.first?.slots.count == 1 })
    }
}
