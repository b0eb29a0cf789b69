import Foundation
import Glibc
import TestSupport
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
    /// goes on.
    @Test func anUnreadableFolderIsReportedAndTheWalkGoesOn() throws {
        try expectOneFailingSubfolder(mode: 0o000, message: "d1: I/O error: cannot list the directory: Permission denied")
    }

    /// A subfolder that can be listed but not searched (r-- without x): its names are there
    /// but none can be reached. One failure naming it, never "total 0" and exit 0.
    @Test func aFolderWithoutSearchPermissionIsReportedAndTheWalkGoesOn() throws {
        try expectOneFailingSubfolder(mode: 0o644, message: "d1: I/O error: cannot search the directory")
    }

    /// Files below a path longer than PATH_MAX (4,096 bytes) cannot be opened by path: the walk
    /// names what it cannot reach as a failure (exit 1), and takes everything else.
    @Test func whatLiesBelowPATH_MAXIsAFailureNotSilence() throws {
        let directory = try TemporaryDirectory()
        defer { _ = try? ChildProcess.run("/bin/rm", ["-rf", directory.path]) }
        _ = try BatchStreamingTests.makeImages(in: directory.file("library"), count: 1, subfolders: 1)
        // 24 levels of 200-byte names: about 4,800 bytes, made relative to each folder's descriptor.
        var folder = open(directory.file("library"), O_RDONLY | O_DIRECTORY)
        try #require(folder >= 0)
        let name = String(repeating: "d", count: 200)
        for _ in 0..<24 {
            try #require(mkdirat(folder, name, 0o755) == 0, "\(String(cString: strerror(errno)))")
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY)
            close(folder)
            folder = next
            try #require(folder >= 0)
        }
        let deep = openat(folder, "deep.jpg", O_WRONLY | O_CREAT | O_EXCL, 0o644)
        close(folder)
        try #require(deep >= 0)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: directory.file("library/d0/img-0.jpg")))
        #expect(jpeg.withUnsafeBytes { write(deep, $0.baseAddress!, $0.count) } == jpeg.count)
        close(deep)

        let result = try WidgetThumbsBinary.run(["batch", directory.file("library"), "-r", "--out", directory.file("out"), "--json"])
        #expect(result.status == 1, "\(result.stderr.suffix(400))")
        let report = try BatchJSON(result.stdout)
        #expect(report.summary.ok == 1 && report.summary.failed >= 1, "\(report.summary)")
        #expect(report.inputs.contains { $0.status == "failed" && ($0.error ?? "").contains("File name too long") },
                "\(report.inputs.map { $0.error ?? "ok" })")
        #expect(result.stderr.contains("File name too long"), "\(result.stderr.suffix(400))")
    }

    /// library/d0 and library/d1 with three images each; d1 gets `mode`. Root searches and
    /// reads any folder, so as root the binary runs as nobody (setpriv); skipped, saying why,
    /// where that cannot be done.
    private func expectOneFailingSubfolder(mode: mode_t, message: String) throws {
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
        #expect(chmod(directory.file("library/d1"), mode) == 0)
        let arguments = ["batch", directory.file("library"), "-r", "--out", directory.file("out"), "--json"]
        let result = asNobody
            ? try ChildProcess.run("/usr/bin/setpriv", nobody + arguments)
            : try ChildProcess.run(binary, arguments)
        #expect(result.status == 1, "\(result)")
        let report = try BatchJSON(result.stdout)
        #expect(report.summary.ok == 3 && report.summary.failed == 1, "\(result.stdout.suffix(400))")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
