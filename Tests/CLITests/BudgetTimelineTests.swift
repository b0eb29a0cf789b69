import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// `budget --entries N`: the timeline archive of N entries each carrying the image, handed
/// over as data (the file's bytes) and decoded (x 482/113, the simulator measurement), against
/// the limit; the arithmetic is redone here from the file's size.
@Suite struct BudgetTimelineTests {
    private func timeline(_ arguments: [String]) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(["budget"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result)")
        let document = try #require(JSONReport.object(result.stdout))
        #expect(document["families"] != nil, "the render cost is still there")
        return try #require(document["timeline"] as? [String: Any])
    }

    @Test func aFileCarriedByEveryEntry() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bytes = try ImageEncoder.encode(BombFixtures.pattern(640, 640), format: .jpeg, quality: 85)
        let file = try folder.write("entry.jpg", bytes)
        for entries in [1, 20, 200] {
            let report = try timeline([file, "--entries", "\(entries)"])
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
        let report = try timeline(["640x640", "--entries", "20"])
        #expect(report["imageBytesPerEntry"] as? Int == ByteBudget.defaultCap)
        #expect(report["imageBytesFrom"] as? String == "byteBudget")
        let text = try WidgetThumbsBinary.run(["budget", "640x640", "--entries", "20"])
        #expect(text.stdout.contains("timeline:  20 entries"))
        #expect(text.stdout.contains("4.27 x the file's bytes"))
        #expect(try WidgetThumbsBinary.run(["budget", "640x640", "--entries", "0"]).status == 64)
        // Without --entries the document has no timeline.
        let plain = try WidgetThumbsBinary.run(["budget", "640x640", "--json"])
        #expect(!plain.stdout.contains("\"timeline\""))
    }
}
