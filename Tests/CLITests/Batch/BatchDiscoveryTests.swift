import Foundation
import Glibc
import Testing

/// What the folder walk meets in a real library, through the built binary: `--out` inside the
/// folder being walked, and a subfolder that cannot be listed.
@Suite struct BatchDiscoveryTests {
    /// `--out` inside the input folder: its thumbnails are never taken as inputs, on the first
    /// run or on a re-run (which would otherwise make thumbnails of thumbnails).
    @Test func anOutputFolderInsideTheInputIsNeverWalked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try BatchStreamingTests.makeImages(in: directory.file("library"), count: 6, subfolders: 2)
        let out = directory.file("library/thumbs")
        for run in 0..<2 {
            let result = try WidgetThumbsBinary.run(["batch", directory.file("library"), "-r", "--out", out, "--json"])
            #expect(result.status == 0, "\(result)")
            let report = try BatchJSON(result.stdout)
            #expect(report.summary.ok + report.summary.skipped == 6, "run \(run): \(result.stdout.suffix(300))")
            #expect(!report.inputs.contains { $0.input.contains("/thumbs/") }, "run \(run)")
        }
        let made = try filesUnder(out).keys.filter { !$0.hasPrefix(".") }
        #expect(made.count == 6 && !made.contains { $0.hasPrefix("thumbs/") }, "\(made.sorted())")
    }

    /// A subfolder that cannot be listed is one failure naming it, and the rest of the walk
    /// goes on. Root reads any folder, so as root the binary runs as nobody (setpriv).
    @Test func anUnreadableFolderIsReportedAndTheWalkGoesOn() throws {
        let asNobody = getuid() == 0
        if asNobody && access("/usr/bin/setpriv", X_OK) != 0 {
            print("skipped: running as root without /usr/bin/setpriv, so no folder is unreadable")
            return
        }
        let binary = try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage)
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups", binary]
        if asNobody, try ChildProcess.run("/usr/bin/setpriv", nobody + ["--version"]).status != 0 {
            print("skipped: nobody cannot run \(binary) (a private checkout folder), so no folder is unreadable")
            return
        }
        let directory = try TemporaryDirectory()
        defer {
            chmod(directory.file("library/d1"), 0o755)
            directory.remove()
        }
        _ = try BatchStreamingTests.makeImages(in: directory.file("library"), count: 6, subfolders: 2)
        // nobody must be able to reach everything else and write --out.
        for path in [directory.path, directory.file("library"), directory.file("library/d0")] { chmod(path, 0o777) }
        for index in stride(from: 0, to: 6, by: 2) { chmod(directory.file("library/d0/img-\(index).jpg"), 0o644) }
        #expect(chmod(directory.file("library/d1"), 0o000) == 0)
        let arguments = ["batch", directory.file("library"), "-r", "--out", directory.file("out"), "--json"]
        let result = asNobody
            ? try ChildProcess.run("/usr/bin/setpriv", nobody + arguments)
            : try ChildProcess.run(binary, arguments)
        #expect(result.status == 1, "\(result)")
        let report = try BatchJSON(result.stdout)
        #expect(report.summary.ok == 3 && report.summary.failed == 1, "\(result.stdout.suffix(400))")
        #expect(result.stderr.contains("d1: I/O error: cannot list the directory: Permission denied"), "\(result.stderr)")
    }
}
