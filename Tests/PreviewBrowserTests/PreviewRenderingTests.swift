import Foundation
import Testing
import WidgetThumbnails
import TestSupport

/// The preview page (`batch --preview`) rendered by headless Chromium, checked pixel by
/// pixel against the modes as the README's appearance section describes them (RenderModel), with the wallpaper,
/// widget and tint colours read from the page. Frames are located by a harness copy of the page
/// (FrameLocator); their sizes come from the catalogue, their corners from the one published
/// radius, 21.6 pt.
@Suite(.serialized, .enabled(if: Chromium.shouldRun, Chromium.skipMessage))
struct PreviewRenderingTests {
    static let window = (width: 1400, height: 2000)
    /// Screenshot channels may differ from the model by this much: 8-bit alpha and the
    /// browser's own JPEG/WebP decoders.
    static let tolerance = 4.0

    /// The newest current iPhone row by the README's rule (highest OS, then largest screen,
    /// then scale), worked out here from the catalogue data.
    static var newestPhone: DeviceClass? {
        func area(_ row: DeviceClass) -> Double { (row.screen?.width ?? 0) * (row.screen?.height ?? 0) }
        return WidgetCatalog.builtIn.devices.filter { $0.platform == .iOS && $0.droppedBy == nil }
            .sorted { ($0.osVersions.max() ?? 0, area($0), $0.scale) > ($1.osVersions.max() ?? 0, area($1), $1.scale) }.first
    }

    struct Rendered {
        var frames: [FrameBox]
        var screenshot: RGBAImage
        var colours: PageColours
        var thumbnails: [String: RGBAImage]
    }

    /// Thumbnails `images` with `options` through the CLI, then locates and screenshots the page.
    static func render(_ images: [(String, RGBAImage, StoredFormat)], options: [String] = [],
                       directory: TemporaryDirectory) throws -> Rendered {
        var inputs: [String] = []
        for (name, image, format) in images {
            inputs.append(try directory.write(name, try ImageEncoder.encode(image, format: format, quality: 95)))
        }
        let page = directory.file("preview.html")
        let thumbnails = try WidgetThumbsCLI.batch(inputs, options: options, page: page, in: directory)
        let frames = try FrameLocator.frames(in: page, width: window.width, height: window.height, directory: directory)
        let shot = try Chromium.screenshot(of: page, width: window.width, height: window.height, in: directory)
        return Rendered(frames: frames, screenshot: shot.image, colours: try PageColours(page: String(contentsOfFile: page, encoding: .utf8)),
                        thumbnails: thumbnails)
    }

    /// By reference (each frame an `<img>` of the file in `--out`) and embedded
    /// (`--preview-embed`: each frame paints the card's `data:` image): the same pixels.
    @Test(arguments: [false, true])
    func fullColourAndAccentedFramesShowTheThumbnailAsTheModesDo(embed: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rendered = try Self.render([("greys.png", TestImages.greys, .png)], options: embed ? ["--preview-embed"] : [],
                                       directory: directory)
        let html = try String(contentsOfFile: directory.file("preview.html"), encoding: .utf8)
        #expect(html.contains("<img class=\"art\" src=\"out-") == !embed && html.contains("url(data:image/") == embed)
        let thumbnail = try #require(rendered.thumbnails.values.first)
        let model = RenderModel(image: thumbnail, colours: rendered.colours)
        let device = try #require(Self.newestPhone)

        // No family: the small and medium frames, in light and dark full colour and accented.
        let frames = rendered.frames
        #expect(Set(frames.map(\.family)) == ["systemSmall", "systemMedium"])
        #expect(Set(frames.map(\.scene)) == ["light", "dark", "tinted-light", "tinted-dark"])
        #expect(frames.count == 8 && !frames.contains { $0.mode == "vibrant" })

        var blackInAccented = 0, whiteInAccented = 0, blackInFull = 0
        for box in frames {
            // The slot's size in points on the device: pixels / scale.
            let family = try #require(WidgetFamily(rawValue: box.family))
            let slot = try #require(device.slots(for: family).first)
            #expect(abs(box.width - Double(slot.pixels.width) / Double(device.scale)) < 0.02, "\(box)")
            #expect(abs(box.height - Double(slot.pixels.height) / Double(device.scale)) < 0.02, "\(box)")

            let samples = try FrameCheck.samples(box, screenshot: rendered.screenshot, model: model, shape: .rounded(radius: 21.6))
            #expect(samples.points.count > 100, "\(box): only \(samples.points.count) samples")
            let wrong = samples.mismatches(tolerance: Self.tolerance)
            #expect(wrong.count == 0, "\(box): \(wrong.count) of \(samples.points.count) off, e.g. \(wrong.prefix(3))")
            // Filled (cover): in the square frame the red and blue ends are cropped away.
            let colours = Set(samples.points.map { $0.thumbnail.colour.description })
            #expect(colours.count == (family == .systemSmall ? 3 : 5), "\(box): \(colours)")

            // The example: black is the wallpaper when accented, black in full colour;
            // white is the tint.
            let wall = try #require(rendered.colours.walls[box.scene])
            var off: [String] = []
            for point in samples.points where point.thumbnail.luma < 0.01 {
                let shown = box.mode == "accented" ? wall : Colour(0, 0, 0)
                if point.actual.distance(to: shown) > Self.tolerance { off.append("black shows \(point.actual), not \(shown)") }
                if box.mode == "accented" { blackInAccented += 1 } else { blackInFull += 1 }
            }
            if box.mode == "accented", let tint = rendered.colours.tints[box.scene] {
                for point in samples.points where point.thumbnail.luma > 0.99 {
                    if point.actual.distance(to: tint) > Self.tolerance { off.append("white shows \(point.actual), not \(tint)") }
                    whiteInAccented += 1
                }
            }
            #expect(off.isEmpty, "\(box): \(off.count) off, e.g. \(off.prefix(3))")

            // Rounded by 21.6 pt: the corners show the wallpaper, just inside them the picture.
            let shape = try FrameCheck.shapeErrors(box, screenshot: rendered.screenshot, model: model,
                                                   shape: .rounded(radius: 21.6), wall: wall)
            #expect(shape.decided > 40 && shape.errors.isEmpty, "\(box): \(shape.decided) decided, \(shape.errors.prefix(4))")
        }
        #expect(blackInAccented > 0 && whiteInAccented > 0 && blackInFull > 0)
    }

