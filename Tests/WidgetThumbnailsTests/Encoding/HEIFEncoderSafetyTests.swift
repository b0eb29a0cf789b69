import Foundation
import Testing
import TestSupport
@testable import WidgetThumbnails

/// What AVIF and HEIC output promise whatever the encoder does: a file that decodes back to the
/// picture, or a typed error that says what to do instead.
@Suite struct HEIFEncoderSafetyTests {
    /// Class 16: under memory pressure x265 wrote a small file of flat green and said it was
    /// fine. Such bytes, checked as the encode of a photo, are refused; the real encode passes.
    @Test(arguments: HEIFOutputTests.formats)
    func aFileThatDecodesToAnotherPictureIsRefused(format: StoredFormat) throws {
        let photo = HEIFOutputTests.photoLike()
        let codec: HEIFEncoder.Codec = format == .avif ? .av1 : .hevc
        let good = try HEIFEncoder.encode(photo, codec: codec, quality: 50)
        try HEIFEncoder.checkDecodesBack(good, as: photo, format: format)

        var green = RGBAImage(width: photo.width, height: photo.height,
                              pixels: [UInt8](repeating: 0, count: photo.pixels.count))
        for index in stride(from: 0, to: green.pixels.count, by: 4) {
            green.pixels[index + 1] = 135
            green.pixels[index + 3] = 255
        }
        // Encoded without the check, as the shim would hand it back.
        let flat = try HEIFEncoder.encode(green, codec: codec, quality: 50)
        let error = #expect(throws: ImageError.self) { try HEIFEncoder.checkDecodesBack(flat, as: photo, format: format) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.reason.contains("another picture") == true, "\(String(describing: error))")

        let wrongSize = try HEIFEncoder.encode(SyntheticImage.gradient(width: 64, height: 48), codec: codec, quality: 50)
        #expect(throws: ImageError.self) { try HEIFEncoder.checkDecodesBack(wrongSize, as: photo, format: format) }
        #expect(throws: ImageError.self) { try HEIFEncoder.checkDecodesBack(Array(good.prefix(40)), as: photo, format: format) }
    }

    /// Lossy coding blurs noise away but keeps each channel's mean: pure noise at the lowest
    /// quality the search uses is not mistaken for a failed encode.
    @Test(arguments: HEIFOutputTests.formats)
    func noiseAtTheQualityFloorIsNotMistakenForAFailure(format: StoredFormat) throws {
        let declared = ImageEncoder.encoder(for: format).qualityScale
        let scale = try #require(declared)
        let noise = SyntheticImage.noise(width: 160, height: 120)
        let bytes = try ImageEncoder.encode(noise, format: format, quality: Double(scale.standard.floor))
        #expect(try ImageDecoder.decode(bytes).image.size == noise.size)
    }

    /// Class 14: thin pictures far under the 16,384 px limit. Each is encoded (and decodes at
    /// its size) or refused with a reason that names what does work; which one depends on the
    /// installed x265, and both are safe.
    @Test(arguments: HEIFOutputTests.formats, [PixelSize(width: 1, height: 5000), PixelSize(width: 8, height: 8192),
                                               PixelSize(width: 8192, height: 1), PixelSize(width: 8, height: 4352)])
    func thinPicturesAreEncodedOrRefusedSayingWhy(format: StoredFormat, size: PixelSize) throws {
        let image = SyntheticImage.gradient(width: size.width, height: size.height)
        do {
            let bytes = try ImageEncoder.encode(image, format: format, quality: 50)
            #expect(try ImageDecoder.decode(bytes).image.size == size)
        } catch {
            #expect(format == .heic, "AVIF encodes every size up to its limit: \(error)")
            #expect(error.code == .invalidArgument && error.reason.contains("AVIF, WebP and PNG can"), "\(error)")
        }
    }

