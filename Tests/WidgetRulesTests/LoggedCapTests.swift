import Testing
@testable import WidgetRules

/// Every archival cap developers logged (the numbers are labels; the cap rules' `reference` in
/// Data/widget-catalog.json cites each log), reproduced to the pixel from the
/// catalogue's slot and its cap rule, on the device it belongs to. The maxima and slot sizes
/// are typed in from the logs and the measurements. Logs 1 and 12 match no slot and are listed
/// as open in the README: `theOpenLogsMatchNoSlot` keeps that true.
@Suite struct LoggedCapTests {
    struct Logged: Sendable, CustomTestStringConvertible {
        var number: String
        var maximum: Double
        var id: String
        var family: WidgetFamily
        var surface: WidgetSurface
        var slot: PixelSize
        /// The image size in the log, over the cap (nil when the log does not give one).
        var loggedImage: PixelSize?
        var testDescription: String { "#\(number) \(id) \(family)" }
    }

    static let logs: [Logged] = [
        Logged(number: "2", maximum: 2_121_055.2, id: "iphone-393x852@3-ios18", family: .systemMedium, surface: .homeScreen,
               slot: PixelSize(width: 1017, height: 474), loggedImage: PixelSize(width: 1536, height: 2039)),
        Logged(number: "3", maximum: 1_039_262.4, id: "iphone-390x844@3-ios26", family: .systemSmall, surface: .homeScreen,
               slot: PixelSize(width: 486, height: 486), loggedImage: PixelSize(width: 2048, height: 2048)),
        Logged(number: "4", maximum: 1_001_127.6, id: "iphone-375x812@3-ios26", family: .systemSmall, surface: .homeScreen,
               slot: PixelSize(width: 477, height: 477), loggedImage: PixelSize(width: 1254, height: 1254)),
        Logged(number: "5", maximum: 2_275_490.8, id: "iphone-402x874@3-ios26", family: .systemMedium, surface: .homeScreen,
               slot: PixelSize(width: 1049, height: 493), loggedImage: PixelSize(width: 2400, height: 1595)),
        Logged(number: "6", maximum: 951_390, id: "iphone-375x812@3-ios18", family: .systemSmall, surface: .homeScreen,
               slot: PixelSize(width: 465, height: 465)),
        Logged(number: "7", maximum: 988_574.4, id: "iphone-393x852@3-ios18", family: .systemSmall, surface: .homeScreen,
               slot: PixelSize(width: 474, height: 474), loggedImage: PixelSize(width: 1024, height: 1024)),
        Logged(number: "8", maximum: 1_069_415.6, id: "iphone-402x874@3-ios26", family: .systemSmall, surface: .homeScreen,
               slot: PixelSize(width: 493, height: 493), loggedImage: PixelSize(width: 1080, height: 1350)),
        // A manga-library app on an iPhone 11 (414x896@2), iOS 27: 4.4 x 333².
        Logged(number: "9", maximum: 487_911.6, id: "iphone-414x896@2-ios26", family: .systemSmall, surface: .homeScreen,
               slot: PixelSize(width: 333, height: 333), loggedImage: PixelSize(width: 1024, height: 1024)),
        // iPad mini (A17 Pro), iPadOS 26.2, maximumSize (620.4, 564.0): 4.4 x 282², the 141 pt
        // design canvas at 2x, not the 240 px Home Screen frame (whose cap would be 253,440).
        Logged(number: "10", maximum: 349_905.6, id: "ipad-744x1133@2", family: .systemSmall, surface: .homeScreen,
               slot: PixelSize(width: 282, height: 282), loggedImage: PixelSize(width: 1200, height: 400)),
        Logged(number: "11", maximum: 14_981.76, id: "watch-46mm@2", family: .accessoryCircular, surface: .watchFace,
               slot: PixelSize(width: 102, height: 102), loggedImage: PixelSize(width: 384, height: 384)),
        Logged(number: "11", maximum: 14_981.76, id: "watch-ultra3-49mm@2", family: .accessoryCircular, surface: .watchFace,
               slot: PixelSize(width: 102, height: 102), loggedImage: PixelSize(width: 384, height: 384)),
    ]

    /// Log 1 (forums 773785, 718,080 = 4.4 x 600x272, an iPad Home Screen frame; iPad caps are
    /// the canvas's) and log 12 (Sinced2, 526,750.4 = 4.4 x 346²) match no slot of the catalogue.
    @Test(arguments: [718_080.0, 526_750.4])
    func theOpenLogsMatchNoSlot(maximum: Double) {
        let caps = WidgetCatalog.builtIn.devices.flatMap { $0.slots.map(\.capPixels) }
        #expect(!caps.contains(Int(maximum.rounded(.down))))
    }

    private func fit(_ size: PixelSize, _ log: Logged) throws -> RenderCost.DeviceFit {
        let device = try WidgetCatalog.builtIn.devices(DeviceSelection(names: [log.id]))
        let cost = RenderCost(size: size, devices: device)
        return try #require(cost.cost(for: log.family)?.devices.first { $0.surface == log.surface })
    }

    @Test(arguments: logs)
    func theLoggedCapIsTheSlotTimesTheRule(log: Logged) throws {
        let entry = try fit(PixelSize(width: 1, height: 1), log)
        #expect(entry.slotPixels == [log.slot.width, log.slot.height])
        // The logged maximum is fractional: a whole-pixel area fits when it is at most its floor.
        #expect(entry.capPixels == Int(log.maximum.rounded(.down)))
        if let image = log.loggedImage {
            #expect(try !fit(image, log).fits, "the logged image was refused")
        }
    }

    /// WidgetKit's maximumSize is (2.2 w, 2.0 h) for system families and 1.2 per axis on the
    /// watch: the largest whole size inside it fits, one pixel wider does not.
    @Test(arguments: logs)
    func onePixelOverIsOverTheCap(log: Logged) throws {
        let perAxis: (Double, Double) = log.family == .accessoryCircular ? (1.2, 1.2) : (2.2, 2.0)
        let largest = PixelSize(width: Int((Double(log.slot.width) * perAxis.0).rounded(.down)),
                                height: Int((Double(log.slot.height) * perAxis.1).rounded(.down)))
        #expect(Double(largest.area) <= log.maximum)
        #expect(try fit(largest, log).fits, "\(largest)")
        let over = PixelSize(width: largest.width + 1, height: largest.height)
        #expect(Double(over.area) > log.maximum)
        #expect(try !fit(over, log).fits, "\(over)")
    }
}
