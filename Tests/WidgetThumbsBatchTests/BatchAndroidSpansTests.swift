import Foundation
import TestSupport
import Testing
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// `batch --platform android --cells 2x2,4x2` in process: one output per span from each
/// input's one decode, each judged by its own record, as `--families` makes families. Every
/// figure is worked out by hand from the catalogue's largest frame of each span
/// (`Data/widget-catalog.json`, androidCells) at 2.625 px a dp, each side rounded down.
@Suite struct BatchAndroidSpansTests {
    /// 2x2: 306x276 dp, 306 x 2.625 = 803.25 and 276 x 2.625 = 724.5: 803x724.
    static let twoByTwo = PixelSize(width: 803, height: 724)
    /// 4x2: 624x276 dp, 624 x 2.625 = 1638: 1638x724.
    static let fourByTwo = PixelSize(width: 1638, height: 724)
    /// 2x1: 306x130 dp, 130 x 2.625 = 341.25: 803x341.
    static let twoByOne = PixelSize(width: 803, height: 341)

    /// Records nothing: the test reads the run's result and the records on disk.
    struct Silent: BatchRunListener {
        func note(_ text: String) {}
        func recordProblem(_ error: ImageError) {}
        func foundAll(total: Int) {}
        func finished(index: Int, outcomes: [BatchOutcome], damagedPart: Int?) {}
    }

    /// Two 2000x1500 PNGs (larger than every slot, so a cover crop fills each box exactly).
    static func inputs(in directory: TemporaryDirectory) throws -> String {
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: true)
        for (name, blue) in [("a", SyntheticImage.Blue.ramp), ("b", .wrapping)] {
            let bytes = try ImageEncoder.encode(SyntheticImage.gradient(width: 2000, height: 1500, blue: blue), format: .png, quality: 100)
            _ = try directory.write("in/\(name).png", bytes)
        }
        return directory.file("in")
    }

    /// A run over `input` into `out` for `cells` (columns, rows) on a 1080x2400 screen at 2.625.
    static func run(_ input: String, out: String, cells: [(Int, Int)]) throws -> BatchRun.Result {
        let catalog = WidgetCatalog.builtIn
        // Without the density or a span a target has no box, which `#require` below refuses.
        let density = AndroidDensity(text: "2.625")
        let spans = cells.map { columns, rows in
            AndroidTarget(screen: PixelSize(width: 1080, height: 2400), density: density,
                          cells: catalog.androidCells?.span(columns: columns, rows: rows))
        }
        #expect(spans.allSatisfy { $0.box != nil })
        var thumbnail = ThumbnailOptions()
        thumbnail.fit = .cover
        thumbnail.box = try #require(spans.first?.box)
        let settings = BatchSettings(
            inputs: [input], filesFrom: nil, separator: .newline, renderDetail: .families, durability: .none, outDirectory: out,
            catalog: catalog, thumbnail: thumbnail, families: nil, androidSpans: spans.count > 1 ? spans : nil, jobs: 2,
            memoryLimitBytes: 1 << 30, depth: .topLevel, force: false, foreignFiles: .keep, output: .json, previewPage: nil,
            previewEmbed: false, shard: nil, toolVersion: "test")
        return try BatchRun(settings: settings, previewDevice: try #require(PreviewDevice.newestPhone(in: catalog))).run(Silent())
    }

    /// Each item as (output file name, cells, status, width, height).
    static func rows(_ result: BatchRun.Result) -> [String] {
        result.items.map { item in
            let name = item.output.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "-"
            return "\(name) \(item.cells ?? "-") \(item.status.rawValue) \(item.width ?? 0)x\(item.height ?? 0)"
        }
    }

    @Test func eachSpanIsItsOwnOutputAndRecordAndOnlyANewSpanIsMadeOnARerun() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try Self.inputs(in: directory)
        let out = directory.file("out")
        let (small, wide, low) = (Self.twoByTwo, Self.fourByTwo, Self.twoByOne)

        let first = try Self.run(input, out: out, cells: [(2, 2), (4, 2)])
        #expect(!first.failed)
        #expect(Self.rows(first) == [
            "a.android-2x2.jpg 2x2 ok \(small)", "a.android-4x2.jpg 4x2 ok \(wide)",
            "b.android-2x2.jpg 2x2 ok \(small)", "b.android-4x2.jpg 4x2 ok \(wide)",
        ])
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == ["a.android-2x2.jpg", "a.android-4x2.jpg", "b.android-2x2.jpg", "b.android-4x2.jpg"])
        // Two inputs read, four outputs written.
        #expect((first.summary.inputs, first.summary.total) == (2, 4))

        let again = try Self.run(input, out: out, cells: [(2, 2), (4, 2)])
        #expect(again.items.map(\.status) == Array(repeating: .skipped, count: 4))

        // A span joining the run is made alone; the others' records still hold.
        let joined = try Self.run(input, out: out, cells: [(2, 2), (4, 2), (2, 1)])
        #expect(Self.rows(joined) == [
            "a.android-2x2.jpg 2x2 skipped \(small)", "a.android-4x2.jpg 4x2 skipped \(wide)", "a.android-2x1.jpg 2x1 ok \(low)",
            "b.android-2x2.jpg 2x2 skipped \(small)", "b.android-4x2.jpg 4x2 skipped \(wide)", "b.android-2x1.jpg 2x1 ok \(low)",
        ])
    }

    /// A directory where one span's file goes fails that span alone: the input's other span is
    /// written and recorded, as are the other input's.
    @Test func aSpanWhosePlaceIsTakenFailsAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try Self.inputs(in: directory)
        let out = directory.file("out")
        try FileManager.default.createDirectory(atPath: out + "/a.android-4x2.jpg", withIntermediateDirectories: true)

        let result = try Self.run(input, out: out, cells: [(2, 2), (4, 2)])
        #expect(result.failed)
        #expect(result.items.map(\.status) == [.ok, .failed, .ok, .ok])
        #expect(result.items.map(\.cells) == ["2x2", "4x2", "2x2", "4x2"])
        #expect(result.items[1].input.hasSuffix("a.png"))
        let manifest = BatchManifest(directory: out, shard: nil, durability: .none)
        #expect(manifest.record(for: "a.android-2x2")?.output == "a.android-2x2.jpg")
        #expect(manifest.record(for: "a.android-4x2") == nil)
        #expect(manifest.record(for: "b.android-4x2")?.output == "b.android-4x2.jpg")
        #expect(FileManager.default.fileExists(atPath: out + "/a.android-2x2.jpg"))
    }

    /// A name ending in a span's suffix is kept for span outputs (`OutputNaming` rule 4), so a
    /// plain run and a span run on one `--out` never write the same file: it takes its whole
    /// file name. A suffix that is no span (`android-2x`, `android-axb`) is an ordinary name.
    @Test func aNameEndingInASpanTakesItsWholeFileName() {
        var naming = OutputNaming()
        let names = naming.names(forGroup: ["a.android-2x2.png", "b.ANDROID-4x3.jpg", "c.android-2x.png", "d.android-axb.png"].map {
            BatchInput(path: "in/" + $0, relativePath: $0)
        })
        #expect(names == [.base("a.android-2x2.png"), .base("b.ANDROID-4x3.jpg"), .base("c.android-2x"), .base("d.android-axb")])
    }
}
