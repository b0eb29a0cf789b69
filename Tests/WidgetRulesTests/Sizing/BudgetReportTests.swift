import Foundation
import Testing
@testable import WidgetRules

/// `budget`'s report in process (`RenderCost`, `BudgetDocument`, `BudgetTable`), checked against
/// figures worked out by hand from the measured and published slots (their sources are in
/// Data/widget-catalog.json), not from our code. The command's parsing is tested end to end in
/// `Tests/CLITests/BudgetCommandTests.swift`.
@Suite struct BudgetReportTests {
    /// What `budget SIZE --json` prints for the devices `selection` chooses (every cap of
    /// named devices counts, as the command decides).
    static func json(_ size: PixelSize, _ selection: DeviceSelection = DeviceSelection()) throws -> [String: Any] {
        let data = try JSONEncoder().encode(BudgetDocument(cost: try cost(size, selection), timeline: nil))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func cost(_ size: PixelSize, _ selection: DeviceSelection = DeviceSelection()) throws -> RenderCost {
        RenderCost(size: size, devices: try WidgetCatalog.builtIn.devices(selection), catalog: .builtIn,
                   assumedCaps: selection.assumedCaps)
    }

    /// What `budget SIZE` prints as a table (one family's devices with `family`).
    static func table(_ size: PixelSize, family: WidgetFamily? = nil, _ selection: DeviceSelection = DeviceSelection()) throws -> String {
        BudgetTable(cost: try cost(size, selection), family: family, catalog: .builtIn,
                    devices: try WidgetCatalog.builtIn.devices(selection)).text
    }

    private func family(_ document: [String: Any], _ name: String) throws -> [String: Any] {
        let families = try #require(document["families"] as? [[String: Any]])
        return try #require(families.first { $0["family"] as? String == name })
    }

    private func device(_ document: [String: Any], family name: String, id: String) throws -> [String: Any] {
        let devices = try #require(try family(document, name)["devices"] as? [[String: Any]])
        return try #require(devices.first { $0["id"] as? String == id }, "\(name) has no \(id)")
    }

    @Test func a500x375ThumbnailAsJSON() throws {
        let document = try Self.json(PixelSize(width: 500, height: 375))
        #expect(document["width"] as? Int == 500)
        #expect(document["height"] as? Int == 375)
        #expect(document["bytesPerPixel"] as? Int == 4)
        #expect(document["rgbaBytes"] as? Int == 750_000)

        // iOS 26, 402x874@3 (iPhone 16 Pro, 17, 17 Pro): small 493 px, 4.4 x 493² = 1,069,415.6.
        let small = try device(document, family: "systemSmall", id: "iphone-402x874@3-ios26")
        #expect(small["screen"] as? String == "402x874@3")
        #expect(small["os"] as? [Int] == [26, 27])
        #expect(small["slotPixels"] as? [Int] == [493, 493])
        #expect(small["capPixels"] as? Int == 1_069_415)
        #expect(small["fits"] as? Bool == true)
        // The iOS 26 SE medium: 638x292, 4.4 x 186,296 = 819,702.4.
        #expect(try device(document, family: "systemMedium", id: "iphone-375x667@2-ios26")["capPixels"] as? Int == 819_702)
    }

    @Test func a2048SquareFailsSmallButFitsLargeOnTheBiggestIPhone() throws {
        let document = try Self.json(PixelSize(width: 2048, height: 2048))
        #expect(try device(document, family: "systemSmall", id: "iphone-440x956@3-ios26")["fits"] as? Bool == false)
        #expect(try device(document, family: "systemLarge", id: "iphone-440x956@3-ios26")["fits"] as? Bool == true)
        let small = try family(document, "systemSmall")
        #expect(small["fitsEverywhere"] as? Bool == false)
        #expect((small["failingDevices"] as? [String])?.contains("iPhone 16/17/18 Pro Max, 440x956@3, iOS 26/27") == true)
    }

    @Test func theTableNamesEveryFamilyAndItsBindingDevice() throws {
        let stdout = try Self.table(PixelSize(width: 500, height: 375), DeviceSelection(platforms: [.iOS], osVersion: 26))
        for family in ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "systemExtraLargePortrait",
                       "accessoryCircular", "accessoryRectangular", "accessoryInline", "accessoryCorner"] {
            #expect(stdout.contains(family), "\(family) missing")
        }
        #expect(stdout.contains("750,000 bytes"))
        // The SE 2/3 has the smallest iOS 26 slots: 4.4 x 292² = 375,161.6.
        let smallLine = try #require(stdout.split(separator: "\n").first { $0.hasPrefix("systemSmall ") })
        #expect(smallLine.contains("375,161") && smallLine.contains("iPhone SE 2/3, 375x667@2, iOS 26"), "\(smallLine)")
        #expect(stdout.contains("standBy"), "StandBy is listed with no size")
    }

    @Test func oneFamilyListsItsDevices() throws {
        let stdout = try Self.table(PixelSize(width: 2048, height: 2048), family: .systemSmall)
        #expect(stdout.contains("440x956@3"))
        #expect(stdout.contains("1,235,960"))  // 4.4 x 530²
        #expect(stdout.contains("smallest cap: "))
    }

    @Test func devicesNarrowTheBudget() throws {
        let document = try Self.json(PixelSize(width: 600, height: 600),
                                     DeviceSelection(names: ["iPhone 17 Pro", "375x667@2"], osVersion: 26))
        let ids = try #require(try family(document, "systemSmall")["devices"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids == ["iphone-402x874@3-ios26", "iphone-375x667@2-ios26"])
        #expect(try family(document, "systemExtraLargePortrait")["devices"] as? [Any] != nil)
        let portrait = try #require(try family(document, "systemExtraLargePortrait")["devices"] as? [Any])
        #expect(portrait.isEmpty, "systemExtraLargePortrait is iOS 27 only")
    }
}
