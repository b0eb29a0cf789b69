import Foundation
import Testing
import TestSupport
import WidgetThumbnails

/// Two `batch` runs on one `--out` at once (or a shard and its retried pod) share its record
/// files: whichever finishes first must not drop the other's records (`RecordLock`).
@Suite struct BatchConcurrentRunTests {
    /// `count` small JPEGs named `prefix01.jpg`... in `folder`, each its own picture.
    static func writeInputs(_ count: Int, prefix: String, in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...count {
            let picture = SyntheticImage.gradient(width: 640 + index, height: 480, blue: .xor, alpha: false)
            let name = String(format: "%@%02d.jpg", prefix, index)
            try Data(try ImageEncoder.encode(picture, format: .jpeg, quality: 90))
                .write(to: URL(fileURLWithPath: folder + "/" + name))
        }
    }

    /// 10 inputs in one run and 20 in another, on one `--out` at the same time: the first to
    /// finish compacted the shared journal and removed it under the other, whose later records
    /// were lost (both exited 0). Every record is kept: a re-run of each skips all its inputs.
    @Test func concurrentRunsOnOneOutKeepEveryRecord() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (few, many, out) = (directory.file("few"), directory.file("many"), directory.file("out"))
        try Self.writeInputs(10, prefix: "few", in: few)
        try Self.writeInputs(20, prefix: "many", in: many)
        @Sendable func batch(_ folder: String) throws -> ChildProcess.Result {
            try WidgetThumbsBinary.run(["batch", folder, "--out", out, "--jobs", "1", "--json"], timeout: 300)
        }
        async let first = batch(few)
        async let second = batch(many)
        let runs = try await [first, second]
        for run in runs {
            #expect(run.status == 0, "\(run)")
            #expect(try BatchJSON(run.stdout).summary.failed == 0)
        }
        for (folder, count) in [(few, 10), (many, 20)] {
            let again = try BatchJSON(try batch(folder).stdout)
            #expect(again.summary.skipped == count, "\(folder): \(again.summary)")
            #expect(again.summary.ok == 0, "\(folder): redone, its record lost")
        }
        // The lock is gone with the runs: --out holds thumbnails and records only.
        #expect(try filesUnder(out).keys.filter { $0.hasSuffix(".lock") } == [])
    }
}
