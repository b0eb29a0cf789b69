import Foundation
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
}
