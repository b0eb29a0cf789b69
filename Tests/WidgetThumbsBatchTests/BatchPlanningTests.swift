import Foundation
import Testing
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// Output naming, sharding and memory admission, in process.
@Suite struct BatchPlanningTests {
    private func inputs(_ relativePaths: [String], from directory: String = "in") -> [BatchInput] {
        relativePaths.map { BatchInput(path: directory + "/" + $0, relativePath: $0) }
    }

    @Test func namesDropTheExtensionAndKeepItOnlyWhenTheyCollide() {
        var naming = OutputNaming()
        let names = naming.names(forGroup: inputs(["a.jpg", "A.png", "b.webp", "sub/a.jpg", "noext", "sub/.x"]))
        #expect(names == [.base("a.jpg"), .base("A.png"), .base("b"), .base("sub/a"), .base("noext"), .base("sub/.x")])
        #expect(OutputNaming.outputPath(base: "sub/a", fileExtension: "webp") == "sub/a.webp")
    }

    @Test func namesThatStillCollideFailAllButTheFirst() {
        var naming = OutputNaming()
        // Siblings: a.png and a.jpg keep their whole names; a.png.jpg's stem is then taken, so it
        // keeps its whole name too.
        #expect(naming.names(forGroup: inputs(["a.png", "a.jpg", "a.png.jpg"]))
                == [.base("a.png"), .base("a.jpg"), .base("a.png.jpg")])
        // Later folders: a free stem is used; a taken one falls back to the whole name; both taken: refused.
        #expect(naming.names(forGroup: inputs(["a.jpg", "c.jpg"], from: "other")) == [.base("a"), .base("c")])
        #expect(naming.names(forGroup: inputs(["A.jpg"], from: "third")) == [.collision("A")])
        #expect(naming.names(forGroup: inputs(["c.png"], from: "fourth")) == [.base("c.png")])
    }

    @Test func namingDoesNotDependOnLaterFolders() {
        var alone = OutputNaming()
        var mixed = OutputNaming()
        let first = alone.names(forGroup: inputs(["x.jpg", "y.png"]))
        #expect(mixed.names(forGroup: inputs(["x.jpg", "y.png"])) == first)
        #expect(mixed.names(forGroup: inputs(["z.jpg"], from: "more")) == [.base("z")])
    }

    @Test func shardsParseAndPartition() throws {
        #expect(Shard(commandLine: "0/1") != nil && Shard(commandLine: "2/3") != nil)
        for bad in ["3/3", "-1/3", "1", "a/b", "1/0", "1/3/4", ""] { #expect(Shard(commandLine: bad) == nil, "\(bad)") }
        // Reference values of 64-bit FNV-1a (from the published test vectors).
        #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
        let paths = (0..<300).map { "folder \($0 % 7)/image-\($0).jpg" }
        let shards = try (0..<4).map { try #require(Shard(commandLine: "\($0)/4")) }
        let counts = shards.map { shard in paths.count { shard.contains($0) } }
        #expect(counts.reduce(0, +) == paths.count)
        #expect(paths.allSatisfy { path in shards.count { $0.contains(path) } == 1 })
        #expect(counts.allSatisfy { $0 > 40 }, "a lopsided split: \(counts)")
    }

    @Test func admissionKeepsTheEstimatesUnderTheLimit() {
        let admission = MemoryAdmission(limitBytes: 100)
        // Locked, not Synchronization's Mutex: ThreadSanitizer reported this test's own tally as
        // racing under a Mutex (`make test-tsan`).
        let load = Locked((now: 0, peak: 0, peakCount: 0, running: 0))
        let estimates = [60, 30, 30, 30, 250, 10, 40, 90, 5, 5, 70, 30]
        let done = BatchRunner(jobs: 4).run(count: estimates.count) { index in
            let bytes = estimates[index]
            return (try? admission.admit(bytes) { () throws(ImageError) -> Int in
                load.withLock { state in
                    state.now += bytes
                    state.running += 1
                    state.peak = max(state.peak, state.running > 1 ? state.now : 0)
                    state.peakCount = max(state.peakCount, state.running)
                }
                usleep(20_000)
                load.withLock { state in
                    state.now -= bytes
                    state.running -= 1
                }
                return index
            }) ?? -1
        }
        #expect(done == Array(0..<estimates.count), "results in input order")
        let state = load.withLock { $0 }
        #expect(state.peak <= 100, "two or more in flight went over the limit: \(state.peak)")
        #expect(state.peakCount >= 2, "nothing ran in parallel")
        #expect(admission.peakEstimatedBytes == 250, "the 250-byte one ran (alone)")
    }

    @Test func estimatesFollowTheDecodeScale() {
        let options = ThumbnailOptions()
        let jpeg = ImageInfo(format: .jpeg, size: PixelSize(width: 8000, height: 6000), colorModel: .rgb, hasAlpha: false)
        let progressive = ImageInfo(format: .jpeg, size: PixelSize(width: 8000, height: 6000), colorModel: .rgb,
                                    hasAlpha: false, scanOrder: .progressive)
        let png = ImageInfo(format: .png, size: PixelSize(width: 8000, height: 6000), colorModel: .rgb, hasAlpha: false)
        let interlaced = ImageInfo(format: .png, size: PixelSize(width: 8000, height: 6000), colorModel: .rgb,
                                   hasAlpha: false, scanOrder: .interlaced)
        let baseline = DecodeMemoryEstimate.bytes(for: jpeg, fileBytes: 0, options: options)
        // 8000x6000 at 1/8 streams 1000 px rows into the resampler: a window of rows, not the
        // 3 MB of the 1000x750 scaled image (nor the 192 MB full decode), plus the thumbnail's
        // own copies (4 of 500x500 RGBA).
        let thumbnails = 500 * 500 * 4 * 4
        #expect(baseline >= 1000 * 4 * 16 + thumbnails && baseline < 1000 * 750 * 4 + thumbnails)
        #expect(DecodeMemoryEstimate.bytes(for: progressive, fileBytes: 0, options: options) > 8000 * 6000 * 3 * 2)
        #expect(DecodeMemoryEstimate.bytes(for: png, fileBytes: 0, options: options) < 8000 * 4 * 100 + 5_000_000)
        #expect(DecodeMemoryEstimate.bytes(for: interlaced, fileBytes: 0, options: options) >= 8000 * 6000 * 4)
    }
}
