import Foundation
import Testing
import TestSupport
import WidgetThumbnails

/// The whole preview page in one screenshot, as DevTools and Puppeteer's `fullPage` take it
/// (DevToolsPipe), and as print media lays it out: every card's frames show their thumbnail,
/// down to the last card. The cards were `content-visibility: auto` and the images
/// `loading="lazy"`, and every card below the window came out an empty white box.
@Suite(.serialized, .enabled(if: Chromium.shouldRun, Chromium.skipMessage))
struct PreviewFullPageTests {
    static let window = (width: 1400, height: 1000)

    @Test(arguments: ["screen", "print"])
    func theLastCardsFramesShowTheirThumbnail(media: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Eleven cards of colour bands, then the greys: far more than the window holds.
        var inputs: [String] = []
        for index in 1...11 {
            inputs.append(try directory.write("a\(index < 10 ? "0" : "")\(index).png",
                                              try ImageEncoder.encode(TestImages.colourful, format: .png, quality: 95)))
        }
        inputs.append(try directory.write("z-greys.png", try ImageEncoder.encode(TestImages.greys, format: .png, quality: 95)))
        let page = directory.file("preview.html")
        let thumbnails = try WidgetThumbsCLI.batch(inputs, page: page, in: directory)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let colours = try PageColours(page: html)
        let frames = try FrameLocator.frames(in: page, width: Self.window.width, height: Self.window.height, directory: directory)
        let shot = try DevToolsPipe.fullPageScreenshot(of: page, width: Self.window.width, height: Self.window.height,
                                                       media: media, in: directory)
        let bottom = try #require(frames.map { $0.y + $0.height }.max())
        #expect(Double(shot.height) >= bottom && bottom > Double(Self.window.height) * 4,
                "the page is \(shot.height) px, its last frame ends at \(bottom)")

        let last = frames.filter { $0.input.hasSuffix("z-greys.png") }
        let first = frames.filter { $0.input.hasSuffix("a01.png") }
        #expect(last.count == 8 && first.count == 8)
        #expect(last.allSatisfy { $0.y > Double(Self.window.height) * 4 }, "the greys' card is not far below the window")
        for box in first + last {
            let input = try #require(thumbnails.keys.first { $0.hasSuffix(box.input.split(separator: "/").last.map(String.init) ?? "-") })
            let model = RenderModel(image: try #require(thumbnails[input]), colours: colours)
            let samples = try FrameCheck.samples(box, screenshot: shot, model: model, shape: .rounded(radius: 21.6))
            #expect(samples.points.count > 100, "\(media): \(box): only \(samples.points.count) samples")
            let wrong = samples.mismatches(tolerance: PreviewRenderingTests.tolerance)
            #expect(wrong.count == 0, "\(media): \(box): \(wrong.count) of \(samples.points.count) off, e.g. \(wrong.prefix(3))")
        }
    }
}
