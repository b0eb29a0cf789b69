import Foundation
import Testing
import WidgetThumbnails
@testable import widget_thumbs

/// Issue #28, classes 4, 5, 15 and 17, and the two found trying it as a new user would
/// (warnings grouped by kind, inputs counted apart from outputs): each test fails without its
/// fix.
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

    // MARK: class 15: families no chosen device offers

    /// Class 15: accessoryCorner (watch faces only) with `--platform iOS` was "fits
    /// everywhere" in `budget --json`, `--json-lines` and the preview page.
    @Test func aFamilyNoChosenDeviceOffersIsNotCalledFittingClass15() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let budget = try WidgetThumbsBinary.run(["budget", "500x375", "--platform", "iOS", "--json"])
        #expect(budget.status == 0, "\(budget)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(budget.stdout.utf8)) as? [String: Any])
        let families = try #require(document["families"] as? [[String: Any]])
        let corner = try #require(families.first { $0["family"] as? String == "accessoryCorner" })
        #expect((corner["devices"] as? [Any])?.isEmpty == true, "the premise: no iOS device has the corner")
        #expect(corner["fitsEverywhere"] as? Bool == false && corner["offered"] as? Bool == false, "\(corner)")

        try Self.put(directory, "in/a.png", try Self.opaque())
        let page = directory.file("page.html")
        let run = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("out"), "--platform", "iOS",
                                              "--json-lines", "--contact-sheet", page], timeout: 120)
        #expect(run.status == 0, "\(run)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("\"input\"") })
        let item = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let fits = try #require(item["families"] as? [[String: Any]], "\(line)")
        let cornerFit = try #require(fits.first { $0["family"] as? String == "accessoryCorner" }, "\(line)")
        #expect(cornerFit["fitsEverywhere"] as? Bool == false && cornerFit["offered"] as? Bool == false, "\(cornerFit)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("accessoryCorner: fits everywhere"))
        #expect(html.contains("accessoryCorner: not offered on the chosen devices"))
    }
}
