import Foundation
import Glibc
import TestSupport
import Testing
import WidgetThumbnails

/// Nothing a batch writes may destroy what it did not make: never an input of the run (by
/// device and inode, however `--out` is spelt), never a stranger's file unless `--overwrite`;
/// and a killed run leaves no temporary file that a later run does not remove.
@Suite struct BatchOutputSafetyTests {
    static func jpeg(width: Int = 640, height: Int = 480) throws -> [UInt8] {
        try ImageEncoder.encode(BatchFixtures.pattern(width: width, height: height, alpha: false), format: .jpeg, quality: 90)
    }

    /// `batch s/photo.jpg --out s` used to replace the original with its thumbnail, exit 0.
    @Test(arguments: ["same folder", "same folder spelt differently", "glob into the folder"])
    func anInputIsNeverOverwritten(spelling: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("s"), withIntermediateDirectories: false)
        let original = try Self.jpeg()
        let photo = try directory.write("s/photo.jpg", original)
        let other = try directory.write("s/other.jpg", try Self.jpeg(width: 300, height: 200))
        let (inputs, out): ([String], String) = switch spelling {
        case "same folder": ([photo], directory.file("s"))
        case "same folder spelt differently": ([photo], directory.path + "/./s/")
        default: ([photo, other], directory.file("s"))
        }
        let result = try WidgetThumbsBinary.run(["batch"] + inputs + ["--out", out])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("an input of this run"), "\(result.stderr)")
        #expect(try InputFile.read(photo, maxBytes: 1 << 24) == original, "the original changed")
        // --overwrite allows replacing strangers' files, never inputs.
        let forced = try WidgetThumbsBinary.run(["batch"] + inputs + ["--out", out, "--overwrite", "--force"])
        #expect(forced.status == 1, "\(forced)")
        #expect(try InputFile.read(photo, maxBytes: 1 << 24) == original, "the original changed under --overwrite")
    }

    /// A hard link or a symlink at the output path that leads to an input: the original's data
    /// survives whatever happens to that name (the thumbnail replaces the name, never writes
    /// into the file); without --overwrite the name is kept too.
    @Test func aLinkToAnInputNeverLosesTheOriginal() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try Self.jpeg()
        let photo = try directory.write("photo.jpg", original)
        try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: false)
        for kind in ["hard", "symbolic"] {
            unlink(directory.file("out/photo.jpg"))
            #expect((kind == "hard" ? link(photo, directory.file("out/photo.jpg")) : symlink(photo, directory.file("out/photo.jpg"))) == 0)
            let kept = try WidgetThumbsBinary.run(["batch", photo, "--out", directory.file("out")])
            #expect(kept.status == 1 && kept.stderr.contains("did not make"), "\(kind): \(kept)")
            let replaced = try WidgetThumbsBinary.run(["batch", photo, "--out", directory.file("out"), "--overwrite"])
            #expect(replaced.status == 0, "\(kind): \(replaced)")
            #expect(try InputFile.read(photo, maxBytes: 1 << 24) == original, "\(kind): the original changed")
        }
    }

    /// A symlink in an input folder that points into --out: the file it points to is an input.
    @Test func anInputReachedThroughASymlinkIsKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("out/in"), withIntermediateDirectories: true)
        let original = try Self.jpeg()
        let target = try directory.write("out/in/photo.jpg", original)
        #expect(symlink(target, directory.file("out/photo.jpg")) == 0)
        // The folder argument is --out's subfolder "in": its photo.jpg would become out/photo.jpg,
        // which is a link to the input itself.
        let result = try WidgetThumbsBinary.run(["batch", directory.file("out/in"), "--out", directory.file("out"), "--overwrite"])
        #expect(result.status == 1 && result.stderr.contains("an input of this run"), "\(result)")
        #expect(try InputFile.read(target, maxBytes: 1 << 24) == original)
    }

    /// A file at the output path that no manifest or journal records is kept unless --overwrite;
    /// our own earlier thumbnail is replaced when the input changes.
    @Test func strangersFilesAreKeptOursAreReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: false)
        let photo = try directory.write("in/photo.jpg", try Self.jpeg())
        let out = directory.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let theirs = Array("somebody's notes, named like a thumbnail".utf8)
        try directory.write("out/photo.jpg", theirs)

        let kept = try WidgetThumbsBinary.run(["batch", photo, "--out", out])
        #expect(kept.status == 1, "\(kept)")
        #expect(kept.stderr.contains("did not make"), "\(kept.stderr)")
        #expect(try InputFile.read(out + "/photo.jpg", maxBytes: 1 << 20) == theirs)

        let replaced = try WidgetThumbsBinary.run(["batch", photo, "--out", out, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced)")
        let first = try InputFile.read(out + "/photo.jpg", maxBytes: 1 << 20)
        #expect(first != theirs)

        // Ours now (the manifest records it): a changed input replaces it without --overwrite.
        try Data(try Self.jpeg(width: 500, height: 500)).write(to: URL(fileURLWithPath: photo))
        let redone = try WidgetThumbsBinary.run(["batch", photo, "--out", out])
        #expect(redone.status == 0, "\(redone)")
        #expect(try InputFile.read(out + "/photo.jpg", maxBytes: 1 << 20) != first)
    }

    /// A thumbnail in place whose record is gone (a run killed between the rename and its journal
    /// line, or a power cut that lost the last journal lines) is exactly what the re-run makes:
    /// it is accepted without --overwrite. One byte different, and it is a stranger's file again.
    @Test func aThumbnailWhoseRecordWasLostIsKnownByItsBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: false)
        let photo = try directory.write("in/photo.jpg", try Self.jpeg())
        let out = directory.file("out")
        let first = try WidgetThumbsBinary.run(["batch", photo, "--out", out])
        try #require(first.status == 0, "\(first)")
        let made = try InputFile.read(out + "/photo.jpg", maxBytes: 1 << 20)

        #expect(unlink(out + "/.widget-thumbs.jsonl") == 0)
        let again = try WidgetThumbsBinary.run(["batch", photo, "--out", out, "--json"])
        #expect(again.status == 0, "\(again)")
        #expect(try BatchJSON(again.stdout).summary.ok == 1)
        #expect(try InputFile.read(out + "/photo.jpg", maxBytes: 1 << 20) == made)

        #expect(unlink(out + "/.widget-thumbs.jsonl") == 0)
        var changed = made
        changed[changed.count / 2] ^= 0x01
        try Data(changed).write(to: URL(fileURLWithPath: out + "/photo.jpg"))
        let kept = try WidgetThumbsBinary.run(["batch", photo, "--out", out])
        #expect(kept.status == 1, "\(kept)")
        #expect(kept.stderr.contains("did not make"), "\(kept.stderr)")
        #expect(try InputFile.read(out + "/photo.jpg", maxBytes: 1 << 20) == changed)
    }

    /// A run killed mid-way: its temporary files are removed by the next run, and what it
    /// finished is recorded (journal), so the next run skips it and treats it as its own.
    @Test func aKilledRunLeavesNothingTheNextRunDoesNotClean() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("in")
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: false)
        let bytes = try Self.jpeg(width: 1200, height: 900)
        for index in 0..<60 { try directory.write("in/p\(index).jpg", bytes) }
        let out = directory.file("out")
        let staging = out + "/.widget-thumbs-staging"

        let killed = try WidgetThumbsBinary.run(["batch", input, "--out", out, "--jobs", "2", "--quiet"], timeout: 1.0)
        try #require(killed.ending == .timedOut, "the run finished before it could be killed: \(killed)")
        let made = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jpg") }
        // A leftover of a dead process on this host, and one from another host, abandoned long ago.
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .map { $0 == "." ? "_" : $0 }
        try directory.write("out/.widget-thumbs-staging/\(String(hostName)).\(killed.pid).123.tmp", [1, 2, 3])
        let abandoned = try directory.write("out/.widget-thumbs-staging/elsewhere.4242.456.tmp", [4, 5, 6])
        var old = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, abandoned, &old, 0) == 0)
        // A live run's file on another host: kept.
        let live = try directory.write("out/.widget-thumbs-staging/elsewhere.4242.789.tmp", [7])
        let stranger = try directory.write("out/.widget-thumbs-staging/notes.txt", [8])

        let rerun = try WidgetThumbsBinary.run(["batch", input, "--out", out, "--jobs", "2", "--json"], timeout: 300)
        #expect(rerun.status == 0, "\(rerun)")
        let report = try BatchJSON(rerun.stdout)
        #expect(report.summary.ok + report.summary.skipped == 60)
        // Everything the killed run finished is skipped, but the items in flight when it died.
        #expect(report.summary.skipped >= made.count - 2, "made \(made.count) before the kill, skipped \(report.summary.skipped)")
        let left = try FileManager.default.contentsOfDirectory(atPath: staging).sorted()
        #expect(left == [live, stranger].map { URL(fileURLWithPath: $0).lastPathComponent }.sorted())
        let everything = try FileManager.default.subpathsOfDirectory(atPath: out)
        #expect(!everything.contains { $0.hasSuffix(".tmp") && !$0.hasPrefix(".widget-thumbs-staging/elsewhere") }, "\(everything)")
        #expect(!everything.contains(".widget-thumbs.journal"), "the journal outlived a finished run")
    }
}
