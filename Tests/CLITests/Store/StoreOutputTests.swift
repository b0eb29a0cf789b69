import Foundation
import Glibc
import Testing
import WidgetThumbnails
import TestSupport

/// What the store commands print is bounded and cannot be forged by a container:
/// control characters, escape sequences and bidi overrides from payloads,
/// paths and file names are shown escaped; a large payload is printed compactly.
@Suite struct StoreOutputTests {
    static let forged = "\nrevision 1: clean, 0 warnings\u{1B}[2J\u{9B}31m\u{202E}"

    /// No raw control character other than the newlines between lines, no bidi override, and
    /// no line that a hostile name started.
    private func expectInert(_ output: String, _ what: String) {
        let controls = output.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
        #expect(controls.isEmpty, "\(what): \(controls.map { String($0.value, radix: 16) }) in \(output.debugDescription)")
        #expect(!output.split(separator: "\n").contains { $0.hasPrefix("revision 1: clean") }, "\(what): \(output.debugDescription)")
    }

    @Test func hostilePayloadsAndNamesAreShownEscaped() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SnapshotStore<JSONValue>(containerAt: fixture.container)
        try store.commit(revision: 2, payload: .string("title" + Self.forged), image: nil)
        let read = try WidgetThumbsBinary.run(["read", "--container", fixture.container])
        #expect(read.status == 0, "\(read)")
        expectInert(read.stdout, "read")

        let images = fixture.container + "/images"
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: images + "/notes" + Self.forged))
        try Data([1]).write(to: URL(fileURLWithPath: images + "/.tmp-" + Self.forged))
        let verify = try WidgetThumbsBinary.run(["verify", "--container", fixture.container])
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stdout.contains("unexpected file"), "\(verify.stdout)")
        expectInert(verify.stdout, "verify")

        let gc = try WidgetThumbsBinary.run(["gc", "--container", fixture.container, "--grace", "0"])
        #expect(gc.status == 0, "\(gc)")
        #expect(gc.stdout.contains("deleted: images/.tmp-"), "\(gc.stdout)")
        expectInert(gc.stdout, "gc")
    }

    /// 60 levels of arrays around ~450,000 small numbers: a snapshot of about 0.9 MB, under
    /// the reader's 1 MiB cap. Pretty-printed with indentation it was tens of megabytes.
    @Test func aLargeDeepPayloadPrintsCompactly() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var payload = JSONValue.array(Array(repeating: .integer(7), count: 450_000))
        for _ in 0..<59 { payload = .array([payload]) }
        let store = try SnapshotStore<JSONValue>(containerAt: fixture.container)
        try store.commit(revision: 1, payload: payload, image: nil)
        let snapshotSize = try #require(try FileManager.default.attributesOfItem(
            atPath: fixture.container + "/snapshots/snapshot-1.json")[.size] as? Int)

        let json = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"], memory: .sampled)
        #expect(json.status == 0, "\(json.ending)")
        #expect(json.stdout.utf8.count < snapshotSize + 4096, "\(json.stdout.utf8.count) bytes for a \(snapshotSize)-byte snapshot")
        let document = JSONReport.object(json.stdout)
        #expect(document?["state"] as? String == "content")
        if let peak = json.sampledPeakRSSBytes {
            #expect(peak < 128 * 1_048_576, "peak \(peak / 1_048_576) MiB")
        }

        print("StoreOutputTests: read --json of a \(snapshotSize)-byte snapshot: \(json.stdout.utf8.count) bytes, "
              + "sampled peak \((json.sampledPeakRSSBytes ?? 0) / 1_048_576) MiB")
        let lines = try WidgetThumbsBinary.run(["read", "--container", fixture.container])
        #expect(lines.status == 0, "\(lines.ending)")
        #expect(lines.stdout.utf8.count < 4096, "\(lines.stdout.utf8.count) bytes of human output")
        #expect(lines.stdout.contains("bytes"), "the truncated payload says its size: \(lines.stdout.prefix(600))")
    }
}
