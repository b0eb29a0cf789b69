import Foundation
import Testing
@testable import WidgetThumbnails

@Suite struct RenderCostTests {
    private func device(_ cost: RenderCost, _ family: WidgetFamily, _ screen: PointSize, scale: Int) throws -> RenderCost.DeviceFit {
        let familyCost = try #require(cost.cost(for: family))
        return try #require(familyCost.devices.first { $0.screen == screen && $0.scale == scale })
    }

    @Test func a500x375ThumbnailOnCurrentIPhones() throws {
        let cost = RenderCost(size: PixelSize(width: 500, height: 375))
        #expect(cost.rgbaBytes == 750_000)
        #expect(cost.bytesPerPixel == 4)
        #expect(cost.extensionMemoryLimitBytes == 31_457_280)

        // Figures worked out by hand (the README's `budget` section): 158 pt @3x = 474 px; 4.4 x 474² = 988,574.4.
        let small = try device(cost, .systemSmall, PointSize(393, 852), scale: 3)
        #expect(small.slotWidth == 474 && small.slotHeight == 474)
        #expect(small.archivalCapPixels == 988_574)
        #expect(small.fits)

        // 321x148 pt @2x = 642x296 px; 4.4 x 190,032 = 836,140.8.
        let medium = try device(cost, .systemMedium, PointSize(375, 667), scale: 2)
        #expect(medium.archivalCapPixels == 836_141)
        #expect(cost.cost(for: .systemSmall)?.fitsEverywhere == true)
    }

    @Test func a2048SquareIsTooLargeForSmallButFitsLarge() throws {
        let cost = RenderCost(size: PixelSize(width: 2048, height: 2048))
        #expect(try !device(cost, .systemSmall, PointSize(430, 932), scale: 3).fits)
        #expect(try device(cost, .systemLarge, PointSize(430, 932), scale: 3).fits)
        let small = try #require(cost.cost(for: .systemSmall))
        #expect(small.failingDevices.contains { $0.device == .iPhone && $0.screen == PointSize(430, 932) && $0.scale == 3 })
        #expect(small.failingDevices.map(\.deviceName).contains("iPhone 430x932@3x"))
        #expect(!small.fitsEverywhere && small.failingDevices.allSatisfy { !$0.fits })
    }

    @Test func familiesOnlyListDevicesThatOfferThem() throws {
        let cost = RenderCost(size: PixelSize(width: 100, height: 100))
        let extraLarge = try #require(cost.cost(for: .systemExtraLarge))
        #expect(!extraLarge.devices.isEmpty)
        #expect(extraLarge.devices.allSatisfy { $0.device == .iPad })
        let inline = try #require(cost.cost(for: .accessoryInline))
        #expect(inline.devices.allSatisfy { $0.device == .iPhone })
        #expect(!inline.devices.contains { $0.screen == PointSize(320, 568) })
    }

    @Test func the414x896ClassExistsAtBothScales() {
        let scales = DeviceClass.catalog.filter { $0.screen == PointSize(414, 896) }.map(\.scale).sorted()
        #expect(scales == [2, 3])
        #expect(Set(DeviceClass.catalog.map(\.name)).count == DeviceClass.catalog.count)
    }

    /// The typed screen and failing devices print as the text `budget --json` has always had.
    @Test func theJSONKeepsScreensAndFailingDevicesAsText() throws {
        let cost = RenderCost(size: PixelSize(width: 2048, height: 2048))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let small = try #require(cost.cost(for: .systemSmall))
        let json = String(decoding: try encoder.encode(small), as: UTF8.self)
        #expect(json.contains("\"failingDevices\":[\"iPhone 430x932@3x\",\"iPhone 428x926@3x\","), "\(json)")
        #expect(json.contains("\"fitsEverywhere\":false"))
        #expect(json.contains("{\"archivalCapPixels\":1144440,\"device\":\"iPhone\",\"fits\":false,\"scale\":3,"
                              + "\"screen\":\"430x932\",\"slotHeight\":510,\"slotWidth\":510}"), "\(json)")
        #expect(try JSONDecoder().decode(RenderCost.self, from: try encoder.encode(cost)) == cost)
        #expect(PointSize(160.5, 72).description == "160.5x72")
        #expect(PointSize(text: "393x852") == PointSize(393, 852) && PointSize(text: "393") == nil)
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
            #expect(try #require(cost.cost(for: family)).fitsEverywhere, "\(family) \(source) -> \(box)")
            // Keeps the aspect ratio within rounding.
            let aspect = Double(source.width) / Double(source.height)
            #expect(abs(Double(box.width) / Double(box.height) - aspect) < aspect * 0.02 + 0.01)
        }
    }

    @Test func familySizingCoversTheLargestSlotWhenTheCapAllows() {
        // systemSmall: largest slot 510x510 px (430x932@3x); smallest cap 4.4 x 240² (iPad
        // 768x1024 small, 120 pt @2x) = 253,440 px, which is below 510², so the cap wins.
        let small = FamilySizing.box(for: .systemSmall, sourceSize: PixelSize(width: 1000, height: 1000))
        #expect(small.area <= 253_440)
        #expect(small.width >= 500)
        // A square source for systemLarge: the largest slot is 1092x1146 px, smallest cap
        // 4.4 x 520² = 1,189,760, so the image covers 1146 px on both sides.
        let large = FamilySizing.box(for: .systemLarge, sourceSize: PixelSize(width: 3000, height: 3000))
        #expect(large.area <= 1_189_760)
    }
}
