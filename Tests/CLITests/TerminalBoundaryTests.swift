import Foundation
import Glibc
import Testing
import TestSupport
import WidgetThumbnails

/// Every command family that prints text a user or a file controls, given that text at its
/// most hostile (an OSC title, a carriage return, a clear-screen, a right-to-left override and
/// a forged line, in every text field of a catalogue and in file names, plus a byte that is not
/// UTF-8): nothing a terminal acts on reaches standard output or standard error, no forged line
/// starts a line, and JSON output still parses.
@Suite struct TerminalBoundaryTests {
    static let forgedLine = "widget-thumbs: all clean"
    static let hostile = "\u{1B}]0;owned\u{07}\r\u{1B}[2J\u{202E}\n" + forgedLine

    /// The scalars a terminal acts on, listed here on their own: C0 but the line feed, DEL and
    /// C1, the bidi embeddings, overrides, isolates and marks, the line and paragraph
    /// separators; and U+FFFD, which is what bytes that are not UTF-8 decode to here.
    static func reachesTheTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        case 0xFFFD: true
        default: false
        }
    }

    static func expectNothingReachesTheTerminal(_ result: ChildProcess.Result, _ label: String,
                                                json: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(result.status != nil, "\(label): \(result)", sourceLocation: sourceLocation)
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let unsafe = text.unicodeScalars.filter(reachesTheTerminal)
            #expect(unsafe.isEmpty, "\(label): \(stream) holds \(unsafe.map { String($0.value, radix: 16) }): \(text)",
                    sourceLocation: sourceLocation)
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix(forgedLine) }, "\(label): a forged line on \(stream)",
                    sourceLocation: sourceLocation)
        }
        if json {
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil,
                    "\(label): the JSON does not parse: \(result.stdout)", sourceLocation: sourceLocation)
        }
    }

    /// `text` inside a JSON string: the controls as `\uXXXX`, the rest as it is.
    static func json(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
    }

    /// A catalogue with the hostile text in every text field: a source's id and reference, a
    /// device's id, label, names, droppedBy and note, a slot's source. The device is "Evil".
    static func hostileCatalogue(in folder: TemporaryDirectory) throws -> String {
        let h = json(hostile)
        let catalog = """
            {"schemaVersion": 1,
             "sources": [{"id": "src\(h)", "kind": "measured", "reference": "ref\(h)"}],
             "devices": [{"id": "evil\(h)", "platform": "iOS", "screen": [480, 1000], "scale": 3, "os": [27],
                          "label": "Evil\(h)", "names": ["Evil", "Evil\(h)"], "droppedBy": "iOS\(h)", "note": "note\(h)",
                          "slots": [{"family": "systemSmall", "surface": "homeScreen", "pixels": [200, 200],
                                     "source": "src\(h)"}]}]}
            """
        return try folder.write("evil.json", Array(catalog.utf8))
    }

    /// devices, budget, explain and check print catalogue text (label, id, note, droppedBy,
    /// source references) as text and as JSON.
    @Test func catalogueTextNeverReachesTheTerminal() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = try Self.hostileCatalogue(in: folder)
        let device = ["--catalog", catalog, "--device", "Evil"]
        // 1000x1000 is over the Evil slot's cap (200 x 200 x 4.4 = 176,000 pixels): check names its devices.
        let png = try ImageEncoder.encode(BatchFixtures.pattern(width: 1000, height: 1000, alpha: false), format: .png, quality: 90)
        let image = try folder.write("big \(Self.hostile).png", png)
        let logLine = "Widget archival failed due to image being too large [0] - (1000, 1000), totalArea: 1000000 > max[176000.000000]"
            + Self.hostile
        let runs: [(arguments: [String], json: Bool)] = [
            (["devices"] + device, false),
            (["devices", "--json"] + device, true),
            (["budget", "300x300"] + device, false),
            (["budget", "300x300", "--family", "systemSmall"] + device, false),
            (["budget", "300x300", "--json"] + device, true),
            (["explain", logLine, "--catalog", catalog], false),
            (["explain", logLine, "--catalog", catalog, "--json"], true),
            (["check", image] + device, false),
            (["check", image, "--json"] + device, true),
            (["check", image, "--reporter", "sarif"] + device, true),
            (["check", image, "--reporter", "github"] + device, false),
        ]
        for run in runs {
            let result = try WidgetThumbsBinary.run(run.arguments)
            Self.expectNothingReachesTheTerminal(result, run.arguments.joined(separator: " "), json: run.json)
        }
        // The premise: the catalogue's text is printed (escaped), so the scan above had something to find.
        let devices = try WidgetThumbsBinary.run(["devices"] + device)
        #expect(devices.stdout.contains("Evil\\u{1b}]0;owned\\u{7}\\u{d}\\u{1b}[2J\\u{202e}\\u{a}"), "\(devices.stdout)")
        let explained = try WidgetThumbsBinary.run(["explain", logLine, "--catalog", catalog])
        #expect(explained.stdout.contains("Evil\\u{1b}]0;owned"), "explain does not name the hostile row: \(explained.stdout)")
        let checked = try WidgetThumbsBinary.run(["check", image] + device)
        #expect(checked.stdout.contains("big \\u{1b}]0;owned"), "check does not name the file: \(checked.stdout)")
    }

    /// thumbnail (with --families and --per-device), decode, inspect and batch print file names:
    /// in errors, in JSON, in the table's failure lines, in `--json-lines`, in the note a shard's
    /// contact sheet gets; one name also holds a byte that is not UTF-8.
    @Test func fileNamesNeverReachTheTerminal() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let jpeg = try ImageEncoder.encode(BatchFixtures.pattern(width: 300, height: 200, alpha: false), format: .jpeg, quality: 85)
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: false)
        let good = try folder.write("in/good \(Self.hostile).jpg", jpeg)
        try folder.write("in/bad \(Self.hostile).jpg", Array("not an image".utf8))
        try RawFileNameTests.write(Array("not an image either".utf8), to: folder.file("in/caf" + RawPath.decode([0xE9]) + ".jpg"))
        let missing = folder.file("missing \(Self.hostile).jpg")
        let output = folder.file("out \(Self.hostile).jpg")
        let runs: [(arguments: [String], json: Bool)] = [
            (["thumbnail", missing, "-o", folder.file("t.jpg")], false),
            (["thumbnail", good, "-o", output, "--families", "small,medium"], true),
            (["thumbnail", good, "-o", folder.file("missing folder \(Self.hostile)/t.jpg")], false),
            (["thumbnail", good, "-o", output, "--family", "accessoryCircular", "--per-device"], true),
            (["decode", missing, "--out", folder.file("t.pam")], false),
            (["inspect", good], false),
            (["inspect", good, "--json"], true),
            (["inspect", missing], false),
            (["batch", folder.file("in"), "--out", folder.file("out1")], false),
            (["batch", folder.file("in"), "--out", folder.file("out2"), "--json"], true),
            (["batch", folder.file("in"), "--out", folder.file("out3"), "--json-lines"], false),
            (["batch", folder.file("in"), "--out", folder.file("out5"), "--shard", "0/2",
              "--contact-sheet", folder.file("sheet \(Self.hostile).html")], false),
        ]
        for run in runs {
            let result = try WidgetThumbsBinary.run(run.arguments)
            Self.expectNothingReachesTheTerminal(result, run.arguments.joined(separator: " "), json: run.json)
        }
        // The premise: the names are printed, escaped, the byte as \xe9.
        let batch = try WidgetThumbsBinary.run(["batch", folder.file("in"), "--out", folder.file("out4")])
        #expect(batch.stderr.contains("bad \\u{1b}]0;owned") && batch.stderr.contains("caf\\xe9.jpg"), "\(batch.stderr)")
    }
}
