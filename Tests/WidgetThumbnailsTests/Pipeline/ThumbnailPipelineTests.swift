import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// The whole pipeline on inputs made here or committed in SampleImages/: sizes, formats,
/// alpha edges, budgets. Outputs are decoded again with our decoders to check pixels.
@Suite struct ThumbnailPipelineTests {
    static let samples = Corpus.packageRoot.appendingPathComponent("SampleImages")

    /// White 6 px lines every 40 px on a fully transparent black background.
    static func whiteLines(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where x % 40 < 6 || y % 40 < 6 {
                let index = (y * width + x) * 4
                pixels[index..<index + 4] = [255, 255, 255, 255]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func whiteLinesOnTransparencyStayWhite() throws {
        let source = try ImageEncoder.encode(Self.whiteLines(width: 1850, height: 1110), format: .png, quality: 0)
        let thumbnail = try ThumbnailPipeline().thumbnail(.bytes(source), file: "lines.png")
        #expect(thumbnail.format == .webp, "auto picks WebP for alpha")
        #expect(thumbnail.size == PixelSize(width: 500, height: 300))
        let decoded = try ImageDecoder.decode(thumbnail.bytes).image
        var sum = 0.0, count = 0.0, partial = 0
        for index in stride(from: 0, to: decoded.pixels.count, by: 4) where decoded.pixels[index + 3] > 0 {
            sum += Double(decoded.pixels[index]) + Double(decoded.pixels[index + 1]) + Double(decoded.pixels[index + 2])
            count += 3
            if decoded.pixels[index + 3] < 255 { partial += 1 }
        }
        #expect(partial > 100, "the downscale must create partly transparent edge pixels to test")
        print("white lines: mean RGB of \(Int(count / 3)) visible pixels \(sum / count), \(partial) partly transparent")
        #expect(sum / count >= 248, "mean RGB of visible pixels is \(sum / count)")
    }

    @Test func aPanoramaKeepsItsAspectDownToOnePixelRows() throws {
        var pixels = [UInt8](repeating: 200, count: 9000 * 300 * 4)
        for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        let source = try ImageEncoder.encode(RGBAImage(width: 9000, height: 300, pixels: pixels), format: .jpeg, quality: 90)
        let thumbnail = try ThumbnailPipeline().thumbnail(.bytes(source))
        #expect(thumbnail.size == PixelSize(width: 500, height: 17))
        #expect(thumbnail.format == .jpeg)
    }

    @Test func aSmallSourceIsNeverUpscaled() throws {
        let source = try ImageEncoder.encode(Self.whiteLines(width: 120, height: 80), format: .png, quality: 0)
        let thumbnail = try ThumbnailPipeline().thumbnail(.bytes(source))
        #expect(thumbnail.size == PixelSize(width: 120, height: 80))
    }

    @Test func theBoxFollowsTheOrientation() throws {
        // orientation-6.jpg is stored 300x451 and shown 451x300.
        let thumbnail = try ThumbnailPipeline(options: ThumbnailOptions(box: PixelSize(width: 200, height: 200)))
            .thumbnail(.path(Self.samples.appendingPathComponent("orientation-6.jpg").path))
        #expect(thumbnail.size == PixelSize(width: 200, height: 133))
        #expect(thumbnail.source.orientation == .right)
        let decoded = try ImageDecoder.decode(thumbnail.bytes)
        #expect(decoded.info.orientation == .up, "the output carries no orientation tag")
        #expect(decoded.image.size == thumbnail.size)
    }

    @Test func aFamilySizesTheThumbnailUnderItsCap() throws {
        let path = Self.samples.appendingPathComponent("large-4000x3000.jpg").path
        let thumbnail = try ThumbnailPipeline(options: ThumbnailOptions(family: .systemMedium)).thumbnail(.path(path))
        let cost = try #require(thumbnail.renderCost.cost(for: .systemMedium))
        // Under every logged cap; over visionOS's assumed one only as a labelled risk.
        #expect(cost.failingDevices.isEmpty)
        #expect(cost.risks.allSatisfy { $0.capBasis == .assumed })
        #expect(thumbnail.size.width > 500, "medium slots are wider than the default box")
    }

    @Test func anImpossibleBudgetSaysSo() throws {
        let path = Self.samples.appendingPathComponent("large-4000x3000.jpg").path
        let options = ThumbnailOptions(budget: ByteBudget(cap: 2_000))
        #expect {
            try ThumbnailPipeline(options: options).thumbnail(.path(path))
        } throws: { error in
            let error = error as? ImageError
            return error?.code == .budgetUnreachable && error?.file == path
        }
    }

    @Test func aTightBudgetLowersQualityThenSize() throws {
        let path = Self.samples.appendingPathComponent("large-4000x3000.jpg").path
        let thumbnail = try ThumbnailPipeline(options: ThumbnailOptions(budget: ByteBudget(cap: 40_000)))
            .thumbnail(.path(path))
        #expect(thumbnail.bytes.count <= 40_000)
        #expect(thumbnail.encodeCount > 1)
        // The result is one of the encodes, and it fit (the search may end on an encode one
        // quality higher that was over).
        let chosen = EncodeAttempt(size: thumbnail.size, quality: thumbnail.quality, byteCount: thumbnail.bytes.count, fits: true)
        #expect(thumbnail.attempts.contains(chosen), "\(thumbnail.attempts)")
        #expect(max(thumbnail.size.width, thumbnail.size.height) >= 300)
    }

    @Test func theChecksumIsTheSHA256OfTheBytes() throws {
        let path = Self.samples.appendingPathComponent("photo.jpg").path
        let thumbnail = try ThumbnailPipeline().thumbnail(.path(path))
        #expect(thumbnail.checksum == SHA256Digest.of(thumbnail.bytes))
        #expect(thumbnail.checksum.description.hasPrefix("sha256:"))
        #expect(thumbnail.checksum.hex.count == 64)
    }
}
