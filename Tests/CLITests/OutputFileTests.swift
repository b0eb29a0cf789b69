import Foundation
import Glibc
import TestSupport
import Testing
import WidgetThumbnails
@testable import widget_thumbs
@testable import WidgetThumbsBatch

/// widget-thumbs' outputs through the store's writers: replaced or published whole, errors
/// worded for a person and naming the output, nothing left behind on failure, never a file
/// replaced that a `.nothing` write did not expect.
@Suite struct OutputFileTests {
    @Test func writesAndReplacesLeavingOnlyTheTarget() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("out.pam")
        try OutputFile.write(Array("first".utf8), toPath: target)
        try OutputFile.write(Array("second, longer".utf8), toPath: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "second, longer")
        #expect(try directory.contents() == ["out.pam"])
    }

    /// What a plain open would make: 0666 less the umask, for a replaced file and a published
    /// thumbnail alike (checked in a child process, whose umask no other test changes).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "skipped: no /bin/sh"))
    func outputsGetTheModeLessTheUmask() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let image = try directory.write("photo.png", try ImageEncoder.encode(
            RGBAImage(width: 4, height: 4, pixels: Array([[UInt8]](repeating: [200, 200, 200, 255], count: 16).joined())), format: .png, quality: 100))
        let script = "umask 027 && \"$0\" decode \"$1\" --out \"$2\" && \"$0\" batch \"$1\" --out \"$3\" --quiet"
        let result = try ChildProcess.run("/bin/sh", ["-c", script, binary, image, directory.file("photo.pam"), directory.file("out")])
        try #require(result.status == 0, "\(result)")
        for output in ["photo.pam", "out/photo.jpg", "out/.widget-thumbs.jsonl"] {
            var info = stat()
            #expect(stat(directory.file(output), &info) == 0 && info.st_mode & 0o7777 == 0o640, "\(output)")
        }
    }

    @Test func failuresAreIOErrorsAndLeaveNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("nope/out.pam")
        for replacing in [OutputFile.Replacement.anything, .nothing] {
            do {
                try OutputFile.write([1], toPath: missing, replacing: replacing)
                Issue.record("a write into a missing folder succeeded")
            } catch {
                #expect(error.code == .io)
                #expect(error.file == missing)
                #expect(error.reason == "cannot create a temporary file in \(directory.path)/nope: No such file or directory")
            }
        }
        // The target is a directory: the rename fails after the write; the temporary goes.
        try FileManager.default.createDirectory(atPath: directory.file("taken"), withIntermediateDirectories: false)
        try directory.write("taken/keep", [])
        do {
            try OutputFile.write([1, 2], toPath: directory.file("taken"))
            Issue.record("a file replaced a folder")
        } catch {
            #expect(error.reason.hasPrefix("cannot move into place: "), "\(error.reason)")
        }
        #expect(try directory.contents() == ["taken"])
        #expect(throws: ImageError.self) { try OutputFile.write([1], toPath: directory.path + "/") }
    }

    /// `.nothing`: a file that appeared at the output path is kept, and said to be.
    @Test func aWriteThatMayReplaceNothingKeepsWhatIsThere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.file("out")
        let staging = try StagingFolder(outDirectory: out)
        let theirs = try directory.write("out/photo.jpg", Array("not ours".utf8))
        for stage in [OutputFile.Staging.besideTarget, .folder(staging)] {
            do {
                try OutputFile.write([1, 2, 3], toPath: theirs, replacing: .nothing, staging: stage, durability: .none)
                Issue.record("an existing file was replaced")
            } catch {
                #expect(error.reason == "a file appeared at the output path while it was written; it is kept")
            }
            #expect(try InputFile.read(theirs, maxBytes: 100) == Array("not ours".utf8))
        }
        try OutputFile.write([4, 5], toPath: directory.file("out/new.jpg"), replacing: .nothing, staging: .folder(staging))
        #expect(try InputFile.read(directory.file("out/new.jpg"), maxBytes: 100) == [4, 5])
        #expect(try FileManager.default.contentsOfDirectory(atPath: staging.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [StagingFolder.name, "new.jpg", "photo.jpg"])
    }

    /// Content made in pieces through the staging folder; an error of the content's own comes
    /// back as it was thrown and leaves the old file.
    @Test func contentInPiecesAndItsOwnErrors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let staging = try StagingFolder(outDirectory: directory.path)
        let target = directory.file("manifest")
        try OutputFile.write(toPath: target, staging: .folder(staging)) { append throws(ImageError) in
            for line in ["a\n", "b\n", "c\n"] { try append(Array(line.utf8)) }
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "a\nb\nc\n")
        do {
            try OutputFile.write(toPath: target, staging: .folder(staging)) { append throws(ImageError) in
                try append(Array("half".utf8))
                throw ImageError(.invalidArgument, "the content failed")
            }
            Issue.record("a failed content was put in place")
        } catch {
            #expect(error.code == .invalidArgument && error.reason == "the content failed")
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "a\nb\nc\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: staging.path).isEmpty)
    }
}
