import Foundation
import Testing
@testable import WidgetRules

/// The archival caps developers logged, numbered as in LoggedCapTests (the cap rules'
/// `reference` in Data/widget-catalog.json cites each log), in `budget`'s report: it reproduces
/// each on the device it belongs to, and a size one pixel wider than WidgetKit's maximumSize is
/// over it. The maxima are typed in from the logs. Logs 1 (718,080, an iPad Home Screen frame,
/// not a canvas) and 12 (Sinced2, 526,750.4) match no slot: LoggedCapTests checks that they stay
/// open.
@Suite struct BudgetLoggedCapTests {
    /// (log #, row id, family, logged maximum rounded down, largest whole size under maximumSize).
    static let logs: [(String, String, String, Int, Int, Int)] = [
        ("2", "iphone-393x852@3-ios18", "systemMedium", 2_121_055, 2237, 948),     // 2.2 x 1017, 2 x 474
        ("3", "iphone-390x844@3-ios26", "systemSmall", 1_039_262, 1069, 972),      // 2.2 x 486
        ("4", "iphone-375x812@3-ios26", "systemSmall", 1_001_127, 1049, 954),      // 2.2 x 477
        ("5", "iphone-402x874@3-ios26", "systemMedium", 2_275_490, 2307, 986),     // 2.2 x 1049, 2 x 493
        ("6", "iphone-375x812@3-ios18", "systemSmall", 951_390, 1023, 930),        // 2.2 x 465
        ("7", "iphone-393x852@3-ios18", "systemSmall", 988_574, 1042, 948),        // 2.2 x 474
        ("8", "iphone-402x874@3-ios26", "systemSmall", 1_069_415, 1084, 986),      // 2.2 x 493
        ("9", "iphone-414x896@2-ios26", "systemSmall", 487_911, 732, 666),         // iPhone 11, iOS 27: 2.2 x 333
        ("10", "ipad-744x1133@2", "systemSmall", 349_905, 620, 564),               // maximumSize (620.4, 564.0): the 282 px canvas
        ("11", "watch-46mm@2", "accessoryCircular", 14_981, 122, 122),             // 1.2 x 102
    ]

    private func entry(_ width: Int, _ height: Int, _ id: String, _ family: String) throws -> [String: Any] {
        let document = try BudgetReportTests.json(PixelSize(width: width, height: height), DeviceSelection(names: [id]))
        let families = try #require(document["families"] as? [[String: Any]])
        let devices = try #require(families.first { $0["family"] as? String == family }?["devices"] as? [[String: Any]])
        return try #require(devices.first { $0["id"] as? String == id && $0["surface"] as? String != "lockScreen" })
    }

    @Test(arguments: logs)
    func theLoggedCapOnItsDeviceAndOnePixelOver(log: (String, String, String, Int, Int, Int)) throws {
        let (_, id, family, cap, width, height) = log
        let fits = try entry(width, height, id, family)
        #expect(fits["capPixels"] as? Int == cap)
        #expect(fits["fits"] as? Bool == true, "\(width)x\(height)")
        let over = try entry(width + 1, height, id, family)
        #expect(over["fits"] as? Bool == false, "\(width + 1)x\(height)")
    }
}
