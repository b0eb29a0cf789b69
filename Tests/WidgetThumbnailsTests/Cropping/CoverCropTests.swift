import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// Cover crops: the window arithmetic, its mapping between upright and stored pixels, and
/// the pipeline's output shape, caps and decodes.
@Suite struct CoverCropTests {
    /// Every pixel different, so a crop that is off by one pixel shows.
    static func numbered(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<(width * height) {
            pixels[index * 4] = UInt8(index & 0xFF)
            pixels[index * 4 + 1] = UInt8((index >> 8) & 0xFF)
            pixels[index * 4 + 2] = UInt8((index >> 16) & 0xFF)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: EXIFOrientation.allCases)
    func aStoredRectShowsTheUprightRectAfterOrienting(orientation: EXIFOrientation) {
        let stored = Self.numbered(width: 13, height: 7)
        let upright = stored.oriented(orientation)
        for rect in [PixelRect(x: 0, y: 0, size: PixelSize(width: 2, height: 3)),
                     PixelRect(x: 1, y: 2, size: PixelSize(width: 3, height: 1)),
                     PixelRect(x: upright.width - 4, y: upright.height - 2, size: PixelSize(width: 4, height: 2))] {
            let inStored = CoverCrop.storedRect(rect, stored: stored.size, orientation: orientation)
            #expect(stored.cropped(to: inStored).oriented(orientation) == upright.cropped(to: rect), "\(orientation) \(rect)")
            #expect(CoverCrop.uprightRect(inStored, stored: stored.size, orientation: orientation) == rect)
        }
    }

    @Test func theWindowHasTheShapeAndNeverOverhangs() {
        for (source, shape) in [(PixelSize(width: 4000, height: 3000), PixelSize(width: 1134, height: 530)),
                                (PixelSize(width: 3000, height: 4000), PixelSize(width: 1134, height: 530)),
                                (PixelSize(width: 800, height: 600), PixelSize(width: 693, height: 1122)),
                                (PixelSize(width: 1, height: 500), PixelSize(width: 100, height: 100))] {
            let window = CoverCrop.windowSize(source: source, shape: shape)
            #expect(window.width <= source.width && window.height <= source.height)
            #expect(window.width == source.width || window.height == source.height, "the largest window touches two sides")
            // Within a pixel of the shape: the other side rounded.
            let expectedHeight = Double(window.width) * Double(shape.height) / Double(shape.width)
            #expect(abs(Double(window.height) - expectedHeight) <= 1 || window.width == 1, "\(source) \(shape) \(window)")
        }
    }

    @Test func aFocusNearAnEdgeKeepsTheWindowInside() {
        let source = PixelSize(width: 1000, height: 500)
        let window = PixelSize(width: 500, height: 500)
        #expect(CoverCrop.origin(of: window, in: source, centredAt: (0, 0)) == (0, 0))
        #expect(CoverCrop.origin(of: window, in: source, centredAt: (1, 1)) == (500, 0))
        #expect(CoverCrop.origin(of: window, in: source, centredAt: (0.5, 0.5)) == (250, 0))
        #expect(CoverCrop.origin(of: window, in: source, centredAt: (0.4, 0.5)) == (150, 0))
    }

    /// A grey picture with one red square whose centre is at (`x`, `y`) (fractions).
    static func marked(width: Int, height: Int, x: Double, y: Double, side: Int = 40) -> RGBAImage {
        var pixels = [UInt8](repeating: 128, count: width * height * 4)
        let cx = Int(x * Double(width)), cy = Int(y * Double(height))
        for row in 0..<height {
            for column in 0..<width {
                let index = (row * width + column) * 4
                pixels[index + 3] = 255
                if abs(row - cy) < side / 2, abs(column - cx) < side / 2 {
                    pixels[index] = 255
                    pixels[index + 1] = 0
                    pixels[index + 2] = 0
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Pixels clearly red.
    static func redPixels(_ image: RGBAImage) -> Int {
        stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0] > 200 && image.pixels[$0 + 1] < 60 && image.pixels[$0 + 2] < 60
        }.count
    }

    @Test func aFocusKeepsItsPointWhereACentreCropLosesIt() throws {
        let png = try ImageEncoder.encode(Self.marked(width: 1200, height: 600, x: 0.1, y: 0.5), format: .png, quality: 100)
        let square = PixelSize(width: 300, height: 300)
        let centre = try ThumbnailPipeline(options: {
            var options = ThumbnailOptions(box: square, format: .png)
            options.fit = .cover
            return options
        }()).thumbnail(.bytes(png))
        let focused = try ThumbnailPipeline(options: {
            var options = ThumbnailOptions(box: square, format: .png)
            options.fit = .cover
            options.crop = .focus(x: 0.1, y: 0.5)
            return options
        }()).thumbnail(.bytes(png))
        #expect(centre.size == square && focused.size == square)
        #expect(Self.redPixels(try ImageDecoder.decode(centre.bytes).image) == 0)
        #expect(Self.redPixels(try ImageDecoder.decode(focused.bytes).image) > 50)
        #expect(focused.crop == PixelRect(x: 0, y: 0, size: PixelSize(width: 600, height: 600)))
        #expect(centre.crop == PixelRect(x: 300, y: 0, size: PixelSize(width: 600, height: 600)))
    }

    @Test func aCoverCropNeverUpscales() throws {
        let png = try ImageEncoder.encode(Self.numbered(width: 120, height: 90), format: .png, quality: 100)
        var options = ThumbnailOptions(box: PixelSize(width: 500, height: 500), format: .png)
        options.fit = .cover
        let thumbnail = try ThumbnailPipeline(options: options).thumbnail(.bytes(png))
        #expect(thumbnail.size == PixelSize(width: 90, height: 90))
    }

    /// The slot shapes and caps, read from the built-in catalogue for the test's own check.
    static func slots(_ family: WidgetFamily, _ devices: [DeviceClass]) -> [DeviceClass.Slot] {
        devices.flatMap { $0.slots(for: family) }
    }

    @Test(arguments: WidgetFamily.allCases)
    func aFamilyCoverHasTheLargestSlotsShapeUnderEveryCap(family: WidgetFamily) throws {
        let devices = WidgetCatalog.builtIn.currentDevices
        // By default a family with logged caps is sized by those slots alone (an assumed cap,
        // visionOS's or a Lock Screen accessory's, never shrinks it); otherwise by all of them.
        let all = Self.slots(family, devices)
        let logged = all.filter { $0.capBasis == .logged }
        let slots = logged.isEmpty ? all : logged
        let largest = try #require(slots.max(by: { ($0.pixels.area, $0.pixels.width) < ($1.pixels.area, $1.pixels.width) }))
        let jpeg = try ImageEncoder.encode(Self.numbered(width: 1800, height: 1200), format: .jpeg, quality: 85)
        var options = ThumbnailOptions(family: family)
        options.fit = .cover
        let thumbnail = try ThumbnailPipeline(options: options).thumbnail(.bytes(jpeg))
        let size = thumbnail.size
        // The short side within a pixel of what the long side and the slot's shape give.
        let slot = largest.pixels
        let offShape = slot.width >= slot.height
            ? abs(Double(size.height) - Double(size.width) * Double(slot.height) / Double(slot.width))
            : abs(Double(size.width) - Double(size.height) * Double(slot.width) / Double(slot.height))
        #expect(offShape <= 1, "\(family): \(size) against \(slot)")
        #expect(slots.allSatisfy { size.area <= $0.capPixels }, "\(family): \(size) over a cap")
        #expect(thumbnail.family == family)
    }

    @Test func severalFamiliesComeFromOneDecode() throws {
        let jpeg = try ImageEncoder.encode(Self.numbered(width: 1200, height: 800), format: .jpeg, quality: 85)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cover-\(UUID().uuidString).jpg").path
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = ThumbnailOptions()
        options.fit = .cover
        let families = WidgetFamily.allCases
        let trace = DecodeTrace()
        let thumbnails = try DecodeTrace.$current.withValue(trace) {
            try ThumbnailPipeline(options: options).thumbnails(.path(path), families: families)
        }.map { try $0.get() }
        #expect(thumbnails.map(\.family) == families)
        #expect(trace.count(.jpegMarkerWalk) == 1)
        #expect(trace.count(.libjpegOpen) == 1, "one decode for \(families.count) families")
        // Each is its family's own call's picture (that one may decode at a smaller scale).
        for (family, thumbnail) in zip(families, thumbnails) {
            var single = options
            single.family = family
            let alone = try ThumbnailPipeline(options: single).thumbnail(.path(path))
            #expect(alone.size == thumbnail.size, "\(family)")
            // The windows agree to the pixels of the coarser decode (JPEG scales at most 8x).
            if let a = alone.crop, let b = thumbnail.crop {
                #expect(abs(a.x - b.x) <= 8 && abs(a.y - b.y) <= 8 && abs(a.size.width - b.size.width) <= 8
                        && abs(a.size.height - b.size.height) <= 8, "\(family): \(a) against \(b)")
            } else {
                Issue.record("\(family): a cover thumbnail without its crop window")
            }
        }
    }

    @Test func oneFamilysFailureIsItsOwnAndNamesTheFamily() throws {
        let noise = SyntheticImage.byteNoise(width: 900, height: 600, seed: 22)
        let png = try ImageEncoder.encode(noise, format: .png, quality: 100)
        // 40 kB holds a 100 px circle of noise but no 692 px large square, even at 300 px.
        let options = ThumbnailOptions(fit: .cover, format: .png, budget: ByteBudget(cap: 40_000))
        let results = try ThumbnailPipeline(options: options).thumbnails(.bytes(png), families: [.accessoryCircular, .systemLarge],
                                                                         file: "noise.png")
        #expect(results.count == 2)
        #expect((try? results[0].get())?.family == .accessoryCircular)
        guard case .failure(let error) = results[1] else {
            Issue.record("systemLarge fitted 40 kB of noise")
            return
        }
        #expect(error.code == .budgetUnreachable && error.reason.hasPrefix("systemLarge: ") && error.file == "noise.png", "\(error)")
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func everyOrientationOfAPhotoCropsToTheSamePicture() throws {
        var options = ThumbnailOptions(family: .systemMedium, format: .png)
        options.fit = .cover
        options.crop = .focus(x: 0.3, y: 0.6)
        var pictures: [RGBAImage] = []
        for index in 1...8 {
            let thumbnail = try ThumbnailPipeline(options: options).thumbnail(.path(Corpus.path("exif-orientation/Landscape_\(index).jpg")))
            pictures.append(try ImageDecoder.decode(thumbnail.bytes).image)
        }
        let reference = pictures[0]
        for (index, picture) in pictures.enumerated() {
            #expect(picture.size == reference.size, "orientation \(index + 1)")
            guard picture.size == reference.size else { continue }
            let difference = zip(picture.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)
            let mean = Double(difference) / Double(picture.pixels.count)
            print("orientation \(index + 1): mean difference \(mean) levels from orientation 1")
            #expect(mean < 2, "orientation \(index + 1) crops another part of the picture")
        }
    }
}
