import Foundation
import TestSupport
import Testing

/// `batch --help` and the command lines refused before any work (exit 64).
@Suite struct BatchUsageTests {
    @Test(arguments: [["batch", "--help"], ["help", "batch"], ["batch", "-h"], ["batch", "x", "--out", "y", "--help"]])
    func helpListsEveryOptionWithDefaultsAndValues(arguments: [String]) throws {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let text = result.stdout
        #expect(text.hasPrefix("OVERVIEW: Make widget thumbnails"))
        #expect(text.contains("\nUSAGE: widget-thumbs batch [<input> ...] --out <dir> [--family <family>] [--format <format>]"))
        #expect(text.contains("\nARGUMENTS:\n  <input> "))
        for option in ["-o, --out <dir>", "--family <family>", "--format <format>", "--max-side <n>", "--max-bytes <n>",
                       "--quality <q>", "--effort <0-6>", "--color <policy>", "-j, --jobs <n>", "--memory-limit <MiB>", "-r, --recursive",
                       "-f, --force", "--json", "-q, --quiet", "--preview <page.html>", "--preview-embed", "--shard <k/n>", "--strict",
                       "-h, --help"] {
            #expect(text.contains("\n  \(option)"), "missing \(option)")
        }
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("(values: auto, jpeg, webp, png, avif, heic; default: auto)"))
        #expect(flat.contains("(values: convert, embed; default: convert)"))
        #expect(flat.contains("(default: 500)") && flat.contains("(default: 300000)") && flat.contains("(default: 1024)"))
        #expect(flat.contains("5-6 progressive") && flat.contains("(default: 4)"))
        #expect(flat.contains("values: systemSmall, systemMedium, systemLarge, systemExtraLarge, systemExtraLargePortrait, accessoryCircular"))
        #expect(try WidgetThumbsBinary.run(["--help"]).stdout.contains("\n  batch "))
        // One name, and the old one said once.
        #expect(flat.components(separatedBy: "--contact-sheet").count == 2, "\(text)")
        #expect(!text.contains("contact sheet"))
    }

    @Test(arguments: [
        (["batch", "in"], "Missing expected argument '--out <dir>'"),
        (["batch", "--out", "o"], "Missing expected argument '<input>'"),
        (["batch", "in", "--out", "o", "--jobs", "0"], "'--jobs <n>': expected a whole number, 1-256"),
        (["batch", "in", "--out", "o", "--shard", "3/3"], "'--shard <k/n>': expected K/N with 0 <= K < N"),
        (["batch", "in", "--out", "o", "--shard", "1"], "'--shard <k/n>'"),
        (["batch", "in", "--out", "o", "--format", "gif"], "Please provide one of 'auto', 'jpeg', 'webp', 'png'"),
        (["batch", "in", "--out", "o", "--max-side", "0"], "'--max-side <n>'"),
        (["batch", "in", "--out", "o", "--max-bytes", "-5"], "'--max-bytes <n>'"),
        (["batch", "in", "--out", "o", "--quality", "101"], "'--quality <q>'"),
        (["batch", "in", "--out", "o", "--effort", "7"], "The value '7' is invalid for '--effort <0-6>': expected a whole number, 0-6"),
        (["batch", "in", "--out", "o", "--effort", "fast"], "'--effort <0-6>'"),
        (["batch", "in", "--out", "o", "--family", "systemSmall", "--max-side", "300"], "cannot be combined"),
        (["batch", "in", "--out", "o", "--recursiv"], "Unknown option '--recursiv'. Did you mean '--recursive'?"),
    ])
    func badCommandLinesExit64(arguments: [String], message: String) throws {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("See 'widget-thumbs batch --help'"))
    }

    @Test func anOversizedCapIsClampedWithANote() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try WidgetThumbsBinary.run(["batch", "--out", directory.file("out"), "--max-bytes", "800000",
                                                 directory.file("missing.jpg"), "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("widget-thumbs: note: --max-bytes 800000 is over the hard ceiling; using 500000 bytes"))
        #expect(result.stderr.contains("widget-thumbs: \(directory.file("missing.jpg")): I/O error: cannot open"))
    }
}