    /// Class 13: on a large picture the byte-cap search spends about two and a half encodes of
    /// the picture, counting its trials on smaller copies and shrunk sizes by their pixels (the
    /// measured search made 7-9 full encodes). A cap between the start's and the floor's bytes
    /// makes it search quality; a cap under the floor's makes it shrink. Counted, not timed.
    @Test(arguments: HEIFOutputTests.formats, ["quality", "shrink"])
    func aLargePictureIsSearchedInAboutTwoAndAHalfEncodes(format: StoredFormat, search: String) throws {
        // A photograph (synthetic noise makes x265 spend bytes no photo does).
        let photo = try FileBytes.contents(of: Corpus.packageRoot.appendingPathComponent("SampleImages/large-4000x3000.jpg").path)
        let image = try ImageDecoder.decode(photo, options: DecodeOptions(targetBox: PixelSize(width: 1000, height: 1000))).image
        #expect(image.size.area >= BudgetedEncoder.trialMinimumArea)
        let declared = ImageEncoder.encoder(for: format).qualityScale
        let scale = try #require(declared)
        let atStart = try ImageEncoder.encode(image, format: format, quality: Double(scale.standard.start)).count
        let atFloor = try ImageEncoder.encode(image, format: format, quality: Double(scale.standard.floor)).count
        let cap = search == "quality" ? (atStart + atFloor) / 2 : atFloor * 2 / 3
        let resize: BudgetedEncoder.Resize = { (size) throws(ImageError) in try Resampler.resize(image, to: size) }
        let result = try BudgetedEncoder(format: format, budget: ByteBudget(cap: cap)).encode(image, resize: resize)
        #expect(result.bytes.count <= cap)
        #expect(search == "quality" ? result.size == image.size : result.size.area < image.size.area, "\(result.size)")
        // In encodes of the input's size: a shrink's first encode is at that size, over.
        let encodes = result.attempts.map { Double($0.size.area) / Double(image.size.area) }.reduce(0, +)
        #expect(encodes <= 2.6, "\(result.attempts)")
        print("\(format.name) \(search) search under \(cap) bytes: \(String(format: "%.2f", encodes)) encodes: \(result.attempts)")
        #expect(try ImageDecoder.decode(result.bytes).image.size == result.size)
    }
    /// The large photo at 3000 px with grain (a uniform ±12 on every colour byte): a noisy
    /// picture whose bytes at full size follow quality differently from a scaled-down copy's.
    static func noisy3000PixelPhoto() throws -> RGBAImage {
        let photo = try FileBytes.contents(of: Corpus.packageRoot.appendingPathComponent("SampleImages/large-4000x3000.jpg").path)
        let decoded = try ImageDecoder.decode(photo, options: DecodeOptions(targetBox: PixelSize(width: 3000, height: 3000))).image
        let image = try Resampler.resize(decoded, to: PixelSize(width: 3000, height: 3000 * decoded.height / decoded.width))
        var random = SplitMix64(seed: 7)
        var pixels = image.pixels
        for index in pixels.indices where index % 4 != 3 {
            pixels[index] = UInt8(clamping: Int(pixels[index]) + Int(random.next() % 25) - 12)
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// The byte-cap search on a noisy 3000 px picture whose start quality is over a 450 KB cap:
    /// at most 2.5 encodes of the picture counted by their pixels (it took exactly 2.5: the
    /// start, two trials on a half-size copy, one prediction), and a quality that uses the cap
    /// (the half-size copy's bytes fell with quality at half the picture's rate, so the
    /// prediction landed at 62-64% of the cap, HEIC at its floor). Never over the cap.
    @Test(arguments: HEIFOutputTests.formats)
    func aNoisyPictureIsSearchedInAtMostTwoAndAHalfEncodes(format: StoredFormat) throws {
        let image = try Self.noisy3000PixelPhoto()
        let cap = 450_000
        let resize: BudgetedEncoder.Resize = { (size) throws(ImageError) in try Resampler.resize(image, to: size) }
        let result = try BudgetedEncoder(format: format, budget: ByteBudget(cap: cap)).encode(image, resize: resize)
        let first = try #require(result.attempts.first)
        #expect(first.size == image.size && !first.fits, "the start quality must be over: \(result.attempts)")
        #expect(result.bytes.count <= cap)
        #expect(result.size == image.size, "\(result.attempts)")
        let encodes = result.attempts.map { Double($0.size.area) / Double(image.size.area) }.reduce(0, +)
        #expect(encodes < 2.5, "\(result.attempts)")
        #expect(Double(result.bytes.count) >= 0.7 * Double(cap), "\(result.attempts)")
        print("\(format.name) noisy 3000 px under \(cap) bytes: \(String(format: "%.2f", encodes)) encodes: \(result.attempts)")
    }
}