    /// The page embedded `data:image/heic`, which Chromium cannot show, so
    /// every frame of a HEIC thumbnail was an empty slab. Now each frame shows a rendition of
    /// the decoded HEIC, labelled as such: the screenshot matches the HEIC's own pixels.
    @Test func heicThumbnailsAreShownInTheirFramesClass12() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rendered = try Self.render([("colourful.png", TestImages.colourful, .png)], options: ["--format", "heic"],
                                       directory: directory)
        let thumbnail = try #require(rendered.thumbnails.values.first)
        let model = RenderModel(image: thumbnail, colours: rendered.colours)
        #expect(rendered.frames.count == 8)
        for box in rendered.frames {
            let samples = try FrameCheck.samples(box, screenshot: rendered.screenshot, model: model, shape: .rounded(radius: 21.6))
            #expect(samples.points.count > 100, "\(box): only \(samples.points.count) samples")
            // The bands are flat: a rendition re-encoded from the decoded HEIC keeps them within a few levels.
            let wrong = samples.mismatches(tolerance: 12)
            #expect(wrong.count == 0, "\(box): \(wrong.count) of \(samples.points.count) off, e.g. \(wrong.prefix(3))")
            // Five bands of distinct colours: the frame is not one flat slab.
            let colours = Set(samples.points.map { $0.thumbnail.colour.description })
            #expect(colours.count >= 3, "\(box): \(colours)")
        }
        let html = try String(contentsOfFile: directory.file("preview.html"), encoding: .utf8)
        #expect(!html.contains("data:image/heic"))
        #expect(html.contains("re-encoded from the decoded HEIC"))
    }

    @Test func vibrantFramesAreGreyOverTheLockScreenAndOpaqueImagesAreSlabs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rendered = try Self.render([("colourful.jpg", TestImages.colourful, .jpeg), ("half-clear.png", TestImages.halfClear, .png)],
                                       options: ["--family", "accessoryCircular"], directory: directory)
        let vibrant = rendered.frames.filter { $0.mode == "vibrant" }
        #expect(vibrant.count == 2 && vibrant.allSatisfy { $0.scene == "lock-screen" && $0.family == "accessoryCircular" })
        #expect(rendered.frames.count == 10)
        let wall = try #require(rendered.colours.walls["lock-screen"])
        for box in rendered.frames {
            let input = try #require(rendered.thumbnails.keys.first { $0.hasSuffix(box.input.split(separator: "/").last.map(String.init) ?? "-") })
            let model = RenderModel(image: try #require(rendered.thumbnails[input]), colours: rendered.colours)
            #expect(abs(box.width - box.height) < 0.01)
            let samples = try FrameCheck.samples(box, screenshot: rendered.screenshot, model: model, shape: .circle, step: 2)
            #expect(samples.points.count > 30, "\(box): only \(samples.points.count) samples")
            let wrong = samples.mismatches(tolerance: Self.tolerance)
            #expect(wrong.count == 0, "\(box): \(wrong.count) of \(samples.points.count) off, e.g. \(wrong.prefix(3))")
            let frameWall = try #require(rendered.colours.walls[box.scene])
            let shape = try FrameCheck.shapeErrors(box, screenshot: rendered.screenshot, model: model, shape: .circle, wall: frameWall)
            #expect(shape.errors.isEmpty, "\(box): not a circle: \(shape.errors.prefix(4))")
            guard box.mode == "vibrant" else { continue }

            var off: [String] = []
            if input.hasSuffix("colourful.jpg") {
                // A slab: every sample grey, none the wallpaper.
                #expect(shape.decided > 20)
                for point in samples.points {
                    let grey = point.actual
                    let isGrey = abs(grey.red - grey.green) <= 2 && abs(grey.green - grey.blue) <= 2
                    if !isGrey || grey.distance(to: wall) <= 30 { off.append("\(grey) is not a grey apart from the wallpaper") }
                }
            } else {
                // The transparent half is the Lock Screen's wallpaper, the orange half grey.
                let clear = samples.points.filter { $0.thumbnail.alpha == 0 }
                let opaque = samples.points.filter { $0.thumbnail.alpha == 1 }
                #expect(!clear.isEmpty && !opaque.isEmpty)
                for point in clear where point.actual.distance(to: wall) > Self.tolerance {
                    off.append("transparent shows \(point.actual), not \(wall)")
                }
                for point in opaque where abs(point.actual.red - point.actual.blue) > 2 || point.actual.distance(to: wall) <= 30 {
                    off.append("opaque shows \(point.actual)")
                }
            }
            #expect(off.isEmpty, "\(box): \(off.count) off, e.g. \(off.prefix(3))")
        }
    }
}
