import Foundation
import Testing
import TestSupport

/// `widget-thumbs budget`, checked against figures worked out by hand from the measured and
/// published slots (their sources are in Data/widget-catalog.json), not from our code.
@Suite struct BudgetCommandTests {
    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 0, "\(result)")
        return try #require(JSONReport.object(result.stdout))
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
        let document = try json(["budget", "500x375", "--json"])
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
        let document = try json(["budget", "2048x2048", "--json"])
        #expect(try device(document, family: "systemSmall", id: "iphone-440x956@3-ios26")["fits"] as? Bool == false)
        #expect(try device(document, family: "systemLarge", id: "iphone-440x956@3-ios26")["fits"] as? Bool == true)
        let small = try family(document, "systemSmall")
        #expect(small["fitsEverywhere"] as? Bool == false)
        #expect((small["failingDevices"] as? [String])?.contains("iPhone 16/17/18 Pro Max, 440x956@3, iOS 26/27") == true)
    }

    @Test func theTableNamesEveryFamilyAndItsBindingDevice() throws {
        let result = try WidgetThumbsBinary.run(["budget", "500x375", "--platform", "iOS", "--os", "26"])
        #expect(result.status == 0, "\(result)")
        for family in ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "systemExtraLargePortrait",
                       "accessoryCircular", "accessoryRectangular", "accessoryInline", "accessoryCorner"] {
            #expect(result.stdout.contains(family), "\(family) missing")
        }
        #expect(result.stdout.contains("750,000 bytes"))
        // The SE 2/3 has the smallest iOS 26 slots: 4.4 x 292² = 375,161.6.
        let smallLine = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("systemSmall ") })
        #expect(smallLine.contains("375,161") && smallLine.contains("iPhone SE 2/3, 375x667@2, iOS 26"), "\(smallLine)")
        #expect(result.stdout.contains("standBy"), "StandBy is listed with no size")
    }

    @Test func oneFamilyListsItsDevices() throws {
        let result = try WidgetThumbsBinary.run(["budget", "2048x2048", "--family", "systemSmall"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("440x956@3"))
        #expect(result.stdout.contains("1,235,960"))  // 4.4 x 530²
        #expect(result.stdout.contains("smallest cap: "))
    }

    @Test func devicesNarrowTheBudget() throws {
        let document = try json(["budget", "600x600", "--json", "--device", "iPhone 17 Pro", "--device", "375x667@2", "--os", "26"])
        let ids = try #require(try family(document, "systemSmall")["devices"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids == ["iphone-402x874@3-ios26", "iphone-375x667@2-ios26"])
        #expect(try family(document, "systemExtraLargePortrait")["devices"] as? [Any] != nil)
        let portrait = try #require(try family(document, "systemExtraLargePortrait")["devices"] as? [Any])
        #expect(portrait.isEmpty, "systemExtraLargePortrait is iOS 27 only")
        #expect(try WidgetThumbsBinary.run(["budget", "500x375", "--device", "iPhone 99"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "500x375", "--platform", "tvOS"]).status == 64)
    }

    @Test func badArgumentsAreUsageErrorsOrFailures() throws {
        #expect(try WidgetThumbsBinary.run(["budget"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "500x375", "--family", "systemHuge"]).status == 64)
        let missing = try WidgetThumbsBinary.run(["budget", "/nonexistent/picture.jpg"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("widget-thumbs: /nonexistent/picture.jpg: I/O error"))
    }
}

/// A size out of range is an invalid size (64), not a file that cannot be
/// opened (1).
@Suite struct BudgetSizeRangeTests {
    @Test(arguments: ["0x0", "99999999x99999999", "0x500", "500x65536", "-5x5"])
    func aSizeOutOfRangeIsAUsageError(size: String) throws {
        let result = try WidgetThumbsBinary.run(["budget", size])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("invalid") && !result.stderr.contains("cannot open"), "\(result.stderr)")
    }
}
