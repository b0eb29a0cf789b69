import Foundation
import TestSupport
import Testing
import WidgetThumbnails
@testable import widget_thumbs
@testable import WidgetThumbsBatch

/// Batch runs: names shared across runs (class 4), file and folder names (class 5), families no
/// chosen device offers (class 15), sharded preview pages (class 17), and two found trying it as
/// a new user would (warnings grouped by kind, inputs counted apart from outputs): each test
/// fails without its fix.
@Suite struct BatchIssue28Tests {
    static func opaque(width: Int = 360, height: Int = 240) throws -> [UInt8] {
        try ImageEncoder.encode(BatchFixtures.pattern(width: width, height: height, alpha: false), format: .png, quality: 100)
    }

    /// Writes `bytes` at `name` under `directory`, making its folders.
    static func put(_ directory: TemporaryDirectory, _ name: String, _ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: (directory.file(name) as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try directory.write(name, bytes)
    }

    private func inputs(_ relativePaths: [String], from directory: String = "in") -> [BatchInput] {
        relativePaths.map { BatchInput(path: directory + "/" + $0, relativePath: $0) }
    }

    private func json(_ result: ChildProcess.Result) throws -> BatchJSON {
        try BatchJSON(result.stdout)
    }

    // MARK: class 4: names shared across runs

    /// Class 4: a plain name never ends in a family, so it is never a `--families` output's.
    @Test func plainNamesNeverEndInAFamilyClass4() {
        var naming = OutputNaming()
        #expect(naming.names(forGroup: inputs(["a.jpg", "a.systemSmall.png", "b.ACCESSORYCORNER.webp", "c.small.png"]))
                == [.base("a"), .base("a.systemSmall.png"), .base("b.ACCESSORYCORNER.webp"), .base("c.small")])
        // A file with no extension whose whole name ends in a family: refused by name when its stem is taken.
        #expect(naming.names(forGroup: inputs(["a.accessoryInline"], from: "other"))
                == [.refused("a.accessoryInline", reason: "ends in a widget family, which only --families outputs' names may")])
    }

    /// Class 4: a plain run and a `--families` run on one `--out` used to replace each other's
    /// thumbnail and record (exit 0): `a.jpg` -> `a.systemSmall.jpg` was `a.systemSmall.png`'s.
    @Test func aPlainAndAFamiliesRunShareAnOutputFolderClass4() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try Self.opaque(width: 400, height: 300)
        try Self.put(directory, "in/a.png", first)
        try Self.put(directory, "in/a.systemSmall.png", try Self.opaque(width: 300, height: 300))
        let out = directory.file("out")
        let plain = ["batch", directory.file("in"), "--out", out, "--json"]
        let families = plain + ["--families", "small"]
        let made = try WidgetThumbsBinary.run(plain, timeout: 120)
        #expect(made.status == 0, "\(made)")
        let plainOutput = directory.file("out/a.systemSmall.png.jpg")
        let plainBytes = try Data(contentsOf: URL(fileURLWithPath: plainOutput))
        let familyRun = try WidgetThumbsBinary.run(families, timeout: 120)
        #expect(familyRun.status == 0, "\(familyRun)")
        #expect(try json(familyRun).inputs.allSatisfy { $0.status == "ok" })
        #expect(FileManager.default.fileExists(atPath: directory.file("out/a.systemSmall.jpg")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: plainOutput)) == plainBytes, "the plain thumbnail changed")
        // Each run's records survived the other: both re-runs skip everything.
        for arguments in [plain, families] {
            let again = try WidgetThumbsBinary.run(arguments, timeout: 120)
            #expect(again.status == 0, "\(again)")
            let statuses = try json(again).inputs.map(\.status)
            #expect(statuses.count >= 2 && statuses.allSatisfy { $0 == "skipped" }, "\(arguments): \(statuses)")
        }
    }

    // MARK: class 5: file and folder names

    /// Class 5: a file's names keep off the folders beside it that hold outputs, whatever the
    /// format or family; a folder under an earlier input's thumbnail name is refused by name.
    @Test func fileNamesKeepOffFoldersClass5() {
        var naming = OutputNaming()
        #expect(naming.names(forGroup: inputs(["a.png", "b.png", "c.png"]), subfolders: ["a.jpg", "B.systemSmall.HEIC"])
                == [.base("a.png"), .base("b.png"), .base("c")])
        #expect(naming.names(forGroup: inputs(["a.jpg/x.png"])) == [.base("a.jpg/x")])
        // Found later, under another argument: the folder c.webp would be c's thumbnail.
        #expect(naming.names(forGroup: inputs(["c.webp/y.png"], from: "other"))
                == [.refused("c.webp/y.png", reason: "lies in the folder 'c.webp', which is the name of an earlier input's thumbnail")])
    }

    /// Class 5: `in/a.png` (output `a.jpg`) beside a folder `in/a.jpg/`: which input failed
    /// depended on `--jobs` and timing. Now the file takes its whole name, at any `--jobs`.
    @Test(arguments: [("1", false), ("4", false), ("1", true), ("4", true)])
    func aFileBesideAFolderOfItsOutputNameClass5(jobs: String, families: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = families ? "a.systemSmall.jpg" : "a.jpg"
        try Self.put(directory, "in/a.png", try Self.opaque())
        try Self.put(directory, "in/\(folder)/b.png", try Self.opaque(width: 200, height: 300))
        let result = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--recursive", "--out", directory.file("out"),
                                                 "--jobs", jobs, "--json"] + (families ? ["--families", "small"] : []),
                                                timeout: 120)
        #expect(result.status == 0, "\(result)")
        let suffix = families ? ".systemSmall.jpg" : ".jpg"
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory.file("out/a.png" + suffix)))
        #expect(FileManager.default.fileExists(atPath: directory.file("out/\(folder)/b" + suffix)))
        #expect(FileManager.default.fileExists(atPath: directory.file("out/\(folder)"), isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// Class 5: where the collision cannot be avoided (an earlier argument's file took the name),
    /// the later input fails naming the folder, the same at `--jobs 1` and `--jobs 4`.
    @Test func aFolderUnderAnEarlierThumbnailIsRefusedByNameAtAnyJobsClass5() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.put(directory, "x/a.png", try Self.opaque())
        try Self.put(directory, "y/a.jpg/b.png", try Self.opaque(width: 200, height: 300))
        var reports: [[String]] = []
        for jobs in ["1", "4"] {
            let out = directory.file("out-\(jobs)")
            let result = try WidgetThumbsBinary.run(["batch", directory.file("x"), directory.file("y"), "--recursive",
                                                     "--out", out, "--jobs", jobs, "--json"], timeout: 120)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("b.png") && result.stderr.contains("lies in the folder 'a.jpg'"), "\(result.stderr)")
            let items = try json(result).inputs
            reports.append(items.map { "\(($0.input as NSString).lastPathComponent) \($0.status)" })
            var isFolder: ObjCBool = true
            #expect(FileManager.default.fileExists(atPath: out + "/a.jpg", isDirectory: &isFolder) && !isFolder.boolValue)
        }
        #expect(reports[0] == ["a.png ok", "b.png failed"] && reports[0] == reports[1], "\(reports)")
    }

    // MARK: class 15: families no chosen device offers

    /// Class 15: accessoryCorner (watch faces only) with `--platform iOS` was "fits
    /// everywhere" in `budget --json`, `--json-lines` and the preview page.
    @Test func aFamilyNoChosenDeviceOffersIsNotCalledFittingClass15() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let budget = try WidgetThumbsBinary.run(["budget", "500x375", "--platform", "iOS", "--json"])
        #expect(budget.status == 0, "\(budget)")
        let document = try #require(JSONReport.object(budget.stdout))
        let families = try #require(document["families"] as? [[String: Any]])
        let corner = try #require(families.first { $0["family"] as? String == "accessoryCorner" })
        #expect((corner["devices"] as? [Any])?.isEmpty == true, "the premise: no iOS device has the corner")
        #expect(corner["fitsEverywhere"] as? Bool == false && corner["offered"] as? Bool == false, "\(corner)")

        try Self.put(directory, "in/a.png", try Self.opaque())
        let page = directory.file("page.html")
        let run = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("out"), "--platform", "iOS",
                                              "--json-lines", "--preview", page], timeout: 120)
        #expect(run.status == 0, "\(run)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("\"input\"") })
        let item = try #require(JSONReport.object(line))
        let fits = try #require(item["families"] as? [[String: Any]], "\(line)")
        let cornerFit = try #require(fits.first { $0["family"] as? String == "accessoryCorner" }, "\(line)")
        #expect(cornerFit["fitsEverywhere"] as? Bool == false && cornerFit["offered"] as? Bool == false, "\(cornerFit)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("accessoryCorner: fits everywhere"))
        #expect(html.contains("accessoryCorner: not offered on the chosen devices"))
    }

    // MARK: class 17: sharded preview pages

    /// Class 17: N shards given one page each replaced it, the page left showing one shard's
    /// share. Each shard now writes its own page, named and headed for its shard.
    @Test func eachShardWritesItsOwnPageClass17() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let out = fixtures.root.file("out")
        let page = fixtures.root.file("sheet.html")
        var cards = 0
        for shard in 0..<2 {
            let result = try WidgetThumbsBinary.run(["batch", fixtures.folder, "--out", out, "--shard", "\(shard)/2",
                                                     "--preview", page], timeout: 120)
            #expect(result.stderr.contains("preview page shows this shard's outputs alone"), "\(result.stderr)")
            let html = try String(contentsOfFile: fixtures.root.file("sheet.shard-\(shard)-of-2.html"), encoding: .utf8)
            #expect(html.contains("Shard \(shard)/2: this page shows this shard's outputs alone"))
            cards += html.components(separatedBy: "<article class=\"card\"").count - 1
        }
        #expect(!FileManager.default.fileExists(atPath: page))
        #expect(cards == BatchFixtures.goodTop.count, "the pages together show every thumbnail once")
    }

    // MARK: warnings and counts

    /// `--families all` over 17 photos printed 36 warning lines, and the summary said "136
    /// inputs": warnings are grouped by kind with a count, and inputs are counted apart from
    /// their outputs.
    @Test func warningsAreGroupedAndInputsAreNotOutputs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for index in 0..<3 { try Self.put(directory, "in/p\(index).png", try Self.opaque(width: 300 + index * 20)) }
        let page = directory.file("page.html")
        let arguments = ["batch", directory.file("in"), "--families", "small,circular,rectangular", "--preview", page]
        let table = try WidgetThumbsBinary.run(arguments + ["--out", directory.file("table")], timeout: 120)
        #expect(table.status == 0, "\(table)")
        let warnings = table.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 1, "\(table.stderr)")
        #expect(warnings.first?.contains("opaqueAccessory on 6 outputs") == true, "\(table.stderr)")
        #expect(warnings.first?.contains("p0.png (accessoryCircular): opaque image for an accessory family") == true,
                "the first in input order: \(table.stderr)")
        #expect(table.stdout.contains("3 inputs, 9 outputs"), "\(table.stdout)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("3 inputs, 9 outputs:") && !html.contains("9 inputs"))
        // The JSON keeps each output's warnings, and counts inputs apart.
        let json = try WidgetThumbsBinary.run(arguments + ["--out", directory.file("json"), "--json"], timeout: 120)
        let document = try #require(JSONReport.object(json.stdout))
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["inputs"] as? Int == 3 && summary["total"] as? Int == 9, "\(summary)")
        let items = try #require(document["inputs"] as? [[String: Any]])
        let warned = items.filter { (($0["appearance"] as? [String: Any])?["warnings"] as? [Any])?.isEmpty == false }
        #expect(warned.count == 6)
    }
}
