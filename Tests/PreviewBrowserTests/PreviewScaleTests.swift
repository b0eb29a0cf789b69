import Foundation
import Testing
import WidgetThumbnails
@testable import WidgetThumbsBatch
import TestSupport

/// A page of 1,000 thumbnails (the generator's, `PreviewPage.html`, over 1,000 distinct
/// small JPEGs) is screenshotted by headless Chromium within `bound` seconds, start to exit,
/// and what it shows of the first card is right. Every card is laid out (the page renders
/// whole in a full-page screenshot or a printout: PreviewFullPageTests), but only what is shown
/// is painted and its images decoded.
@Suite(.serialized, .enabled(if: Chromium.shouldRun, Chromium.skipMessage))
struct PreviewScaleTests {
    static let count = 1_000
    /// Seconds from starting Chromium to its exit with the screenshot written, on a loaded
    /// 2-core CI machine running the other suites at the same time (about 2 s here; the README's
    /// "The preview page" section has the figures).
    static let bound = 30.0
    static let window = (width: 1400, height: 1000)

    /// A distinct picture per index: four vertical bands whose colours move with `index`.
    static func picture(_ index: Int, width: Int = 160, height: Int = 120) -> RGBAImage {
        var row = [UInt8]()
        row.reserveCapacity(width * 4)
        for x in 0..<width {
            let band = x * 4 / width
            row += [UInt8((index * 7 + band * 64) & 0xFF), UInt8((index * 13 + band * 40) & 0xFF), UInt8((index * 29 + band * 90) & 0xFF), 255]
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(row.count * height)
        for _ in 0..<height { pixels.append(contentsOf: row) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func aThousandThumbnailPageRendersWithinTheBound() throws {
        let clock = ContinuousClock.now
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let families: [WidgetFamily?] = [nil, .systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular]
        var items: [BatchItemReport] = []
        var thumbnails: [Int: [UInt8]] = [:]
        var summary = BatchSummary(jobs: 1, shard: nil)
        for index in 0..<Self.count {
            let image = Self.picture(index)
            let bytes = try ImageEncoder.encode(image, format: .jpeg, quality: 80)
            var item = BatchItemReport(input: "photos/\(index).jpg", status: .ok)
            item.family = families[index % families.count]
            item.width = image.width
            item.height = image.height
            item.bytes = bytes.count
            item.format = .jpeg
            item.appearance = RenderAppearance(measuring: image, storesAlpha: false, family: item.family)
            items.append(item)
            thumbnails[index] = bytes
            summary.add(item)
        }
        let device = try #require(PreviewDevice.newestPhone(in: .builtIn))
        let html = PreviewPage.html(items: items, images: thumbnails.mapValues { PreviewImage.embedded($0, format: .jpeg) },
                                    summary: summary, device: device)
        let page = directory.file("thousand.html")
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        #expect(html.components(separatedBy: "<article ").count == Self.count + 1)

        print("preview: made the page in \(ContinuousClock.now - clock)")
        let small = directory.file("one.html")
        try PreviewPage.html(items: [items[0]], images: [0: .embedded(thumbnails[0] ?? [], format: .jpeg)], summary: summary,
                             device: device)
            .write(toFile: small, atomically: true, encoding: .utf8)
        let baseline = try Chromium.screenshot(of: small, width: Self.window.width, height: Self.window.height, in: directory)

        let shot = try Chromium.screenshot(of: page, width: Self.window.width, height: Self.window.height, in: directory)
        print("preview: \(Self.count) thumbnails, page \(html.utf8.count) bytes: screenshot in "
              + "\(String(format: "%.2f", shot.seconds)) s (a one-card page: \(String(format: "%.2f", baseline.seconds)) s)")
        #expect(shot.seconds < Self.bound, "\(Self.count) thumbnails took \(shot.seconds) s, over \(Self.bound) s")

        // What was shown is the page, not a blank: the first card's frames as the modes draw them.
        let frames = try FrameLocator.frames(in: page, selector: ".card:first-child .frame", width: Self.window.width,
                                             height: Self.window.height, directory: directory)
        #expect(frames.count == 8)
        print("preview: located the frames by \(ContinuousClock.now - clock)")
        let first = try ImageDecoder.decode(try #require(thumbnails[0])).image
        let model = RenderModel(image: first, colours: try PageColours(page: html))
        for box in frames {
            let samples = try FrameCheck.samples(box, screenshot: shot.image, model: model, shape: .rounded(radius: 21.6))
            let wrong = samples.mismatches(tolerance: 4)
            #expect(samples.points.count > 100 && wrong.isEmpty, "\(box): \(wrong.count) of \(samples.points.count) off")
        }
    }
}
