import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// The default budget on real inputs: every default thumbnail is at most 300,000 bytes, its
/// long side within 300-500 px (or the source's own size when that is smaller), and upright.
@Suite struct ThumbnailBudgetTests {
    static let sampleNames: [String] = {
        let folder = Corpus.packageRoot.appendingPathComponent("SampleImages").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in [".jpg", ".png", ".webp"].contains { name.hasSuffix($0) } }.sorted()
    }()

    static func checkBudget(_ thumbnail: Thumbnail, name: String) throws {
        #expect(thumbnail.bytes.count <= 300_000, "\(name): \(thumbnail.bytes.count) bytes")
        let longSide = max(thumbnail.size.width, thumbnail.size.height)
        let sourceLongSide = max(thumbnail.source.size.width, thumbnail.source.size.height)
        if sourceLongSide >= 300 {
            #expect((300...500).contains(longSide), "\(name): long side \(longSide)")
        } else {
            #expect(thumbnail.size == thumbnail.source.orientedSize, "\(name): \(thumbnail.size)")
        }
        // Decodes again, upright, at the size reported.
        let decoded = try ImageDecoder.decode(thumbnail.bytes, file: name)
        #expect(decoded.image.size == thumbnail.size)
        #expect(decoded.info.orientation == .up)
        #expect(thumbnail.size == ShrinkOnLoad.outputSize(stored: thumbnail.source.orientedSize, orientation: .up,
                                                           box: PixelSize(width: 500, height: 500)))
    }

    @Test(arguments: sampleNames)
    func sampleImagesFitTheBudget(name: String) throws {
        let path = Corpus.packageRoot.appendingPathComponent("SampleImages/\(name)").path
        try Self.checkBudget(try ThumbnailPipeline().thumbnail(.path(path)), name: name)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func cameraPhotosFitTheBudget() throws {
        for name in try Corpus.files(in: "photos", withExtension: "jpg") {
            let thumbnail = try ThumbnailPipeline().thumbnail(.path(Corpus.url("photos/\(name)").path))
            try Self.checkBudget(thumbnail, name: name)
            #expect(thumbnail.format == .jpeg)
            #expect(thumbnail.encodeCount == 1, "\(name): the common case is one encode")
        }
    }

    /// Each EXIF orientation sample, thumbnailed, looks like the untagged `_0` thumbnail.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: ["Landscape", "Portrait"])
    func orientationSamplesComeOutUpright(set: String) throws {
        let pipeline = ThumbnailPipeline()
        let reference = try ImageDecoder.decode(
            pipeline.thumbnail(.path(Corpus.url("exif-orientation/\(set)_0.jpg").path)).bytes).image
        for index in 1...8 {
            let thumbnail = try pipeline.thumbnail(.path(Corpus.url("exif-orientation/\(set)_\(index).jpg").path))
            try Self.checkBudget(thumbnail, name: "\(set)_\(index)")
            let image = try ImageDecoder.decode(thumbnail.bytes).image
            try #require(image.size == reference.size, "\(set)_\(index): \(image.size) vs \(reference.size)")
            let difference = zip(image.pixels, reference.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            let mean = Double(difference) / Double(image.pixels.count)
            #expect(mean <= 4, "\(set)_\(index): mean difference \(mean) from \(set)_0")
        }
    }
}
