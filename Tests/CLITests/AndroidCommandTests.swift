import Foundation
import Testing
import TestSupport

/// The Android options end to end: what only the commands do (reading --platform android and
/// its options, writing the file). The figures are worked out by hand from M = 6 x W x H and
/// px = dp x dpi / 160 (rounded down); the reports themselves are tested in process
/// (`Tests/WidgetRulesTests/Android/`).
@Suite struct AndroidCommandTests {
    @Test func budgetPrintsEachScreensCap() throws {
        for (screen, cap) in [("1080x2400", "15,552,000"), ("720x1600", "6,912,000"), ("1440x3120", "26,956,800"),
                              ("1080x2340", "15,163,200")] {
            let result = try WidgetThumbsBinary.run(["budget", "--platform", "android", "--screen", screen])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("cap M:   \(cap) bytes"), "\(screen): \(result.stdout)")
        }
        let fourByTwo = try WidgetThumbsBinary.run(["budget", "--platform", "android", "--screen", "1080x2400", "--density", "2.625",
                                                    "--cells", "4x2", "--json"])
        let document = try #require(JSONReport.object(fourByTwo.stdout))
        let span = try #require((document["spans"] as? [[String: Any]])?.first)
        #expect(span["slot"] as? [Int] == [1638, 724])
        #expect(span["argb8888Bytes"] as? Int == 4_743_648)
    }

    @Test func thumbnailWritesAPictureWithinTheSlotAndTheCap() throws {
        let directory = try TemporaryDirectory()
        let output = directory.file("widget.jpg")
        let result = try WidgetThumbsBinary.run(["thumbnail", DefaultDevicesTests.photo, "-o", output, "--platform", "android",
                                                 "--screen", "1080x2400", "--density", "2.625", "--cells", "4x2", "--fit", "cover"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("decodes it at full resolution"))
        let inspected = try WidgetThumbsBinary.run(["inspect", output, "--json"])
        let report = try #require(JSONReport.object(inspected.stdout))
        let width = try #require(report["width"] as? Int)
        let height = try #require(report["height"] as? Int)
        #expect(width <= 1638 && height <= 724, "\(width)x\(height)")
        #expect(width * height * 4 <= 15_552_000)
        // A cover crop of a 4000x3000 photo fills the whole slot.
        #expect((width, height) == (1638, 724))
    }

    @Test func severalSpansAreOneFileEachFromOneDecode() throws {
        let directory = try TemporaryDirectory()
        let output = directory.file("cover.jpg")
        // Two bitmaps share 15,552,000 bytes: 7,776,000 each. 2x2 at 2.625 is 306x276 dp = 803x724 (803.25, 724.5 rounded
        // down), 2,325,488 bytes; 4x3 is 624x422 dp = 1638x1107 (1107.75), 7,253,064 bytes: both within the share.
        let result = try WidgetThumbsBinary.run(["thumbnail", DefaultDevicesTests.photo, "-o", output, "--platform", "android",
                                                 "--screen", "1080x2400", "--cells", "2x2,4x3", "--bitmaps", "2", "--fit", "cover"])
        #expect(result.status == 0, "\(result)")
        let files = try #require(JSONReport.object(result.stdout)?["files"] as? [[String: Any]])
        #expect(files.map { [$0["width"] as? Int, $0["height"] as? Int] } == [[803, 724], [1638, 1107]])
        #expect(files.allSatisfy { ($0["argb8888Bytes"] as? Int ?? .max) <= 7_776_000 })
        #expect(FileManager.default.fileExists(atPath: directory.file("cover.android-4x3.jpg")))
        // budget lists the spans asked for.
        let budget = try WidgetThumbsBinary.run(["budget", "--platform", "android", "--screen", "1080x2400", "--cells", "2x2,4x3", "--json"])
        let spans = try #require(JSONReport.object(budget.stdout)?["spans"] as? [[String: Any]])
        #expect(spans.map { $0["slot"] as? [Int] } == [[803, 724], [1638, 1107]])
    }

    /// batch reads the span list from the command line and names each output's span in
    /// `--json` (the runs themselves are tested in process, `BatchAndroidSpansTests`).
    /// 2x2 at 2.625 is 306x276 dp = 803x724 (803.25, 724.5 rounded down); 4x2 is 624x276 dp =
    /// 1638x724; a 4000x3000 photo's cover crop fills each.
    @Test func batchMakesOneFilePerSpanAndNamesItsSpan() throws {
        let directory = try TemporaryDirectory()
        let result = try WidgetThumbsBinary.run(["batch", DefaultDevicesTests.photo, "--out", directory.file("out"), "--platform", "android",
                                                 "--screen", "1080x2400", "--density", "2.625", "--cells", "2x2,4x2", "--fit", "cover",
                                                 "--json"])
        #expect(result.status == 0, "\(result)")
        let items = try #require(JSONReport.object(result.stdout)?["inputs"] as? [[String: Any]])
        #expect(items.map { $0["cells"] as? String } == ["2x2", "4x2"])
        #expect(items.map { [$0["width"] as? Int, $0["height"] as? Int] } == [[803, 724], [1638, 724]])
        #expect(items.map { ($0["output"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
            == ["large-4000x3000.android-2x2.jpg", "large-4000x3000.android-4x2.jpg"])
        // --families sizes for WidgetKit: refused with Android's spans.
        let mixed = try WidgetThumbsBinary.run(["batch", DefaultDevicesTests.photo, "--out", directory.file("out"), "--platform", "android",
                                                "--screen", "1080x2400", "--cells", "2x2,4x2", "--families", "small"])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("'--families' sizes for WidgetKit's families"), "\(mixed)")
    }

    @Test func androidOptionsNeedTheirPlatformAndTheirSlot() throws {
        #expect(try WidgetThumbsBinary.run(["budget", "--screen", "1080x2400"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "--platform", "android"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "--platform", "android", "--screen", "1080x2400", "--cells", "9x9"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "--platform", "android", "--screen", "1080x2400", "--density", "2.626"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["thumbnail", DefaultDevicesTests.photo, "-o", "/tmp/never.jpg", "--platform", "android",
                                            "--screen", "1080x2400"]).status == 64)
    }

    @Test func devicesListsTheAndroidScreensWithTheirCaps() throws {
        let result = try WidgetThumbsBinary.run(["devices", "--platform", "android", "--json"])
        #expect(result.status == 0, "\(result)")
        let screens = try #require(JSONReport.object(result.stdout)?["screens"] as? [[String: Any]])
        let caps = Dictionary(uniqueKeysWithValues: screens.compactMap { screen in
            (screen["pixels"] as? [Int]).flatMap { pixels in (screen["capBytes"] as? Int).map { ("\(pixels[0])x\(pixels[1])", $0) } }
        })
        #expect(caps["1080x2400"] == 15_552_000)
        #expect(caps["720x1600"] == 6_912_000)
        #expect(caps["1440x3120"] == 26_956_800)
        #expect(caps["1080x2340"] == 15_163_200)
    }
}
