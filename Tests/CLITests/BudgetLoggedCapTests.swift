import Foundation
import Testing

/// The archival caps developers logged (listed with their sources in the system-families and
/// watch-complications rules of Data/widget-catalog.json), through the binary: `budget`
/// reproduces each on the device it belongs to, and a size one pixel wider than WidgetKit's
/// maximumSize is over it. The maxima are typed in from the logs; Sinced2's, which matches no
/// known slot, is not here.
@Suite struct BudgetLoggedCapTests {
    /// (log #, row id, family, logged maximum rounded down, largest whole size under maximumSize).
    static let logs: [(String, String, String, Int, Int, Int)] = [
        ("1", "ipad-820x1180@2", "systemMedium", 718_080, 1320, 544),             // 2.2 x 600, 2 x 272
        ("2", "iphone-393x852@3-ios18", "systemMedium", 2_121_055, 2237, 948),     // 2.2 x 1017, 2 x 474
        ("3", "iphone-390x844@3-ios26", "systemSmall", 1_039_262, 1069, 972),      // 2.2 x 486
        ("5", "iphone-375x812@3-ios26", "systemSmall", 1_001_127, 1049, 954),      // 2.2 x 477
        ("6", "iphone-402x874@3-ios26", "systemMedium", 2_275_490, 2307, 986),     // 2.2 x 1049, 2 x 493
        ("8", "iphone-375x812@3-ios18", "systemSmall", 951_390, 1023, 930),        // 2.2 x 465
        ("9", "iphone-393x852@3-ios18", "systemSmall", 988_574, 1042, 948),        // 2.2 x 474
        ("10", "iphone-402x874@3-ios26", "systemSmall", 1_069_415, 1084, 986),     // 2.2 x 493
        ("W", "watch-46mm@2", "accessoryCircular", 14_981, 122, 122),              // 1.2 x 102
    ]

    private func entry(_ size: String, _ id: String, _ family: String) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(["budget", size, "--device", id, "--family", family, "--json"])
        #expect(result.status == 0, "\(result)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let families = try #require(document["families"] as? [[String: Any]])
        let devices = try #require(families.first { $0["family"] as? String == family }?["devices"] as? [[String: Any]])
        return try #require(devices.first { $0["id"] as? String == id })
    }

    @Test(arguments: logs)
    func theLoggedCapOnItsDeviceAndOnePixelOver(log: (String, String, String, Int, Int, Int)) throws {
        let (_, id, family, cap, width, height) = log
        let fits = try entry("\(width)x\(height)", id, family)
        #expect(fits["capPixels"] as? Int == cap)
        #expect(fits["fits"] as? Bool == true, "\(width)x\(height)")
        let over = try entry("\(width + 1)x\(height)", id, family)
        #expect(over["fits"] as? Bool == false, "\(width + 1)x\(height)")
    }
}
