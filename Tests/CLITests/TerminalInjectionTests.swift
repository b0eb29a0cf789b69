import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// File names can hold newlines and escape sequences; printed raw they forge lines ("ok",
/// "clean") or drive the terminal. Human output escapes them: one input, one line.
@Suite struct TerminalInjectionTests {
    static let forged = "x\n\u{1B}[1A\u{1B}[2Kwidget-thumbs: all clean\u{07}.jpg"

    @Test func batchFailureLinesStayOneLineEach() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: false)
        try directory.write("in/" + Self.forged, Array("not an image".utf8))
        let result = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("out")])
        #expect(result.status == 1, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.stderr.contains("x\\u{a}\\u{1b}[1A\\u{1b}[2Kwidget-thumbs: all clean\\u{7}.jpg: unsupported format"),
                "\(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func inspectAndUsageErrorsEscapeToo() throws {
        let missing = try WidgetThumbsBinary.run(["inspect", "/nonexistent/" + Self.forged])
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        let usage = try WidgetThumbsBinary.run(["frob\n\u{1B}[31m"])
        #expect(usage.status == 64)
        #expect(!usage.stderr.unicodeScalars.contains { $0.value == 0x1B })
    }

    /// A user's `--catalog` file is untrusted: an OSC title, a clear-screen, a carriage return
    /// and a forged line in its label, id, note, droppedBy and source reference print escaped in
    /// `devices` and `budget`, so each row stays on its own lines and nothing reaches the
    /// terminal.
    @Test func aUserCatalogueTextPrintsEscaped() throws {
        let osc = "\u{1B}]0;owned\u{07}", clear = "\u{1B}[2J", forgedLine = "\nwidget-thumbs: all clean"
        func json(_ text: String) -> String {
            text.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
        }
        let catalog = """
            {"schemaVersion": 1,
             "sources": [{"id": "src\(json(clear))", "kind": "measured", "reference": "ref\(json(osc + forgedLine))"}],
             "devices": [{"id": "evil\(json("\r"))row", "platform": "iOS", "screen": [480, 1000], "scale": 3, "os": [27],
                          "label": "Evil\(json(osc))", "names": ["Evil"], "droppedBy": "iOS\(json(forgedLine))",
                          "note": "note\(json(clear + "\r"))",
                          "slots": [{"family": "systemSmall", "surface": "homeScreen", "pixels": [200, 200],
                                     "source": "src\(json(clear))"}]}]}
            """
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("evil.json")
        try catalog.write(toFile: path, atomically: true, encoding: .utf8)
        let runs = [
            ["devices", "--catalog", path, "--device", "Evil"],
            ["budget", "300x300", "--catalog", path, "--device", "Evil"],
            ["budget", "300x300", "--catalog", path, "--device", "Evil", "--family", "systemSmall"],
        ]
        for arguments in runs {
            let result = try WidgetThumbsBinary.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x0D },
                    "\(arguments): \(result.stdout)")
            #expect(!result.stdout.contains("\nwidget-thumbs: all clean"), "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains("Evil\\u{1b}]0;owned\\u{7}"), "\(arguments): \(result.stdout)")
        }
        let devices = try WidgetThumbsBinary.run(runs[0])
        for escaped in ["evil\\u{d}row", "note\\u{1b}[2J\\u{d}", "iOS\\u{a}widget-thumbs: all clean", "src\\u{1b}[2J",
                        "ref\\u{1b}]0;owned\\u{7}\\u{a}widget-thumbs: all clean"] {
            #expect(devices.stdout.contains(escaped), "\(escaped) in \(devices.stdout)")
        }
    }
}
