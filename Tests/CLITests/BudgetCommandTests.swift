import Foundation
import Testing

/// `widget-thumbs budget`, checked against figures worked out by hand (from the
/// HIG slot sizes, not from our code).
@Suite struct BudgetCommandTests {
    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func device(_ document: [String: Any], family: String, screen: String, scale: Int) throws -> [String: Any] {
        let families = try #require(document["families"] as? [[String: Any]])
        let entry = try #require(families.first { $0["family"] as? String == family })
        let devices = try #require(entry["devices"] as? [[String: Any]])
        return try #require(devices.first { $0["screen"] as? String == screen && $0["scale"] as? Int == scale })
    }

    @Test func a500x375ThumbnailAsJSON() throws {
        let document = try json(["budget", "500x375", "--json"])
        #expect(document["width"] as? Int == 500)
        #expect(document["height"] as? Int == 375)
        #expect(document["bytesPerPixel"] as? Int == 4)
        #expect(document["rgbaBytes"] as? Int == 750_000)
        #expect(document["extensionMemoryLimitBytes"] as? Int == 31_457_280)

        let small = try device(document, family: "systemSmall", screen: "393x852", scale: 3)
        #expect(small["slotWidth"] as? Int == 474)
        #expect(small["slotHeight"] as? Int == 474)
        #expect(small["archivalCapPixels"] as? Int == 988_574)
        #expect(small["fits"] as? Bool == true)
        let medium = try device(document, family: "systemMedium", screen: "375x667", scale: 2)
        #expect(medium["archivalCapPixels"] as? Int == 836_141)
    }

    @Test func a2048SquareFailsSmallButFitsLargeOnTheBiggestIPhone() throws {
        let document = try json(["budget", "2048x2048", "--json"])
        #expect(try device(document, family: "systemSmall", screen: "430x932", scale: 3)["fits"] as? Bool == false)
        #expect(try device(document, family: "systemLarge", screen: "430x932", scale: 3)["fits"] as? Bool == true)
        let families = try #require(document["families"] as? [[String: Any]])
        let small = try #require(families.first { $0["family"] as? String == "systemSmall" })
        #expect(small["fitsEverywhere"] as? Bool == false)
        #expect((small["failingDevices"] as? [String])?.contains("iPhone 430x932@3x") == true)
    }

    @Test func theTableNamesEveryFamily() throws {
        let result = try WidgetThumbsBinary.run(["budget", "500x375"])
        #expect(result.status == 0)
        for family in ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
                       "accessoryCircular", "accessoryRectangular", "accessoryInline"] {
            #expect(result.stdout.contains(family), "\(family) missing")
        }
        #expect(result.stdout.contains("750,000 bytes"))
    }

    @Test func oneFamilyListsItsDevices() throws {
        let result = try WidgetThumbsBinary.run(["budget", "2048x2048", "--family", "systemSmall"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("430x932"))
        #expect(result.stdout.contains("1,144,440"))
    }

    @Test func badArgumentsAreUsageErrorsOrFailures() throws {
        #expect(try WidgetThumbsBinary.run(["budget"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "500x375", "--family", "systemHuge"]).status == 64)
        let missing = try WidgetThumbsBinary.run(["budget", "/nonexistent/picture.jpg"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("widget-thumbs: /nonexistent/picture.jpg: I/O error"))
    }
}
