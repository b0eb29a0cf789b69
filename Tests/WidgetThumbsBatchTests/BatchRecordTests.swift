import Foundation
import TestSupport
import Testing
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// The records a batch keeps in `--out` (journal and manifest lines), in process: names read
/// without decoding the rest of a line, an index that holds only where each line is, and a
/// compaction that keeps exactly the run's own records.
@Suite struct BatchRecordTests {
    static func entry(output: String, bytes: Int) -> BatchManifest.Entry {
        var item = BatchItemReport.failed("in/" + output, ImageError(.io, "placeholder"))
        item.status = .ok
        item.error = nil
        item.bytes = bytes
        return BatchManifest.Entry(settings: "s", relativePath: output, inputBytes: 1, inputModified: 2, output: output,
                                   item: item, bytesPerPixel: 4)
    }

    static func line(_ name: String, bytes: Int = 10) throws -> [UInt8] {
        try BatchJournal.encode(.init(name: name, entry: entry(output: name + ".jpg", bytes: bytes)), file: "test")
    }

    /// A line as earlier versions wrote it, the name last (JSONEncoder's own key order varies
    /// from process to process, so it is spelt out).
    static func olderLine(_ name: String, bytes: Int = 10) throws -> [UInt8] {
        let encoder = JSONEncoder()
        return Array(#"{"entry":"#.utf8) + Array(try encoder.encode(entry(output: name + ".jpg", bytes: bytes)))
            + Array(#","name":"#.utf8) + Array(try encoder.encode(name)) + [UInt8(ascii: "}")]
    }

    @Test(arguments: ["plain", "d0000/img-0001", "quote\"back\\slash", "new\nline\ttab", "ünïcødé/名前", "control\u{1}\u{7f}"])
    func aLineNamesItsNameWhateverItHolds(name: String) throws {
        let line = try Self.line(name)
        #expect(RecordLineName.of(line[...]) == name)
        // The same line as JSONDecoder reads it, so the fast path cannot disagree with it.
        let decoded = try JSONDecoder().decode(BatchJournal.Line.self, from: Data(line))
        #expect(decoded.name == name)
    }

    @Test func olderLinesWithTheNameLastAndTornLinesAreHandled() throws {
        let older = try Self.olderLine("old/one")
        #expect(!RecordLineName.isReadDirectly(older[...]))
        #expect(RecordLineName.of(older[...]) == "old/one")
        let line = try Self.line("torn")
        for cut in [5, 12, line.count / 2, line.count - 1] {
            #expect(RecordLineName.of(line[..<cut]) == nil, "cut at \(cut)")
        }
    }

    /// Own records win over another shard's; the compaction keeps the journal's lines and then
    /// the own manifest's records that the journal does not redo, and never another shard's.
    @Test func theIndexFindsEachRecordAndTheCompactionKeepsOnlyOwnOnes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func write(_ name: String, _ lines: [[UInt8]]) throws {
            try directory.write(name, lines.flatMap { $0 + [UInt8(ascii: "\n")] })
        }
        // c as an earlier version wrote it (the name last).
        let olderC = try Self.olderLine("c", bytes: 3)
        try write(".widget-thumbs.jsonl", [try Self.line("a", bytes: 1), try Self.line("b", bytes: 2), olderC])
        // A killed run's journal: b redone, and a torn last line.
        let torn = try Self.line("c", bytes: 99)
        try directory.write(".widget-thumbs.journal", try Self.line("b", bytes: 20) + [UInt8(ascii: "\n")] + torn.prefix(torn.count / 2))
        try write(".widget-thumbs.shard-0-of-2.jsonl", [try Self.line("a", bytes: 100), try Self.line("z", bytes: 26)])

        let manifest = BatchManifest(directory: directory.path, shard: nil, durability: .none)
        #expect(manifest.record(for: "a")?.recordedBytes(at: "a.jpg") == 1)
        #expect(manifest.record(for: "b")?.recordedBytes(at: "b.jpg") == 20)
        #expect(manifest.record(for: "c")?.recordedBytes(at: "c.jpg") == 3)
        #expect(manifest.record(for: "z")?.recordedBytes(at: "z.jpg") == 26)
        #expect(manifest.record(for: "a")?.recordedBytes(at: "a.webp") == nil)
        #expect(manifest.record(for: "missing")?.recordedBytes(at: "missing.jpg") == nil)

        // This run redoes a.
        #expect(manifest.journal.append(name: "a", entry: Self.entry(output: "a.jpg", bytes: 11)) == nil)
        try manifest.finish(staging: try StagingFolder(outDirectory: directory.path), durability: .none)

        let lines = try String(contentsOfFile: directory.file(".widget-thumbs.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.allSatisfy { RecordLineName.isReadDirectly(Array($0.utf8)[...]) }, "older lines are rewritten in the current form")
        let compacted = try lines.map { try JSONDecoder().decode(BatchJournal.Line.self, from: Data($0.utf8)) }
        #expect(compacted.map { "\($0.name)=\($0.entry.item.bytes ?? -1)" } == ["b=20", "a=11", "c=3"])
        #expect(!FileManager.default.fileExists(atPath: directory.file(".widget-thumbs.journal")))
        let reread = BatchManifest(directory: directory.path, shard: nil, durability: .none)
        #expect(reread.record(for: "a")?.recordedBytes(at: "a.jpg") == 11)
        #expect(reread.record(for: "z")?.recordedBytes(at: "z.jpg") == 26)
    }

    /// A run that records nothing leaves a compact manifest alone (a no-op re-run over 200,000
    /// records would otherwise rewrite them all); one with an earlier version's lines is rewritten.
    @Test func aRunThatRecordsNothingLeavesACompactManifestAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file(".widget-thumbs.jsonl")
        // A hard link as witness: a manifest left alone still shares its inode (2 links); a
        // rewritten one is a new file (1 link). Inode numbers alone can be reused.
        func finishWithWitness() throws -> nlink_t {
            unlink(directory.file("witness"))
            #expect(link(path, directory.file("witness")) == 0)
            try BatchManifest(directory: directory.path, shard: nil, durability: .none)
                .finish(staging: try StagingFolder(outDirectory: directory.path), durability: .none)
            var status = stat()
            return stat(path, &status) == 0 ? status.st_nlink : 0
        }
        try directory.write(".widget-thumbs.jsonl", try Self.line("a") + [10] + (try Self.line("b")) + [10])
        #expect(try finishWithWitness() == 2)

        let older = try Self.olderLine("c", bytes: 3)
        unlink(path)
        try directory.write(".widget-thumbs.jsonl", try Self.line("a") + [10] + older + [10])
        #expect(try finishWithWitness() == 1)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { RecordLineName.isReadDirectly(Array($0.utf8)[...]) })
    }

    /// Lines come out whole wherever the 256 KiB reads cut them, with their offsets; a line over
    /// `RecordFileLines.maximumLine` is skipped and named, and the lines after it still come.
    @Test func recordLinesAreSplitAcrossReadsAndOverlongOnesSkipped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 600 << 10)
        let overlong = [UInt8](repeating: UInt8(ascii: "y"), count: RecordFileLines.maximumLine + 1)
        let lines: [[UInt8]] = [Array("a".utf8), long, overlong, Array("b".utf8), Array("c".utf8)]
        // The last line without its newline, as a killed run leaves it.
        let path = try directory.write("records.jsonl", lines.map { $0 + [10] }.joined().dropLast().map { $0 })
        var seen: [(Int64, [UInt8])] = []
        let problem = RecordFileLines.forEach(path: path) { offset, line in seen.append((offset, Array(line))) }
        var offsets: [Int64] = []
        var offset: Int64 = 0
        for line in lines {
            offsets.append(offset)
            offset += Int64(line.count + 1)
        }
        #expect(seen.map(\.1) == [lines[0], lines[1], lines[3], lines[4]])
        #expect(seen.map(\.0) == [offsets[0], offsets[1], offsets[3], offsets[4]])
        let error = try #require(problem)
        #expect(error.file == path && error.reason.contains("1 line(s) longer than \(RecordFileLines.maximumLine) bytes")
            && error.reason.contains("at byte \(offsets[2])"), "\(error)")
    }

    /// A record file that is a symlink, a FIFO or a directory is refused by name, never followed
    /// or waited on.
    @Test func recordFilesThatAreNotRegularFilesAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("elsewhere", Array("{}\n".utf8))
        #expect(symlink(target, directory.file("link")) == 0)
        #expect(mkfifo(directory.file("fifo"), 0o644) == 0)
        #expect(mkdir(directory.file("folder"), 0o755) == 0)
        for name in ["link", "fifo", "folder"] {
            #expect(throws: ImageError.self, "\(name)") { try RecordFileLines.open(directory.file(name)) }
        }
        #expect(try RecordFileLines.open(directory.file("missing")) == nil)
    }
}
