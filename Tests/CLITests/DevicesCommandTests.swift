import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// `widget-thumbs devices` and `--catalog` (figures from the sources Data/widget-catalog.json cites).
@Suite struct DevicesCommandTests {
    private func document(_ arguments: [String]) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(["devices", "--json"] + arguments)
        #expect(result.status == 0, "\(result)")
        return try #require(JSONReport.object(result.stdout))
    }

    private func rows(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["devices"] as? [[String: Any]])
    }

    @Test func everyPlatformAndTheNewFamiliesAreListed() throws {
        let rows = try rows(try document([]))
        #expect(Set(rows.compactMap { $0["platform"] as? String }) == ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"])
        let families = Set(rows.flatMap { ($0["slots"] as? [[String: Any]] ?? []).compactMap { $0["family"] as? String } })
        #expect(families.contains("systemExtraLargePortrait"))
        #expect(rows.allSatisfy { $0["droppedBy"] == nil }, "the default set has no dropped device")
        let table = try WidgetThumbsBinary.run(["devices"])
        #expect(table.status == 0 && table.stdout.contains("accessoryCorner") && table.stdout.contains("carPlay"))
        #expect(table.stdout.contains("measured: frameup-ios26") && table.stdout.contains("published: hig-ipad"))
    }

    @Test func platformAndOSNarrowTheList() throws {
        let watches = try rows(try document(["--platform", "watchOS", "--os", "27"]))
        #expect(!watches.isEmpty && watches.allSatisfy { $0["platform"] as? String == "watchOS" && $0["os"] as? [Int] == [27] })
        // 46 mm: a 51 pt circular complication, 102 px; cap 1.44 x 102² = 14,981.76.
        let slots = try #require(watches.first { $0["id"] as? String == "watch-46mm@2" }?["slots"] as? [[String: Any]])
        let circular = try #require(slots.first { $0["family"] as? String == "accessoryCircular" })
        #expect(circular["pixels"] as? [Int] == [102, 102] && circular["capPixels"] as? Int == 14_981)
    }

    /// The catalogue is compiled in: the binary copied alone into an empty folder (no resource
    /// bundle beside it, another working directory) still budgets and lists devices.
    @Test func aCopiedAloneBinaryRunsBudgetAndDevices() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let original = try #require(WidgetThumbsBinary.path)
        let copy = folder.file("widget-thumbs")
        // Copied by cp, not in this process: a write descriptor open here could be inherited by
        // a child another test spawns meanwhile, and exec would fail with ETXTBSY.
        #expect(try ChildProcess.run("/bin/cp", [original, copy]).status == 0)
        let budget = try ChildProcess.run(copy, ["budget", "1254x1254", "--device", "iPhone 11 Pro", "--os", "26", "--json"])
        #expect(budget.status == 0, "\(budget)")
        // PatchWidget's logged "iPhone 11 Pro, Small" cap 1,001,127.6 = 4.4 x 477².
        #expect(budget.stdout.contains("\"capPixels\" : 1001127"), "\(budget.stdout)")
        let devices = try ChildProcess.run(copy, ["devices", "--platform", "visionOS"])
        #expect(devices.status == 0 && devices.stdout.contains("Apple Vision Pro"), "\(devices)")
    }

    private static let fold = """
        {"schemaVersion": 1,
         "sources": [{"id": "mine", "kind": "measured", "reference": "measured on my device"}],
         "devices": [{"id": "iphone-fold", "platform": "iOS", "screen": [480, 1000], "scale": 3, "os": [27],
                      "label": "iPhone Fold", "names": ["iPhone Fold"],
                      "slots": [{"family": "systemSmall", "surface": "homeScreen", "pixels": [200, 200], "source": "mine"}]}]}
        """

    @Test func aUserCatalogueChangesDevicesBudgetAndBatch() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = folder.file("mine.json")
        try Self.fold.write(toFile: catalog, atomically: true, encoding: .utf8)
        let rows = try rows(try document(["--catalog", catalog, "--device", "iPhone Fold"]))
        #expect(rows.map { $0["id"] as? String } == ["iphone-fold"])
        // Its 200 px slot: cap 4.4 x 200² = 176,000, the smallest of every iPhone's systemSmall slot.
        let budget = try WidgetThumbsBinary.run(["budget", "500x375", "--catalog", catalog, "--family", "systemSmall", "--platform", "iOS"])
        #expect(budget.status == 0 && budget.stdout.contains("smallest cap: iPhone Fold, 480x1000@3, iOS 27"), "\(budget)")
        // batch --family systemSmall for the fold alone: 4:3 under 176,000 px, 200 px tall (within a
        // pixel of rounding).
        let source = folder.file("in.png")
        try Data(try ImageEncoder.encode(BatchFixtures.pattern(width: 800, height: 600, alpha: false), format: .png, quality: 90))
            .write(to: URL(fileURLWithPath: source))
        let batch = try WidgetThumbsBinary.run(["batch", source, "--out", folder.file("out"), "--family", "systemSmall",
                                                "--catalog", catalog, "--device", "iphone-fold", "--json"])
        #expect(batch.status == 0, "\(batch)")
        let report = try #require(JSONReport.object(batch.stdout))
        let item = try #require((report["inputs"] as? [[String: Any]])?.first)
        let width = try #require(item["width"] as? Int), height = try #require(item["height"] as? Int)
        #expect(width * height <= 176_000 && height >= 199, "\(width)x\(height)")
    }

    @Test(arguments: [
        ("\"systemSmall\"", "\"systemHuge\"", "slots[0].family"),
        ("[200, 200]", "[0, 200]", "slots[0].pixels[0]"),
        ("[200, 200]", "[200, -1]", "slots[0].pixels[1]"),
        ("\"schemaVersion\": 1", "\"schemaVersion\": 7", "schemaVersion"),
        ("[480, 1000]", "[402, 874]", "id"),
    ])
    func aMalformedCatalogueIsRefusedBeforeAnyWork(original: String, replacement: String, field: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = folder.file("bad.json")
        try Self.fold.replacingOccurrences(of: original, with: replacement).write(toFile: catalog, atomically: true, encoding: .utf8)
        let source = folder.file("in.png")
        try Data(try ImageEncoder.encode(BatchFixtures.pattern(width: 80, height: 60, alpha: false), format: .png, quality: 90))
            .write(to: URL(fileURLWithPath: source))
        for command in [["devices"], ["budget", "500x375"], ["batch", source, "--out", folder.file("out")],
                        ["thumbnail", source, "-o", folder.file("t.jpg")]] {
            let result = try WidgetThumbsBinary.run(command + ["--catalog", catalog])
            #expect(result.status == 64, "\(command): \(result)")
            #expect(result.stderr.contains("field \(field)"), "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")), "nothing written")
        #expect(!FileManager.default.fileExists(atPath: folder.file("t.jpg")), "nothing written")
    }

    @Test func perDeviceWritesOneThumbnailPerSlotSize() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = folder.file("in.png")
        try Data(try ImageEncoder.encode(BatchFixtures.pattern(width: 600, height: 600, alpha: true), format: .png, quality: 90))
            .write(to: URL(fileURLWithPath: source))
        let result = try WidgetThumbsBinary.run(["thumbnail", source, "-o", folder.file("c.png"), "--family", "accessoryCircular",
                                                 "--per-device", "--device", "iPhone SE 3", "--device", "iPhone 17 Pro Max",
                                                 "--os", "26"])
        #expect(result.status == 0, "\(result)")
        // FrameUp, iOS 26: the SE's circular slot is 112 px, the Pro Max's 180 px.
        for (name, side) in [("c.accessoryCircular-112x112.png", 112), ("c.accessoryCircular-180x180.png", 180)] {
            let info = try ImageDecoder.probe(try InputFile.read(folder.file(name), maxBytes: 1 << 20))
            #expect(info.size == PixelSize(width: side, height: side), "\(name)")
        }
        let report = try #require(JSONReport.object(result.stdout))
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect((files.last?["devices"] as? [String])?.first?.hasPrefix("iPhone SE 2/3, 375x667@2, iOS 26") == true)
        #expect(try WidgetThumbsBinary.run(["thumbnail", source, "-o", folder.file("d.png"), "--per-device"]).status == 64)
    }
}

