import Foundation
import Glibc
import TestSupport
import Testing
import WidgetThumbnails

/// `batch` at library scale, through the built binary: JSON Lines that can be followed while
/// the run goes, names from a pipe (`find -print0`), the `thumbnail` pipe, shards running at
/// the same time on one `--out`, and restarts after SIGKILL.
@Suite struct BatchStreamingTests {
    /// `count` JPEGs of `width` x `height` in `folder`, over `subfolders` subfolders.
    static func makeImages(in folder: String, count: Int, width: Int = 640, height: Int = 480,
                           subfolders: Int = 4) throws -> [String] {
        var variants: [[UInt8]] = []
        for seed in 0..<8 {
            var image = BatchFixtures.pattern(width: width, height: height, alpha: false)
            for index in stride(from: seed * 4, to: image.pixels.count, by: 37) { image.pixels[index] &+= UInt8(seed * 29) }
            variants.append(try ImageEncoder.encode(image, format: .jpeg, quality: 88))
        }
        var names: [String] = []
        for index in 0..<count {
            let name = "d\(index % subfolders)/img-\(index).jpg"
            let path = folder + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(variants[index % variants.count]).write(to: URL(fileURLWithPath: path))
            names.append(name)
        }
        return names
    }

    /// A child whose standard input and output are pipes the test holds.
    static func spawn(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(WidgetThumbsBinary.path, WidgetThumbsBinary.notFoundMessage))
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input, output)
    }

    @Test func jsonLinesCanBeFollowedWhileTheRunGoes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeImages(in: directory.file("in"), count: 60, width: 1200, height: 900)
        let (process, input, output) = try Self.spawn(["batch", directory.file("in"), "-r", "--out", directory.file("out"),
                                                       "--json-lines", "--jobs", "1"])
        try input.fileHandleForWriting.close()
        // Read until the first newline only.
        var first: [UInt8] = []
        while !first.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            first += byte
        }
        let stillRunning = process.isRunning
        let line = JSONReport.object(String(decoding: first, as: UTF8.self))
        #expect(line?["status"] as? String == "ok", "\(String(decoding: first, as: UTF8.self))")
        #expect(line?["families"] != nil && line?["renderCost"] == nil, "per-family verdicts by default")
        #expect(stillRunning, "the first line came only at the end of the run")
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = rest.split(separator: "\n")
        #expect(lines.count == 60, "59 items and the summary")
        let summary = JSONReport.value(lines.last!, as: [String: [String: Any]].self)
        #expect(summary?["summary"]?["ok"] as? Int == 60)

        // --device-detail: the full per-device render cost instead of the per-family summary.
        let detailed = try WidgetThumbsBinary.run(["batch", directory.file("in/d0/img-0.jpg"), "--out", directory.file("detail"),
                                                   "--json-lines", "--device-detail"])
        #expect(detailed.status == 0, "\(detailed)")
        let item = JSONReport.object(detailed.stdout.split(separator: "\n")[0])
        let families = (item?["renderCost"] as? [String: Any])?["families"] as? [[String: Any]]
        #expect((families?.first?["devices"] as? [Any])?.isEmpty == false, "\(detailed.stdout.prefix(300))")
    }

    @Test func namesFromFindPrint0AndTheThumbnailPipe() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let names = try Self.makeImages(in: directory.file("in"), count: 6, subfolders: 2)
        // A name with a newline: only NUL separation can carry it.
        let odd = directory.file("in/d0/two\nlines.jpg")
        try FileManager.default.copyItem(atPath: directory.file("in/" + names[0]), toPath: odd)
        let listed: [UInt8] = (names.map { directory.file("in/" + $0) } + [odd]).reduce(into: []) { $0 += Array($1.utf8) + [0] }
        let (process, input, output) = try Self.spawn(["batch", "--files-from", "-", "-0", "--out", directory.file("out"), "--json"])
        input.fileHandleForWriting.write(Data(listed))
        try input.fileHandleForWriting.close()
        let report = try BatchJSON(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(report.summary.ok == 7)
        // Mirrored by the listed path (absolute, so under out/ without the leading slash).
        let mirrored = directory.file("out") + directory.file("in/d0/two\nlines.jpg")
        #expect(FileManager.default.fileExists(atPath: mirrored), "\(report.inputs.map(\.output))")

        let (pipe, pipeInput, pipeOutput) = try Self.spawn(["thumbnail", "-", "-o", "-", "--format", "webp", "--max-side", "200"])
        pipeInput.fileHandleForWriting.write(try Data(contentsOf: URL(fileURLWithPath: directory.file("in/" + names[1]))))
        try pipeInput.fileHandleForWriting.close()
        let webp = [UInt8](pipeOutput.fileHandleForReading.readDataToEndOfFile())
        pipe.waitUntilExit()
        #expect(pipe.terminationStatus == 0)
        let info = try ImageDecoder.probe(webp)
        #expect(info.format == .webp && info.size == PixelSize(width: 200, height: 150))
    }

    /// A symlink loop and a dangling link in a folder are reported as failures, not skipped;
    /// a link to a folder is not walked.
    @Test func brokenLinksInAFolderAreReported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeImages(in: directory.file("in"), count: 2, subfolders: 1)
        #expect(symlink(directory.file("in/d0/loop.jpg"), directory.file("in/d0/loop.jpg")) == 0)
        #expect(symlink(directory.file("in/d0/gone.jpg"), directory.file("in/d0/dangling.jpg")) == 0)
        #expect(symlink(directory.file("in"), directory.file("in/d0/folder.jpg")) == 0)
        let result = try WidgetThumbsBinary.run(["batch", directory.file("in"), "-r", "--out", directory.file("out"), "--json"])
        #expect(result.status == 1, "\(result)")
        let report = try BatchJSON(result.stdout)
        #expect(report.summary.ok == 2 && report.summary.failed == 2, "\(result.stdout.suffix(400))")
        #expect(result.stderr.contains("loop.jpg: I/O error: cannot open: Too many levels of symbolic links"), "\(result.stderr)")
        #expect(result.stderr.contains("dangling.jpg: I/O error: cannot open: No such file or directory"), "\(result.stderr)")
    }

    /// Four shards at the same time on one --out: the union is a single run, byte for byte,
    /// and each shard keeps its own journal and manifest.
    @Test func concurrentShardsMakeTheSingleRun() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeImages(in: directory.file("in"), count: 48, subfolders: 3)
        let single = try WidgetThumbsBinary.run(["batch", directory.file("in"), "-r", "--out", directory.file("single"), "--quiet"],
                                                timeout: 300)
        #expect(single.status == 0, "\(single)")
        let shared = directory.file("shared")
        let shards = try (0..<4).map { index in
            try Self.spawn(["batch", directory.file("in"), "-r", "--out", shared, "--shard", "\(index)/4", "--quiet", "--jobs", "1"])
        }
        for (process, input, _) in shards {
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        var union = try filesUnder(shared)
        var alone = try filesUnder(directory.file("single"))
        let records = union.keys.filter { $0.hasPrefix(".widget-thumbs") }
        #expect(Set(records) == Set((0..<4).map { ".widget-thumbs.shard-\($0)-of-4.jsonl" }), "\(records)")
        for key in union.keys where key.hasPrefix(".") { union[key] = nil }
        for key in alone.keys where key.hasPrefix(".") { alone[key] = nil }
        #expect(union.count == 48)
        #expect(union == alone)
        // A whole run over the shards' folder reads their records: everything is up to date.
        let whole = try WidgetThumbsBinary.run(["batch", directory.file("in"), "-r", "--out", shared, "--json-lines"], timeout: 300)
        #expect(whole.status == 0, "\(whole)")
        let summary = JSONReport.value(whole.stdout.split(separator: "\n").last!, as: Any.self)
        #expect((summary as? [String: [String: Any]])?["summary"]?["skipped"] as? Int == 48, "\(whole.stdout.suffix(300))")
    }

    /// Killed with SIGKILL at a random moment, then run again: every output decodable and
    /// equal to a clean run's, no temporary file left, and each re-run redoes at most the items
    /// in flight (--jobs) of what was already in place. WT_RESTART_RUNS and WT_RESTART_IMAGES
    /// scale it (20 runs of 2,000 images is a thorough run).
    @Test func restartsAfterSIGKILLRedoAlmostNothing() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = environment["WT_RESTART_RUNS"].flatMap(Int.init) ?? 3
        let count = environment["WT_RESTART_IMAGES"].flatMap(Int.init) ?? 120
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.makeImages(in: directory.file("in"), count: count, width: 480, height: 360, subfolders: 5)
        let clean = try WidgetThumbsBinary.run(["batch", directory.file("in"), "-r", "--out", directory.file("clean"), "--quiet"],
                                               timeout: 3600)
        try #require(clean.status == 0, "\(clean)")
        var reference = try filesUnder(directory.file("clean"))
        for key in reference.keys where key.hasPrefix(".") { reference[key] = nil }
        let full = clean.wallSeconds
        var generator = SystemRandomNumberGenerator()
        var worst = 0
        for run in 0..<runs {
            let out = directory.file("out-\(run)")
            let kill = Double.random(in: 0.1...max(0.2, full * 0.9), using: &generator)
            _ = try WidgetThumbsBinary.run(["batch", directory.file("in"), "-r", "--out", out, "--quiet", "--jobs", "2"],
                                           timeout: kill)
            let inPlace = try filesUnder(out).keys.filter { !$0.hasPrefix(".") }.count
            let rerun = try WidgetThumbsBinary.run(["batch", directory.file("in"), "-r", "--out", out, "--json-lines", "--jobs", "2"],
                                                   timeout: 3600)
            #expect(rerun.status == 0, "\(rerun.stderr)")
            let summaryLine = try #require(rerun.stdout.split(separator: "\n").last)
            let summary = try #require(JSONReport.value(summaryLine, as: [String: [String: Any]].self))
            let made = summary["summary"]?["ok"] as? Int ?? -1
            let redone = made - (count - inPlace)
            worst = max(worst, redone)
            #expect(redone <= 2, "run \(run): \(inPlace) in place after the kill at \(kill) s, the re-run made \(made)")
            var tree = try filesUnder(out)
            let hidden = tree.keys.filter { $0.hasPrefix(".") }
            #expect(!hidden.contains { $0.hasSuffix(".tmp") || $0.hasSuffix(".journal") }, "\(hidden)")
            for key in hidden { tree[key] = nil }
            #expect(tree == reference, "run \(run): outputs differ from a clean run")
        }
        print("restart: \(runs) runs of \(count) images, most finished items redone by a re-run: \(worst)")
    }
}
