import Testing
@testable import WidgetThumbnails

/// The WebP decoder on files made in the test: still (lossy, lossless, alpha), animated,
/// scaled, with metadata, truncated. Runs without the corpus.
@Suite struct WebPDecoderTests {
    typealias F = WebPFixtures

    /// Largest per-channel difference between two images of the same size.
    static func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * image.width + x) * 4
        return Array(image.pixels[start..<start + 4])
    }

    @Test func losslessWithAlphaRoundTripsExactly() throws {
        // Alpha 1...255 everywhere: lossless keeps colour exactly where alpha is not zero.
        let source = F.pattern(37, 23) { x, y in UInt8(1 + (x * 7 + y * 3) % 255) }
        let decoded = try WebPDecoder.decode(F.lossless(source), options: DecodeOptions())
        #expect(decoded.image == source)
        #expect(decoded.scaleDenominator == 1)
        let info = decoded.info
        #expect(info.format == .webp)
        #expect(info.size == PixelSize(width: 37, height: 23))
        #expect(info.webp?.isLossless == true)
        #expect(info.hasAlpha)
        #expect(info.colorModel == .rgba)
        #expect(info.webp?.frameCount == 1)
        #expect(info.orientation == .up)
        #expect(info.iccProfile == nil)
    }

    @Test func lossyOpaqueIsCloseAndOpaque() throws {
        let source = F.pattern(64, 48)
        let decoded = try WebPDecoder.decode(F.lossy(source, quality: 95), options: DecodeOptions())
        #expect(decoded.image.size == source.size)
        #expect(Self.maxDifference(decoded.image, source) <= 24)
        #expect(!decoded.image.hasTransparency)
        #expect(decoded.info.webp?.isLossless == false)
        #expect(!decoded.info.hasAlpha)
        #expect(decoded.info.colorModel == .rgb)
    }

    @Test func lossyWithAlphaKeepsAlpha() throws {
        let source = F.pattern(40, 40) { x, _ in x < 20 ? 255 : 60 }
        let file = F.lossy(source)
        #expect(F.chunks(of: file).map(\.fourCC).contains("ALPH"))
        let decoded = try WebPDecoder.decode(file, options: DecodeOptions())
        #expect(decoded.info.hasAlpha)
        #expect(decoded.info.webp?.isLossless == false)
        #expect(Self.pixel(decoded.image, 5, 5)[3] == 255)
        #expect(Self.pixel(decoded.image, 30, 5)[3] == 60)
    }

    @Test func probeMatchesDecodeAndDispatcherNamesTheFile() throws {
        let file = F.lossy(F.pattern(50, 30))
        let info = try ImageDecoder.probe(file, file: "a.webp")
        #expect(info.size == PixelSize(width: 50, height: 30))
        #expect(try ImageDecoder.decode(file, file: "a.webp").info == info)
        let error = #expect(throws: ImageError.self) {
            try ImageDecoder.decode(Array(file.prefix(40)), file: "cut.webp", options: DecodeOptions(strictness: .strict))
        }
        #expect(error?.file == "cut.webp")
        #expect(error?.code == .corruptImage)
    }

    @Test func scaledDecodeGoesStraightToTwiceTheOutput() throws {
        let file = F.lossy(F.pattern(400, 300))
        // Box 100x100: output 100x75, so the decode keeps 2x headroom: 200x150.
        let decoded = try WebPDecoder.decode(file, options: DecodeOptions(targetBox: PixelSize(width: 100, height: 100)))
        #expect(decoded.image.size == PixelSize(width: 200, height: 150))
        #expect(decoded.scaleDenominator == 2)
        #expect(decoded.info.size == PixelSize(width: 400, height: 300))
        // Scaled, not cropped: the far corner keeps the far corner's colour.
        let corner = Self.pixel(decoded.image, 199, 149)
        #expect(corner[0] > 200 && corner[1] > 200)
    }

    @Test func scaledDecodeNeverEnlarges() throws {
        let file = F.lossless(F.pattern(30, 20))
        let decoded = try WebPDecoder.decode(file, options: DecodeOptions(targetBox: PixelSize(width: 500, height: 500)))
        #expect(decoded.image.size == PixelSize(width: 30, height: 20))
        #expect(decoded.scaleDenominator == 1)
    }

    @Test func animationGivesFirstFrameOnTransparentCanvas() throws {
        let red = F.imageChunks(of: F.lossless(F.solid(16, 8, [255, 0, 0, 255])))
        let blue = F.imageChunks(of: F.lossless(F.solid(64, 48, [0, 0, 255, 255])))
        let file = F.animation(canvasWidth: 64, canvasHeight: 48, frames: [
            F.frame(x: 10, y: 6, width: 16, height: 8, image: red),
            F.frame(x: 0, y: 0, width: 64, height: 48, image: blue),
        ])
        let decoded = try WebPDecoder.decode(file, options: DecodeOptions())
        #expect(decoded.info.size == PixelSize(width: 64, height: 48))
        #expect(decoded.info.webp?.frameCount == 2)
        #expect(decoded.info.hasAlpha)
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
        for (x, y) in [(10, 6), (25, 13), (17, 9)] { #expect(Self.pixel(decoded.image, x, y) == [255, 0, 0, 255]) }
        for (x, y) in [(9, 6), (26, 13), (10, 5), (10, 14), (0, 0), (63, 47)] {
            #expect(Self.pixel(decoded.image, x, y) == [0, 0, 0, 0], "(\(x), \(y)) is outside the first frame")
        }
    }

    @Test func scaledAnimationScalesFrameAndOffset() throws {
        let green = F.imageChunks(of: F.lossy(F.solid(200, 100, [0, 255, 0, 255])))
        let file = F.animation(canvasWidth: 400, canvasHeight: 200, frames: [
            F.frame(x: 100, y: 50, width: 200, height: 100, image: green),
        ])
        let decoded = try WebPDecoder.decode(file, options: DecodeOptions(targetBox: PixelSize(width: 100, height: 100)))
        // Output 100x50, decode 200x100: the frame lands at (50, 25), 100x50.
        #expect(decoded.image.size == PixelSize(width: 200, height: 100))
        #expect(decoded.scaleDenominator == 2)
        #expect(Self.pixel(decoded.image, 49, 50)[3] == 0)
        #expect(Self.pixel(decoded.image, 150, 50)[3] == 0)
        #expect(Self.pixel(decoded.image, 100, 24)[3] == 0)
        #expect(Self.pixel(decoded.image, 100, 75)[3] == 0)
        for (x, y) in [(50, 25), (149, 74), (100, 50)] {
            let inside = Self.pixel(decoded.image, x, y)
            #expect(inside[3] == 255 && inside[1] > 200 && inside[0] < 40, "(\(x), \(y)): \(inside)")
        }
    }

    @Test(arguments: [true, false])
    func exifOrientationIsRead(withPrefix: Bool) throws {
        let tiff = F.exifTIFF(orientation: 6)
        let exif = withPrefix ? Array("Exif".utf8) + [0, 0] + tiff : tiff
        let file = F.withMetadata(F.lossy(F.pattern(20, 10)), size: PixelSize(width: 20, height: 10), exif: exif)
        let info = try WebPDecoder.probe(file, limits: .default)
        #expect(info.orientation == .right)
        #expect(info.orientedSize == PixelSize(width: 10, height: 20))
    }

    @Test func iccProfileIsKeptAndCapped() throws {
        let profile = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let file = F.withMetadata(F.lossless(F.pattern(8, 8)), size: PixelSize(width: 8, height: 8), iccp: profile)
        #expect(try WebPDecoder.probe(file, limits: .default).iccProfile == ICCProfile(data: profile))
        let small = DecodeLimits(maxMetadataBytes: 299)
        let error = #expect(throws: ImageError.self) { try WebPDecoder.decode(file, options: DecodeOptions(limits: small)) }
        #expect(error?.code == .tooLarge)
    }

    @Test func truncatedFileIsRefusedWhenStrictAndSalvagedWhenLenient() throws {
        let source = F.pattern(64, 64)
        let whole = F.lossless(source)
        let cut = Array(whole.prefix(whole.count * 6 / 10))
        let error = #expect(throws: ImageError.self) { try WebPDecoder.decode(cut, options: DecodeOptions(strictness: .strict)) }
        #expect(error?.code == .corruptImage)
        #expect(error?.reason.contains("truncated") == true)

        // Lenient: how many rows libwebp's incremental decoder salvages, or whether it refuses
        // the cut, is libwebp's call. A typed refusal and a 64x64 picture of decoded rows and
        // our grey are both safe, and both are accepted.
        let lenient = Result { () throws(ImageError) in try WebPDecoder.decode(cut, options: DecodeOptions(strictness: .lenient)) }
        let salvaged = HostileOutcome.expectPictureOrRefusal(lenient, probed: source.size,
                                                             codes: WebPHostileInputTests.libwebpRefusals, "60% of a lossless file")
        if let salvaged {
            #expect(F.rowsAreDecodedOrMissing(salvaged.image, decoded: source), "rows neither decoded nor our grey")
        }
    }

    @Test func libraryIsAtLeast124() {
        #expect(WebPLibrary.version >= 0x01_02_04)
    }
}
