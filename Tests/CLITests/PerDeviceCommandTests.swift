import Foundation
import Glibc
import Testing
import TestSupport
@testable import WidgetThumbnails
@testable import widget_thumbs

/// `thumbnail --family F --per-device`: one decode for every variant, output names in JSON as
/// `--families` prints them, and the rendering-mode facts and warnings `--families` gives, on
/// `commit --image` too. What it writes over is
/// `HostileOutputTests`' (classes 1 and 2).
@Suite struct PerDeviceCommandTests {
    /// Class 8: every variant from one decode. An accessoryCircular run on every current device
    /// decoded the PNG once per variant (19 decodes, 21.6 s on an 11000x12000 PNG).
    @Test func class8EveryVariantComesFromOneDecode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write("in.png", try ImageEncoder.encode(
            BatchFixtures.pattern(width: 1200, height: 1000, alpha: true), format: .png, quality: 90))
        var options = ThumbnailOptions()
        options.family = .accessoryCircular
        let variants = FamilySizing.variants(for: .accessoryCircular)
        try #require(variants.count > 1, "one variant shows nothing")
        let trace = DecodeTrace()
        let status = try DecodeTrace.$current.withValue(trace) {
            try PerDeviceThumbnails(input: input, output: directory.file("c.png"), options: options).run(Console())
        }
        #expect(status == .success)
        #expect(trace.count(.libpngOpen) == 1, "\(trace.count(.libpngOpen)) decodes for \(variants.count) variants")
        // Each variant still the size a thumbnail sized for its devices alone has.
        for variant in variants {
            var alone = options
            alone.devices = variant.devices
            let expected = try ThumbnailPipeline(options: alone).thumbnail(.path(input)).size
            let made = try ImageDecoder.probe(FileBytes.contents(of: directory.file("c.\(variant.name).png"))).size
            #expect(made == expected, "\(variant.name)")
        }
    }

    /// Class 9: an output name that is not UTF-8 reads `\xe9` in the JSON, as `--families` and
    /// every other JSON writer print it, never the internal stand-in character of that byte.
    @Test func class9ANameThatIsNotUTF8ReadsEscaped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write("in.png", try ImageEncoder.encode(
            BatchFixtures.pattern(width: 300, height: 300, alpha: true), format: .png, quality: 90))
        let output = directory.file("caf" + RawPath.decode([0xE9]) + ".png")
        let result = try WidgetThumbsBinary.run(["thumbnail", input, "-o", output, "--family", "accessoryCircular",
                                                 "--per-device", "--platform", "watchOS"])
        #expect(result.status == 0, "\(result)")
        let report = try #require(JSONReport.object(result.stdout))
        let outputs = (report["files"] as? [[String: Any]] ?? []).compactMap { $0["output"] as? String }
        #expect(!outputs.isEmpty, "\(result.stdout)")
        #expect(outputs.allSatisfy { $0.contains(#"/caf\xe9.accessoryCircular-"#) }, "\(outputs)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value > 0xFFFF }, "a stand-in character: \(result.stdout)")
    }

    /// Class 11: each variant says what the rendering modes do to it (`appearance`) and warns
    /// on standard error, naming its variant, as `--families` does for each family; an opaque
    /// JPEG for an accessory family is the solid block the warning is about.
    @Test func class11EveryVariantHasItsAppearanceAndWarnings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write("in.jpg", try ImageEncoder.encode(
            BatchFixtures.pattern(width: 400, height: 400, alpha: false), format: .jpeg, quality: 90))
        let result = try WidgetThumbsBinary.run(["thumbnail", input, "-o", directory.file("c.jpg"), "--family",
                                                 "accessoryCircular", "--per-device", "--platform", "watchOS"])
        #expect(result.status == 0, "\(result)")
        let report = try #require(JSONReport.object(result.stdout))
        let files = report["files"] as? [[String: Any]] ?? []
        #expect(!files.isEmpty, "\(result.stdout)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        for file in files {
            let appearance = file["appearance"] as? [String: Any]
            let codes = (appearance?["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            #expect(codes == ["opaqueAccessory"], "\(file)")
            #expect(appearance?["hasTransparency"] as? Bool == false, "\(file)")
            let slot = file["slotPixels"] as? [Int] ?? []
            let name = "(accessoryCircular-\(slot.first ?? 0)x\(slot.last ?? 0)): opaque image for an accessory family"
            #expect(warnings.contains { $0.contains("in.jpg " + name) }, "\(name) not in \(result.stderr)")
        }
        #expect(warnings.count == files.count, "\(result.stderr)")
    }

    /// Class 11: `commit --image` ships the image into the widget's container, so it warns as
    /// `thumbnail` does.
    @Test func class11CommitWarnsAboutTheImageItShips() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write("in.jpg", try ImageEncoder.encode(
            BatchFixtures.pattern(width: 400, height: 400, alpha: false), format: .jpeg, quality: 90))
        let result = try WidgetThumbsBinary.run(["commit", "--container", directory.file("box"), "--revision", "1",
                                                 "--image", input, "--family", "accessoryCircular"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("warning: \(input) (accessoryCircular): opaque image for an accessory family"),
                "\(result.stderr)")
    }
}
