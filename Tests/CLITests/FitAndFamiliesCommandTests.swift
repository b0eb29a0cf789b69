import Foundation
import Glibc
import Testing
import WidgetThumbnails
import TestSupport

/// `--fit cover`, `--crop`, `--focus` and `--families` through the built binary: slot shapes
/// and caps on real photos, one decode for every family, one record per output, the render
/// facts and warnings, and the usage errors.
@Suite struct FitAndFamiliesCommandTests {
    /// The entries of a `batch --json` report (its summary is not read here).
    struct Report: Decodable {
        var inputs: [BatchJSON.Item]
    }

    static func report(_ stdout: String) throws -> [BatchJSON.Item] {
        try JSONReport.decode(Report.self, from: stdout).inputs
    }

    static func write(_ image: RGBAImage, as format: StoredFormat, to path: String) throws {
        try Data(ImageEncoder.encode(image, format: format, quality: 90)).write(to: URL(fileURLWithPath: path))
    }

    /// A flat image of one grey `level`, alpha `alpha`.
    static func flat(width: Int, height: Int, level: UInt8, alpha: UInt8 = 255) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: [UInt8](
            (0..<(width * height)).flatMap { _ in [level, level, level, alpha] }))
    }

    /// The current devices of `platform` (all when nil), read from the catalogue.
    static func devices(_ platform: Platform?) -> [DeviceClass] {
        WidgetCatalog.builtIn.currentDevices.filter { platform == nil || $0.platform == platform }
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: [nil, Platform.iOS])
    func aMediumCoverOfEachPhotoHasTheSlotShapeUnderEveryCap(platform: Platform?) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try WidgetThumbsBinary.run(
            ["batch", Corpus.path("photos"), Corpus.path("exif-orientation"), "--out", directory.file("out"),
             "--family", "systemMedium", "--fit", "cover", "--json"] + (platform.map { ["--platform", $0.rawValue] } ?? []),
            timeout: 300)
        #expect(result.status == 0, "\(result)")
        // With no device option the slots with logged caps size the family (visionOS's and the
        // Mac's assumed caps do not shrink it); --platform applies every cap of its devices.
        let all = Self.devices(platform).flatMap { $0.slots(for: .systemMedium) }
        let slots = platform == nil ? all.filter { $0.capBasis == .logged } : all
        let largest = try #require(slots.max { ($0.pixels.area, $0.pixels.width) < ($1.pixels.area, $1.pixels.width) })
        let entries = try Self.report(result.stdout)
        #expect(entries.count > 20)
        for entry in entries {
            let width = try #require(entry.width), height = try #require(entry.height)
            let shapeHeight = Double(width) * Double(largest.pixels.height) / Double(largest.pixels.width)
            #expect(abs(Double(height) - shapeHeight) <= 1, "\(entry.input): \(width)x\(height) against \(largest.pixels)")
            #expect(slots.allSatisfy { width * height <= $0.capPixels }, "\(entry.input): \(width)x\(height) over a cap")
            // The file is what the report says.
            let info = try ImageDecoder.probe(FileBytes.contents(of: try #require(entry.output)))
            #expect(info.size == PixelSize(width: width, height: height))
            #expect(entry.crop != nil, "\(entry.input): a cover entry names its window")
        }
    }

    @Test func familiesAllWritesEveryFamilyAsItsOwnRecordAndSkipsThemOnARerun() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: true)
        try Self.write(BatchFixtures.pattern(width: 900, height: 600, alpha: false), as: .jpeg, to: directory.file("in/photo.jpg"))
        let arguments = ["batch", directory.file("in"), "--out", directory.file("out"), "--families", "all", "--fit", "cover",
                         "--json"]
        let first = try WidgetThumbsBinary.run(arguments, timeout: 120)
        #expect(first.status == 0, "\(first)")
        let entries = try Self.report(first.stdout)
        let families = WidgetFamily.allCases.filter { family in Self.devices(nil).contains { !$0.slots(for: family).isEmpty } }
        #expect(entries.compactMap(\.family) == families.map(\.rawValue))
        for entry in entries {
            #expect(entry.output == directory.file("out/photo.\(entry.family ?? "?").jpg"))
            #expect(FileManager.default.fileExists(atPath: entry.output ?? ""))
        }
        // One journal or manifest line per family.
        let manifest = try String(contentsOfFile: directory.file("out/.widget-thumbs.jsonl"), encoding: .utf8)
        #expect(manifest.split(separator: "\n").count == families.count)

        let again = try WidgetThumbsBinary.run(arguments, timeout: 120)
        #expect(try Self.report(again.stdout).map(\.status) == families.map { _ in "skipped" })
        // One output lost: that family alone is made again (each output is judged by its own record).
        try FileManager.default.removeItem(atPath: directory.file("out/photo.systemLarge.jpg"))
        let repaired = try WidgetThumbsBinary.run(arguments, timeout: 120)
        #expect(try Self.report(repaired.stdout).map(\.status) == families.map { $0 == .systemLarge ? "ok" : "skipped" })
        #expect(FileManager.default.fileExists(atPath: directory.file("out/photo.systemLarge.jpg")))
    }

    /// A file in the way of one family fails that family alone: the others are written and
    /// recorded as they land, so a later run with other settings may replace them.
    @Test func aFileInTheWayOfOneFamilyLeavesTheOthersMadeAndRecorded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: true)
        try Self.write(BatchFixtures.pattern(width: 900, height: 600, alpha: false), as: .jpeg, to: directory.file("in/photo.jpg"))
        try Data("not ours".utf8).write(to: URL(fileURLWithPath: directory.file("out/photo.systemMedium.jpg")))
        let arguments = ["batch", directory.file("in"), "--out", directory.file("out"), "--families", "small,medium,large", "--json"]
        let first = try WidgetThumbsBinary.run(arguments, timeout: 120)
        #expect(first.status == 1, "\(first)")
        let entries = try Self.report(first.stdout)
        #expect(entries.map(\.family) == ["systemSmall", "systemMedium", "systemLarge"])
        #expect(entries.map(\.status) == ["ok", "failed", "ok"])
        #expect(try String(contentsOfFile: directory.file("out/photo.systemMedium.jpg"), encoding: .utf8) == "not ours")
        // The two made are widget-thumbs' own: with the file out of the way, other settings replace all three.
        try FileManager.default.removeItem(atPath: directory.file("out/photo.systemMedium.jpg"))
        let second = try WidgetThumbsBinary.run(arguments + ["--quality", "60"], timeout: 120)
        #expect(second.status == 0, "\(second)")
        #expect(try Self.report(second.stdout).map(\.status) == ["ok", "ok", "ok"])
    }

    @Test func oneFamilyOverItsBudgetFailsAloneAndTheInputCountsOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("noise.png")
        try Self.write(SyntheticImage.byteNoise(width: 900, height: 600, seed: 23), as: .png, to: input)
        let result = try WidgetThumbsBinary.run(["batch", input, "--out", directory.file("out"), "--families", "circular,large",
                                                 "--format", "png", "--max-bytes", "40000", "--json"], timeout: 120)
        #expect(result.status == 1, "\(result)")
        let entries = try Self.report(result.stdout)
        #expect(entries.map(\.family) == ["accessoryCircular", "systemLarge"])
        #expect(entries.map(\.status) == ["ok", "failed"])
        #expect(result.stderr.contains("budget unreachable: systemLarge: "), "\(result.stderr)")
        let summary = try #require((JSONReport.object(result.stdout))?["summary"]
                                   as? [String: Any])
        let inputBytes = try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int
        #expect(summary["bytesIn"] as? Int == inputBytes, "an input's bytes count once, not per family")
    }

    /// A family whose write fails (here the file size limit, EFBIG, with
    /// SIGXFSZ ignored) fails alone. It used to fail the whole input: ok 0 and bytesOut 0 in
    /// the report while the families before it were on disk, and the ones after never tried.
    @Test func class3AFamilyWhoseWriteFailsFailsAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("noise.png")
        try Self.write(SyntheticImage.byteNoise(width: 1200, height: 1200, seed: 28), as: .png, to: input)
        let arguments = ["batch", input, "--families", "small,large,circular", "--format", "jpeg", "--platform", "iOS", "--json"]
        // The sizes without a limit, to put the limit between systemSmall's file and systemLarge's.
        let free = try WidgetThumbsBinary.run(arguments + ["--out", directory.file("free")], timeout: 120)
        try #require(free.status == 0, "\(free)")
        func size(_ family: String) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: directory.file("free/noise.\(family).jpg"))[.size] as? Int)
        }
        let (small, large) = (try size("systemSmall"), try size("systemLarge"))
        try #require(small + 1024 < large, "systemLarge must be the larger file: \(small) and \(large) bytes")
        let blocks = (small + large) / 2 / 512  // dash's ulimit -f counts 512-byte blocks
        let result = try ChildProcess.run("/bin/sh", ["-c", "trap '' XFSZ; ulimit -f \(blocks); exec \"$0\" \"$@\"",
                                                      try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)]
                                          + arguments + ["--out", directory.file("out")], timeout: 120)
        #expect(result.status == 1, "\(result)")
        let entries = try Self.report(result.stdout)
        #expect(entries.map(\.family) == ["systemSmall", "systemLarge", "accessoryCircular"], "\(result)")
        #expect(entries.map(\.status) == ["ok", "failed", "ok"], "\(result)")
        #expect(result.stderr.contains("noise.systemLarge.jpg") && result.stderr.contains(String(cString: strerror(EFBIG))),
                "\(result.stderr)")
        for family in ["systemSmall", "accessoryCircular"] {
            #expect(FileManager.default.fileExists(atPath: directory.file("out/noise.\(family).jpg")), "\(family) not made")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("out/noise.systemLarge.jpg")))
        let summary = try #require((JSONReport.object(result.stdout))?["summary"]
                                   as? [String: Any])
        #expect((summary["bytesOut"] as? Int ?? 0) > 0, "\(summary)")
    }

    @Test func theOrderFamiliesAreListedInChangesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("a.jpg")
        try Self.write(BatchFixtures.pattern(width: 600, height: 400, alpha: false), as: .jpeg, to: input)
        let first = try WidgetThumbsBinary.run(["batch", input, "--out", directory.file("out"), "--families", "small,medium"])
        #expect(first.status == 0, "\(first)")
        let again = try WidgetThumbsBinary.run(["batch", input, "--out", directory.file("out"), "--families", "medium,systemSmall",
                                                "--json"])
        #expect(try Self.report(again.stdout).map(\.status) == ["skipped", "skipped"], "\(again)")
    }

    /// The input file is opened once for every family: counted by strace, at the system calls.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "skipped: strace is not installed"))
    func familiesAllOpensTheInputOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("photo.jpg")
        try Self.write(BatchFixtures.pattern(width: 1200, height: 800, alpha: false), as: .jpeg, to: input)
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let trace = directory.file("trace")
        let result = try ChildProcess.run("/usr/bin/strace", ["-f", "-e", "trace=open,openat", "-o", trace, binary,
                                                              "batch", input, "--out", directory.file("out"), "--families", "all",
                                                              "--jobs", "1"], timeout: 120)
        #expect(result.status == 0, "\(result)")
        let opens = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("\"\(input)\"") && !$0.contains("O_DIRECTORY") && !$0.contains("ENOENT") }
        print("opens of the input with --families all:\n" + opens.joined(separator: "\n"))
        // The census stats it; reading it is one open.
        #expect(opens.count == 1, "\(opens)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("out")).filter { $0.hasSuffix(".jpg") }.count
                == WidgetFamily.allCases.filter { family in Self.devices(nil).contains { !$0.slots(for: family).isEmpty } }.count)
    }

    @Test func renderFactsAndWarningsAreInTheJSONAndOnStandardError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: true)
        try Self.write(Self.flat(width: 400, height: 300, level: 20), as: .png, to: directory.file("in/dark.png"))
        try Self.write(Self.flat(width: 400, height: 300, level: 230), as: .png, to: directory.file("in/bright.png"))
        var glyph = Self.flat(width: 200, height: 200, level: 255)
        for index in stride(from: 3, to: glyph.pixels.count, by: 8) { glyph.pixels[index] = 0 }  // every other pixel clear
        try Self.write(glyph, as: .png, to: directory.file("in/glyph.png"))
        let table = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("table"),
                                                "--families", "small,circular"], timeout: 120)
        let json = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("json"),
                                               "--families", "small,circular", "--json"], timeout: 120)
        #expect(table.status == 0 && json.status == 0, "\(table)\n\(json)")
        let entries = try Self.report(json.stdout)
        func codes(_ name: String, _ family: String) -> [String]? {
            entries.first { $0.input.hasSuffix("/\(name)") && $0.family == family }?.appearance?.warnings.map(\.code)
        }
        #expect(codes("dark.png", "systemSmall") == ["faintWhenAccented"])
        #expect(codes("bright.png", "systemSmall") == [])
        #expect(codes("dark.png", "accessoryCircular") == ["opaqueAccessory"])
        #expect(codes("bright.png", "accessoryCircular") == ["opaqueAccessory"])
        #expect(codes("glyph.png", "accessoryCircular") == [])
        let dark = try #require(entries.first { $0.input.hasSuffix("/dark.png") && $0.family == "systemSmall" }?.appearance)
        #expect(dark.faintShare == 1 && dark.meanLuminance < 0.1 && !dark.hasTransparency)
        #expect(entries.first { $0.input.hasSuffix("/glyph.png") }?.appearance?.hasTransparency == true)
        // The human report prints a line per kind of warning, naming input and family (the two
        // opaqueAccessory warnings as one line with their count, the first in input order);
        // the JSON run keeps stderr for failures.
        let warnings = table.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 2, "\(table.stderr)")
        #expect(warnings.contains { $0.contains("opaqueAccessory on 2 outputs") }, "\(table.stderr)")
        #expect(warnings.contains { $0.contains("dark.png (systemSmall): in tinted and clear Home Screens 100% of this image is nearly invisible") })
        #expect(warnings.contains { $0.contains("bright.png (accessoryCircular): opaque image for an accessory family") })
        #expect(!json.stderr.contains("warning"), "\(json.stderr)")
    }

    @Test func thumbnailAndCommitTakeTheCropOptions() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("wide.png")
        try Self.write(BatchFixtures.pattern(width: 900, height: 300, alpha: false), as: .png, to: input)
        let square = try WidgetThumbsBinary.run(["thumbnail", input, "-o", directory.file("t.jpg"), "--family", "systemSmall",
                                                 "--crop", "entropy"])
        #expect(square.status == 0, "\(square)")
        let made = try ImageDecoder.probe(FileBytes.contents(of: directory.file("t.jpg"))).size
        #expect(made.width == made.height && made.width == 300)

        let several = try WidgetThumbsBinary.run(["thumbnail", input, "-o", directory.file("f.png"), "--families", "small,medium",
                                                  "--focus", "0.1,0.5"])
        #expect(several.status == 0, "\(several)")
        #expect(several.stdout.contains("\"family\" : \"systemSmall\"") && several.stdout.contains("\"family\" : \"systemMedium\""))
        let small = try ImageDecoder.probe(FileBytes.contents(of: directory.file("f.systemSmall.png"))).size
        #expect(small == PixelSize(width: 300, height: 300))
        #expect(FileManager.default.fileExists(atPath: directory.file("f.systemMedium.png")))

        let container = directory.file("container")
        let commit = try WidgetThumbsBinary.run(["commit", "--container", container, "--revision", "1", "--image", input,
                                                 "--family", "systemSmall", "--fit", "cover"])
        #expect(commit.status == 0, "\(commit)")
        let stored = try FileManager.default.contentsOfDirectory(atPath: container + "/images").filter { $0.hasPrefix("thumbnail-1") }
        let size = try ImageDecoder.probe(FileBytes.contents(of: container + "/images/" + (stored.first ?? "?"))).size
        #expect(size.width == size.height, "commit --image --fit cover stored \(size)")
    }

    /// A plain grey picture with a saturated, textured subject whose middle is at `x` (a
    /// fraction of the width), a sixth of the width across.
    static func offCentreSubject(width: Int, height: Int, x: Double) -> RGBAImage {
        var image = flat(width: width, height: height, level: 150)
        let centre = Int(x * Double(width)), half = width / 12
        for row in height / 3..<(2 * height / 3) {
            for column in max(0, centre - half)..<min(width, centre + half) {
                let index = (row * width + column) * 4
                let stripe = (row / 4 + column / 4) % 2 == 0
                image.pixels[index] = stripe ? 230 : 120
                image.pixels[index + 1] = stripe ? 30 : 10
                image.pixels[index + 2] = stripe ? 40 : 20
            }
        }
        return image
    }

    /// The share of `path`'s pixels that are the subject's red.
    static func redShare(_ path: String) throws -> Double {
        let image = try ImageDecoder.decode(FileBytes.contents(of: path)).image
        let red = stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0] > 100 && image.pixels[$0 + 1] < 60 && image.pixels[$0 + 2] < 70
        }.count
        return Double(red) / Double(image.width * image.height)
    }

    @Test(arguments: ["attention", "entropy"])
    func aSmartCropKeepsAnOffCentreSubjectTheCentreCropLoses(crop: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: true)
        try Self.write(Self.offCentreSubject(width: 1600, height: 900, x: 0.12), as: .png, to: directory.file("in/subject.png"))
        for (name, arguments) in [("centre", ["--fit", "cover"]), (crop, ["--crop", crop])] {
            let result = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file(name),
                                                     "--family", "systemSmall", "--format", "png"] + arguments, timeout: 120)
            #expect(result.status == 0, "\(result)")
        }
        let centred = try Self.redShare(directory.file("centre/subject.png"))
        let smart = try Self.redShare(directory.file("\(crop)/subject.png"))
        print("subject's share of the square: centre crop \(centred), \(crop) \(smart)")
        #expect(centred == 0, "the centred square (22%-78% of the width) misses a subject at 4%-20%")
        // The whole subject: a sixth of the width and a third of the height, of a square the picture's height.
        #expect(smart > 0.9 * (1.0 / 6 * 16 / 9) / 3, "\(crop) lost the subject: \(smart)")
    }

    /// The corpus's wisteria photo: the big cluster lies at 16-36% of the width (read off a
    /// preview by eye); a portrait window centred on the picture spans 27-73% and cuts it.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: ["attention", "entropy"])
    func aSmartCropKeepsTheSubjectOfARealPhoto(crop: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func window(_ arguments: [String]) throws -> (from: Double, to: Double) {
            let result = try WidgetThumbsBinary.run(["batch", Corpus.path("photos/iphone_hdr_YES.jpg"), "--out",
                                                     directory.file(arguments.joined()), "--family", "systemExtraLargePortrait",
                                                     "--json"] + arguments, timeout: 120)
            let entry = try #require(try Self.report(result.stdout).first)
            let crop = try #require(entry.crop, "\(result)")
            let source = try ImageDecoder.probe(Corpus.bytes("photos/iphone_hdr_YES.jpg")).orientedSize
            return (Double(crop["x"] ?? 0) / Double(source.width), Double((crop["x"] ?? 0) + (crop["width"] ?? 0)) / Double(source.width))
        }
        let centred = try window(["--fit", "cover"])
        let smart = try window(["--crop", crop])
        print("\(crop): window \(smart.from)-\(smart.to) of the width; centred \(centred.from)-\(centred.to)")
        #expect(centred.from > 0.16, "the centred window should cut the cluster, or the test shows nothing")
        #expect(smart.from <= 0.16 && smart.to >= 0.36, "\(crop) cut the cluster: \(smart)")
    }

    /// `--per-device --fit cover`: each distinct slot size its own exact cover, under its caps.
    @Test func perDeviceCoversAreEachSlotsOwnSize() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("big.jpg")
        try Self.write(BatchFixtures.pattern(width: 2400, height: 1600, alpha: false), as: .jpeg, to: input)
        let result = try WidgetThumbsBinary.run(["thumbnail", input, "-o", directory.file("m.jpg"), "--family", "systemMedium",
                                                 "--fit", "cover", "--per-device", "--platform", "iOS"], timeout: 120)
        #expect(result.status == 0, "\(result)")
        let slots = Self.devices(.iOS).flatMap { $0.slots(for: .systemMedium) }
        let sizes = Set(slots.map(\.pixels))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("m.") }
        #expect(files.count == sizes.count)
        for slot in sizes {
            let name = "m.systemMedium-\(slot.width)x\(slot.height).jpg"
            let made = try ImageDecoder.probe(FileBytes.contents(of: directory.file(name))).size
            let cap = slots.filter { $0.pixels == slot }.map(\.capPixels).min() ?? 0
            // The slot itself, unless even that is over its cap (then its shape, under it).
            #expect(made == slot || made.area <= cap && abs(made.width * slot.height - made.height * slot.width) <= slot.width,
                    "\(name): \(made)")
        }
    }

    @Test(arguments: [
        (["--fit", "contain", "--crop", "attention"], "'--crop' places a cover crop; '--fit contain' keeps the whole picture"),
        (["--focus", "0.5"], "'--focus' expects x,y"),
        (["--focus", "1.5,0.2"], "'--focus' expects x,y"),
        (["--focus", "0.5,0.5", "--crop", "centre"], "cannot be combined with '--crop'"),
        (["--crop", "faces"], "faces"),
        (["--families", "small", "--family", "systemSmall"], "cannot be combined with '--family'"),
        (["--families", "small", "--max-side", "300"], "cannot be combined with '--max-side'"),
        (["--families", "tiny"], "unknown family 'tiny'"),
        (["--families", "corner", "--platform", "iOS"], "no chosen device shows accessoryCorner"),
        (["--family", "accessoryCorner", "--platform", "iPadOS"], "'--family': no chosen device shows accessoryCorner"),
        (["--families", "all,small"], "'all' stands alone"),
    ])
    func contradictionsAreUsageErrors(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("a.png")
        try Self.write(Self.flat(width: 50, height: 50, level: 128), as: .png, to: input)
        let result = try WidgetThumbsBinary.run(["batch", input, "--out", directory.file("out")] + arguments)
        #expect(result.status == 64, "\(arguments): \(result)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("out")), "nothing written")
    }
}
