import Foundation
import Testing
import TestSupport
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// The README's screenshot of the preview page (`make preview-screenshot`): thumbnails of the
/// committed SampleImages, one per family kind, rendered by the same headless Chromium as the
/// other browser tests and written where `WIDGET_THUMBS_SCREENSHOT` says.
@Suite(.enabled(if: Chromium.shouldRun, Chromium.skipMessage))
struct PreviewScreenshot {
    static let target = ProcessInfo.processInfo.environment["WIDGET_THUMBS_SCREENSHOT"]
    static let window = (width: 1180, height: 1350)

    @Test(.enabled(if: target != nil, "skipped: set WIDGET_THUMBS_SCREENSHOT to a path (make preview-screenshot) to write the README's screenshot"))
    func readmeScreenshot() throws {
        let path = try #require(Self.target)
        let samples = Corpus.packageRoot.appendingPathComponent("SampleImages").path
        let outputs: [(String, WidgetFamily)] = [("photo.jpg", .systemSmall), ("progressive.jpg", .accessoryRectangular),
                                                 ("alpha-logo.png", .accessoryCircular)]
        var items: [BatchItemReport] = []
        var images: [Int: PreviewImage] = [:]
        var summary = BatchSummary(jobs: 1, shard: nil)
        for (index, (name, family)) in outputs.enumerated() {
            var options = ThumbnailOptions(family: family)
            options.fit = .cover
            let source = samples + "/" + name
            let thumbnail = try ThumbnailPipeline(options: options).thumbnail(.path(source))
            let sourceBytes = try #require(try FileManager.default.attributesOfItem(atPath: source)[.size] as? Int)
            let item = BatchItemReport.made("SampleImages/" + name, output: "out/" + name, sourceBytes: sourceBytes,
                                            thumbnail: thumbnail, timings: .init(decode: 0, resample: 0, encode: 0, write: 0, total: 0),
                                            withRenderCost: true)
            items.append(item)
            images[index] = .embedded(thumbnail.bytes, format: thumbnail.format)
            summary.add(item)
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let page = directory.file("preview.html")
        try PreviewPage.html(items: items, images: images, summary: summary,
                             device: try #require(PreviewDevice.newestPhone(in: .builtIn)))
            .write(toFile: page, atomically: true, encoding: .utf8)
        let shot = try Chromium.screenshot(of: page, width: Self.window.width, height: Self.window.height, in: directory)
        let png = try PalettePNG.encode(shot.image)
        try Data(png).write(to: URL(fileURLWithPath: path))
        print("preview: wrote \(path), \(png.count) bytes (\(shot.png.count) as Chromium wrote it)")
        #expect(png.count < 200_000, "the README's screenshot is \(png.count) bytes")
    }
}
