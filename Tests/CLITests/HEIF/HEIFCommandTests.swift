import Foundation
import Testing
import TestSupport

/// HEIC and AVIF through the commands: inspect's HEIF lines, batch over the corpus folder,
/// and --full-decode.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct HEIFCommandTests {
    @Test func inspectShowsTheTransformsTheEXIFTagAndWhichWasUsed() throws {
        let result = try WidgetThumbsBinary.run(["inspect", Corpus.path("heic/arrow.heic")])
        #expect(result.status == 0, "\(result)")
        for line in ["format:           HEIF", "stored size:      4032x3024", "oriented size:    3024x4032",
                     "HEIF transforms:  irot 270° anticlockwise",
                     "EXIF orientation: 6 (right), ignored: the HEIF transforms decide",
                     "orientation used: HEIF transforms, applied by libheif", "thumbnails:       240x320",
                     "image used:       primary image",
                     "HEVC filters:     deblocking and SAO skipped: the image is at least 4x the box"] {
            #expect(result.stdout.contains(line), "missing \(line):\n\(result.stdout)")
        }
    }

    @Test func inspectJSONSaysWhichImageAThumbnailUses() throws {
        let auto = try WidgetThumbsBinary.run(["inspect", Corpus.path("heic/cat.hif"), "--json"])
        #expect(auto.stdout.contains("\"imageUsed\" : \"embeddedThumbnail\""), "\(auto.stdout)")
        let full = try WidgetThumbsBinary.run(["inspect", Corpus.path("heic/cat.hif"), "--json", "--full-decode"])
        #expect(full.stdout.contains("\"imageUsed\" : \"primary\""), "\(full.stdout)")
        #expect(full.stdout.contains("\"imageUsedReason\" : \"fullDecode\""), "\(full.stdout)")
        #expect(full.stdout.contains("\"hevcLoopFilters\" : \"applied\""), "\(full.stdout)")
        let arrow = try WidgetThumbsBinary.run(["inspect", Corpus.path("heic/arrow.heic"), "--json"])
        #expect(arrow.stdout.contains("\"hevcLoopFilters\" : \"skipped\""), "\(arrow.stdout)")
    }

    /// The small corpus files linked into a folder (any of .heic .heif .hif .avif is picked up),
    /// so a debug build finishes in seconds.
    @Test func batchTakesAFolderAndRefusesOnlyTheBrokenFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inputs = directory.file("in")
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: false)
        for (name, target) in [("zPug_3.heic", "zPug_3.heic"), ("lines-alpha.avif", "lines-alpha.avif"),
                               ("rgba.heif", "RGBA_8__29x100.heif"), ("gray.hif", "L_12__29x100.heif"),
                               ("corrupted.heic", "corrupted.heic"), ("empty.heic", "empty.heic"),
                               ("truncated.heic", "truncated.heic"), ("really-heic.jpg", "RGB_8_chroma444.heif")] {
            try FileManager.default.createSymbolicLink(atPath: "\(inputs)/\(name)", withDestinationPath: Corpus.path("heic/\(target)"))
        }
        let out = directory.file("out")
        let result = try WidgetThumbsBinary.run(["batch", inputs, "--out", out, "--json", "--quiet"], timeout: 120)
        #expect(result.status == 1, "corpus files are broken on purpose: \(result.stderr)")
        let failures = result.stderr.split(separator: "\n").filter { $0.hasPrefix("widget-thumbs: ") }
        // empty.heic and corrupted.heic (no meta box) cannot be read by any libheif; a truncated
        // grid is libheif's call (1.15 refuses it, newer versions decode what is there).
        for name in ["corrupted.heic", "empty.heic"] {
            #expect(failures.contains { $0.contains(name) }, "\(name): \(result.stderr)")
        }
        let brokenOnPurpose = ["corrupted.heic", "empty.heic", "truncated.heic"]
        #expect(failures.allSatisfy { line in brokenOnPurpose.contains { line.contains($0) } }, "\(result.stderr)")
        #expect(result.stdout.contains("\"ok\" : \(8 - failures.count)"), "\(result.stdout.suffix(400))")
        #expect(result.stdout.contains("\"sourceFormat\" : \"heif\""))
        // Which HEIF image each thumbnail was made from is in the report.
        #expect(result.stdout.contains("\"heifImage\" : \"primary"), "\(result.stdout.prefix(600))")
        for output in ["zPug_3.jpg", "gray.jpg", "really-heic.jpg", "lines-alpha.webp", "rgba.webp"] {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(output)"), "\(output)")
        }
    }
}
