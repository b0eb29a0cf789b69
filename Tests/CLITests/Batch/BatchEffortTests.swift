import Foundation
import Testing
import WidgetThumbnails

/// `--effort` reaches the encoder and the `--json` report.
@Suite struct BatchEffortTests {
    @Test func jsonReportsTheEffortAndTheLowerOneWritesMoreBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("photo.png")
        let png = try ImageEncoder.encode(BatchFixtures.pattern(width: 640, height: 480, alpha: false), format: .png, quality: 0)
        try Data(png).write(to: URL(fileURLWithPath: input))

        var reports: [String: [String: Any]] = [:]
        for effort in ["0", nil] as [String?] {
            let out = directory.file("out-\(effort ?? "default")")
            let arguments = ["batch", input, "--out", out, "--format", "jpeg", "--json", "--fsync", "none"]
                + (effort.map { ["--effort", $0] } ?? [])
            let result = try WidgetThumbsBinary.run(arguments)
            #expect(result.status == 0, "\(result)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let items = try #require(document["inputs"] as? [[String: Any]])
            #expect(items.count == 1)
            reports[effort ?? "default"] = items.first
            let summary = try #require(document["summary"] as? [String: Any])
            #expect(summary["madeEncodes"] as? Int == 1)
        }
        #expect(reports["0"]?["effort"] as? Int == 0)
        #expect(reports["default"]?["effort"] as? Int == 4)
        #expect(reports["default"]?["encodes"] as? Int == 1)
        let standardTables = try #require(reports["0"]?["bytes"] as? Int)
        let optimisedTables = try #require(reports["default"]?["bytes"] as? Int)
        #expect(optimisedTables < standardTables, "optimised Huffman tables: \(optimisedTables) vs \(standardTables)")
    }
}
