import Foundation
import Testing
@testable import WidgetRules

/// `budget --entries N`: the timeline archive of N entries each carrying the image, handed
/// over as data (the file's bytes) and decoded (x 482/113, the simulator measurement), against
/// the limit; the arithmetic is redone here from the file's size. In process: `budget`'s
/// `BudgetDocument` with its `TimelineReport`.
@Suite struct BudgetTimelineTests {
    private func timeline(entries: Int, imageBytes: Int, fromFile: Bool) throws -> [String: Any] {
        let report = TimelineReport(entries: entries, imageBytes: imageBytes, fromFile: fromFile)
        let document = BudgetDocument(cost: try BudgetReportTests.cost(PixelSize(width: 640, height: 640)), timeline: report)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as? [String: Any])
        #expect(json["families"] != nil, "the render cost is still there")
        return try #require(json["timeline"] as? [String: Any])
    }

    @Test func aFileCarriedByEveryEntry() throws {
        // A 640 px JPEG's size in bytes, as the simulator measurement used (113 KB).
        let bytes = [UInt8](repeating: 0, count: 113_000)
        for entries in [1, 20, 200] {
            let report = try timeline(entries: entries, imageBytes: bytes.count, fromFile: true)
            #expect(report["imageBytesPerEntry"] as? Int == bytes.count)
            #expect(report["imageBytesFrom"] as? String == "file")
            let data = try #require(report["asData"] as? [String: Any])
            let decoded = try #require(report["decoded"] as? [String: Any])
            #expect(data["archiveBytes"] as? Int == entries * bytes.count)
            #expect(decoded["archiveBytes"] as? Int == entries * (bytes.count * 482 / 113))
            #expect(data["fits"] as? Bool == (entries * bytes.count <= 10 * 1_048_576))
            #expect(decoded["fits"] as? Bool == (entries * (bytes.count * 482 / 113) <= 10 * 1_048_576))
            #expect(report["limitBytes"] as? Int == 10 * 1_048_576)
            #expect((report["limitSource"] as? String)?.contains("devices differ") == true)
        }
    }

    @Test func aSizeUsesThePerImageBudgetAndSaysSo() throws {
        let report = try timeline(entries: 20, imageBytes: ImageByteLimit.defaultCap, fromFile: false)
        #expect(report["imageBytesPerEntry"] as? Int == ImageByteLimit.defaultCap)
        #expect(report["imageBytesFrom"] as? String == "byteBudget")
        let text = TimelineReport(entries: 20, imageBytes: ImageByteLimit.defaultCap, fromFile: false).text
        #expect(text.contains("timeline:  20 entries"))
        #expect(text.contains("4.27 x the file's bytes"))
        // Without --entries the document has no timeline.
        let plain = BudgetDocument(cost: try BudgetReportTests.cost(PixelSize(width: 640, height: 640)), timeline: nil)
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("\"timeline\""))
    }
}
