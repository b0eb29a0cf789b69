import Foundation
import Testing
import TestSupport
import WidgetThumbnails

/// `--effort` reaches the encoder and the `--json` report.
@Suite struct BatchEffortTests {
    @Test func jsonReportsTheEffortAndTheLowerOneWritesMoreBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("photo.png")
        // Smooth colour, as in a photograph: both efforts write 4:2:0, so only the tables differ.
        var pixels = [UInt8](repeating: 255, count: 640 * 480 * 4)
        for y in 0..<480 {
            for x in 0..<640 {
                let index = (y * 640 + x) * 4
                (pixels[index], pixels[index + 1], pixels[index + 2]) = (UInt8(x * 255 / 639), UInt8(y * 255 / 479), UInt8((x + y) * 255 / 1118))
            }
        }
        let png = try ImageEncoder.encode(RGBAImage(width: 640, height: 480, pixels: pixels), format: .png, quality: 0)
        try Data(png).write(to: URL(fileURLWithPath: input))

        let reports = try Self.reports(for: input, in: directory)
        #expect(reports["0"]?["effort"] as? Int == 0)
        #expect(reports["default"]?["effort"] as? Int == 4)
        #expect(reports["default"]?["encodes"] as? Int == 1)
        #expect(reports["0"]?["chroma"] as? String == "4:2:0")
        #expect(reports["default"]?["chroma"] as? String == "4:2:0")
        let standardTables = try #require(reports["0"]?["bytes"] as? Int)
        let optimisedTables = try #require(reports["default"]?["bytes"] as? Int)
        #expect(optimisedTables < standardTables, "optimised Huffman tables: \(optimisedTables) vs \(standardTables)")
    }

    /// A drawing gets 4:4:4 at the default effort and the peers' 4:2:0 at effort 0, and the
    /// report says which.
    @Test func jsonReportsTheChromaChosenForADrawing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let drawing = Corpus.packageRoot.appendingPathComponent("SampleImages/palette.png").path
        let reports = try Self.reports(for: drawing, in: directory)
        #expect(reports["default"]?["chroma"] as? String == "4:4:4")
        #expect(reports["0"]?["chroma"] as? String == "4:2:0")
    }

    /// The one `--json` entry of a JPEG batch over `input`, at effort 0 and at the default.
    static func reports(for input: String, in directory: TemporaryDirectory) throws -> [String: [String: Any]] {
        var reports: [String: [String: Any]] = [:]
        for effort in ["0", nil] as [String?] {
            let out = directory.file("out-\(effort ?? "default")")
            let arguments = ["batch", input, "--out", out, "--format", "jpeg", "--json", "--fsync", "none"]
                + (effort.map { ["--effort", $0] } ?? [])
            let result = try WidgetThumbsBinary.run(arguments)
            #expect(result.status == 0, "\(result)")
            let document = try #require(JSONReport.object(result.stdout))
            let items = try #require(document["inputs"] as? [[String: Any]])
            #expect(items.count == 1)
            reports[effort ?? "default"] = items.first
            let summary = try #require(document["summary"] as? [String: Any])
            #expect(summary["madeEncodes"] as? Int == 1)
        }
        return reports
    }
}
