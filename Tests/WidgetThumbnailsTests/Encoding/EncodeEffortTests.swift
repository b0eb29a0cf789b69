import Foundation
import Testing
import TestSupport
@testable import WidgetThumbnails

@Suite struct EncodeEffortTests {
    /// The 512x512 sample photo, decoded: real texture, where the settings differ.
    static func photo() throws -> RGBAImage {
        try ImageDecoder.decodeFile(atPath: Corpus.packageRoot.appendingPathComponent("SampleImages/photo.jpg").path).image
    }

    @Test(arguments: [-1, 7, 100])
    func refusesLevelsOutside0To6(level: Int) {
        #expect(throws: ImageError(.invalidArgument, "encoder effort \(level) is outside 0...6")) {
            try EncodeEffort(level)
        }
    }

    @Test func theDefaultIs4() throws {
        #expect(EncodeEffort.standard == (try EncodeEffort(4)))
        #expect(ThumbnailOptions().effort.level == 4)
        #expect(BudgetedEncoder(format: .webp).effort.level == 4)
    }

    @Test func jpegOptimisedTablesKeepThePixelsAndSaveBytes() throws {
        let image = try Self.photo()
        let standard = try ImageEncoder.encode(image, format: .jpeg, quality: 80, effort: .fastest)
        let optimised = try ImageEncoder.encode(image, format: .jpeg, quality: 80, effort: .standard)
        #expect(optimised.count < standard.count * 99 / 100, "\(optimised.count) vs \(standard.count)")
        // Huffman tables are lossless: the same coefficients, so the same decoded pixels.
        #expect(try ImageDecoder.decode(optimised).image.pixels == (try ImageDecoder.decode(standard).image.pixels))
    }

    @Test(arguments: 0...6)
    func jpegIsHuffmanCodedBaselineUpTo4AndProgressiveAbove(level: Int) throws {
        let jpeg = try ImageEncoder.encode(SyntheticImage.gradient(width: 64, height: 48), format: .jpeg, quality: 80,
                                           effort: try EncodeEffort(level))
        let markers: [UInt8] = try #require(JPEGSegments.read(jpeg)).map(\.marker)
        let notFrames: Set<UInt8> = [0xC4, 0xC8, 0xCC]  // DHT, JPG, DAC share the SOFn range
        let frames = markers.filter { (0xC0...0xCF).contains($0) && !notFrames.contains($0) }
        // SOF0 baseline, SOF2 progressive; never SOF9-SOF15 (arithmetic coding, which iOS
        // and browsers do not decode).
        let expected: UInt8 = level <= 4 ? 0xC0 : 0xC2
        #expect(frames == [expected])
    }

    @Test func webpMethod4NeedsFewerBytesThanMethod1ForThePhoto() throws {
        let image = try Self.photo()
        let method1 = try ImageEncoder.encode(image, format: .webp, quality: 75, effort: try EncodeEffort(1))
        let method4 = try ImageEncoder.encode(image, format: .webp, quality: 75, effort: .standard)
        #expect(method4.count < method1.count * 95 / 100, "\(method4.count) vs \(method1.count)")
        #expect(try ImageDecoder.decode(method4).image.size == image.size)
    }

    @Test func thePipelineReportsTheEffortExceptForPNG() throws {
        let path = Corpus.packageRoot.appendingPathComponent("SampleImages/photo.jpg").path
        let webp = try ThumbnailPipeline(options: ThumbnailOptions(format: .webp, effort: try EncodeEffort(2)))
            .thumbnail(.path(path))
        #expect(webp.effort?.level == 2)
        #expect(try ThumbnailPipeline(options: ThumbnailOptions(format: .png)).thumbnail(.path(path)).effort == nil)
    }
}
