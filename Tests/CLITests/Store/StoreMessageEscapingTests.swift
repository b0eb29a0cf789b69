import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// The store quotes what it read from a container escaped in its messages; the commands print
/// those messages without escaping them again, or `\u{1b}` would print as `\\u{1b}` and a
/// backslash as four, and no longer read back as the text they stand for. Each text from
/// outside is escaped exactly once.
@Suite struct StoreMessageEscapingTests {
    /// That path escaped once: the backslash doubled, ESC as `\u{1b}`.
    static let escapedOnce = #"snapshots/a\\b\u{1b}[2J"#

    /// A committed container whose current.json names `snapshots/a\b<ESC>[2J`.
    private func containerNamingAHostilePath() throws -> StoreFixture {
        let fixture = try StoreFixture()
        let commit = try WidgetThumbsBinary.run(try fixture.commitArguments(1))
        try #require(commit.status == 0, "\(commit)")
        let manifest = URL(fileURLWithPath: fixture.container + "/current.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try #require(text.contains(#""snapshots/snapshot-1.json""#), "\(text)")
        let hostile = text.replacingOccurrences(of: #""snapshots/snapshot-1.json""#, with: #""snapshots/a\\b\u001b[2J""#)
        try Data(hostile.utf8).write(to: manifest)
        return fixture
    }

    @Test(arguments: ["read", "verify"])
    func aPathFromTheManifestIsEscapedOnce(command: String) throws {
        let fixture = try containerNamingAHostilePath()
        defer { fixture.remove() }
        let result = try WidgetThumbsBinary.run([command, "--container", fixture.container])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("current.json names \(Self.escapedOnce): invalid path"), "\(result.stdout)")
        #expect(!result.stdout.contains(#"a\\\\b"#) && !result.stdout.contains(#"\\u{1b}"#),
                "escaped twice: \(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func aStoreErrorShowsTheContainerPathEscapedOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let gc = try WidgetThumbsBinary.run(["gc", "--container", directory.file("c\\d\u{1B}[2J")])
        #expect(gc.status == 1, "\(gc)")
        let shown = directory.file(#"c\\d\u{1b}[2J"#)
        #expect(gc.stderr == "widget-thumbs: \(shown): no such container: \(shown)\n", "\(gc.stderr)")
    }

    /// `read --json` prints the payload and the reasons as the container holds them, but a
    /// bidi override, CSI (C1) or DEL inside a string is written as its `\uXXXX` escape, as in
    /// every `--json`: the same text to a JSON reader, inert on a terminal.
    @Test func readJSONWritesTerminalControlsAsEscapes() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let text = "a\u{202E}b\u{9B}2Jc\u{7F}"
        let payload = try fixture.directory.write("payload.json", Array("{\"t\":\"\(text)\"}".utf8))
        let commit = try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", "1",
                                                 "--payload", payload])
        try #require(commit.status == 0, "\(commit)")

        let read = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"])
        #expect(read.status == 0, "\(read)")
        #expect(!read.stdout.unicodeScalars.contains { [0x202E, 0x9B, 0x7F].contains($0.value) }, "\(read.stdout)")
        #expect(read.stdout.contains(#"{"t":"a\u202eb\u009b2Jc\u007f"}"#), "\(read.stdout)")
        let document = JSONReport.object(read.stdout)
        #expect((document?["payload"] as? [String: String])?["t"] == text, "\(String(describing: document))")
    }
}
