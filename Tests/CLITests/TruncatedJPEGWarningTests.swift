import Foundation
import Testing
import TestSupport

/// A truncated JPEG decodes leniently, its missing part grey: every report of it says so
/// (`Thumbnail.damage`, `InputDamage`), and `--strict` still refuses it. It came out `ok` with
/// no word in the text, the JSON, `inspect` or the preview page.
@Suite struct TruncatedJPEGWarningTests {
    static let truncated = Corpus.packageRoot.appendingPathComponent("SampleImages/broken/truncated.jpg").path
    static let clean = Corpus.packageRoot.appendingPathComponent("SampleImages/adobe-rgb.jpg").path
    /// libjpeg-turbo's words for a scan that ends early.
    static let reason = "Premature end of JPEG file"

    /// The warning lines of `stderr` naming `input` and the reason.
    static func damageLines(_ stderr: String, input: String) -> [Substring] {
        stderr.split(separator: "\n").filter {
            $0.hasPrefix("widget-thumbs: warning: \(input): ") && $0.contains(reason) && $0.contains("--strict")
        }
    }

    @Test func aTruncatedJPEGIsWarnedAboutInTextJSONInspectAndThePreview() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        // thumbnail: made, with a warning line.
        let made = try WidgetThumbsBinary.run(["thumbnail", Self.truncated, "-o", directory.file("t.jpg")])
        #expect(made.status == 0, "\(made)")
        #expect(Self.damageLines(made.stderr, input: Self.truncated).count == 1, "\(made.stderr)")
        let cleanRun = try WidgetThumbsBinary.run(["thumbnail", Self.clean, "-o", directory.file("c.jpg")])
        #expect(!cleanRun.stderr.contains(Self.reason), "\(cleanRun.stderr)")

        // batch: the JSON field on the damaged input alone, one warning line, and the preview page.
        let page = directory.file("page.html")
        let batch = try WidgetThumbsBinary.run(["batch", Self.truncated, Self.clean, "--out", directory.file("out"), "--json",
                                                "--preview", page])
        #expect(batch.status == 0, "\(batch)")
        let inputs = try #require(JSONReport.object(batch.stdout)?["inputs"] as? [[String: Any]])
        #expect(inputs.count == 2)
        #expect(inputs.map { $0["status"] as? String } == ["ok", "ok"])
        #expect(inputs.map { $0["damage"] as? String } == [Self.reason, nil])
        #expect(Self.damageLines(batch.stderr, input: Self.truncated).count == 1, "\(batch.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.components(separatedBy: Self.reason).count == 2, "the page names the damage once")

        // A table run says it too, and a re-run that skips the input still reports it in the JSON.
        let table = try WidgetThumbsBinary.run(["batch", Self.truncated, "--out", directory.file("out"), "--force"])
        #expect(Self.damageLines(table.stderr, input: Self.truncated).count == 1, "\(table.stderr)")
        let again = try WidgetThumbsBinary.run(["batch", Self.truncated, "--out", directory.file("out"), "--json"])
        let skipped = try #require((JSONReport.object(again.stdout)?["inputs"] as? [[String: Any]])?.first)
        #expect(skipped["status"] as? String == "skipped")
        #expect(skipped["damage"] as? String == Self.reason)

        // inspect: a line, and a JSON field; none for a clean file.
        let inspect = try WidgetThumbsBinary.run(["inspect", Self.truncated])
        #expect(inspect.stdout.split(separator: "\n").contains { $0.hasPrefix("damage:") && $0.contains(Self.reason) },
                "\(inspect.stdout)")
        let inspectJSON = try WidgetThumbsBinary.run(["inspect", Self.truncated, "--json"])
        #expect(JSONReport.object(inspectJSON.stdout)?["damage"] as? String == Self.reason)
        let cleanInspect = try WidgetThumbsBinary.run(["inspect", Self.clean, "--json"])
        #expect(JSONReport.object(cleanInspect.stdout)?["damage"] == nil)

        // --strict is still the refusal.
        let strict = try WidgetThumbsBinary.run(["thumbnail", Self.truncated, "-o", directory.file("s.jpg"), "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(Self.reason), "\(strict.stderr)")
    }
}
