import Testing
@testable import WidgetThumbnails
import TestSupport

/// Real files from the corpus (`Corpus`): the EXIF orientation set and camera photos.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct OrientationCorpusTests {
    static let orientationFiles: [String] = (1...8).flatMap { ["Landscape_\($0).jpg", "Portrait_\($0).jpg"] }

    private func decode(_ relative: String, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        try ImageDecoder.decode(Corpus.bytes(relative), file: relative, options: options)
    }

    @Test(arguments: ["Landscape_0.jpg", "Portrait_0.jpg"])
    func referencesCarryNoOrientation(name: String) throws {
        #expect(try decode("exif-orientation/" + name).info.orientation == .up)
    }

    /// Once oriented, every file must look like its `_0` reference. Each file is a separate
    /// JPEG encoding of the rotated photo, so full-size pixels differ by re-encoding noise
    /// (Landscape_6 and _7 reach a mean absolute difference of 4.15 and 4.32, the same as
    /// ImageMagick's `-auto-orient` gives); compared as 4x4 block means that noise goes and
    /// the bound is 4. A wrong orientation is far above it (checked below).
    @Test(arguments: orientationFiles)
    func orientedImageMatchesTheUntaggedReference(name: String) throws {
        let digit = try #require(Int(String(name.dropFirst(name.count - 5).prefix(1))))
        let expectedOrientation = try #require(EXIFOrientation(rawValue: digit))
        let reference = try decode("exif-orientation/" + name.replacingOccurrences(of: "_\(digit).", with: "_0.")).image
        let decoded = try decode("exif-orientation/" + name)
        #expect(decoded.info.orientation == expectedOrientation)
        let upright = decoded.image.oriented(decoded.info.orientation)
        try #require(upright.size == reference.size, "\(name): \(upright.size) vs \(reference.size)")
        let fullSize = JPEGFixtures.meanAbsoluteDifference(upright, reference)
        let blocks = JPEGFixtures.meanAbsoluteDifference(JPEGFixtures.boxAverage(upright, by: 4),
                                                         JPEGFixtures.boxAverage(reference, by: 4))
        #expect(blocks <= 4, "\(name): mean absolute difference \(blocks) (4x4 blocks), \(fullSize) (full size)")
        #expect(fullSize <= 5, "\(name): mean absolute difference \(fullSize) at full size")
    }

    /// The comparison above can fail: the same file under any other orientation of the same
    /// shape is far from the reference.
    @Test(arguments: ["Landscape_3.jpg", "Portrait_6.jpg"])
    func aWrongOrientationIsFarFromTheReference(name: String) throws {
        let decoded = try decode("exif-orientation/" + name)
        let reference = try decode("exif-orientation/" + name.prefix(name.count - 5) + "0.jpg").image
        for wrong in EXIFOrientation.allCases where wrong != decoded.info.orientation
            && wrong.swapsAxes == decoded.info.orientation.swapsAxes {
            let difference = JPEGFixtures.meanAbsoluteDifference(
                JPEGFixtures.boxAverage(decoded.image.oriented(wrong), by: 4), JPEGFixtures.boxAverage(reference, by: 4))
            #expect(difference > 12, "\(name) as \(wrong): \(difference)")
        }
    }

    /// Shrink-on-load keeps orientation handling right: the decode is oriented the same way.
    @Test(arguments: ["Landscape_6.jpg", "Portrait_5.jpg"])
    func shrunkDecodeStillCoversTheBoxOnceOriented(name: String) throws {
        let box = PixelSize(width: 100, height: 100)
        let decoded = try decode("exif-orientation/" + name, options: DecodeOptions(targetBox: box))
        #expect(decoded.scaleDenominator > 1)
        let minimum = ShrinkOnLoad.minimumDecodeSize(stored: decoded.info.size, orientation: decoded.info.orientation, box: box)
        #expect(decoded.image.width >= minimum.width && decoded.image.height >= minimum.height)
    }

    @Test(arguments: [
        ("jolla.jpg", PixelSize(width: 3264, height: 2448)),
        ("HMD_Nokia_8.3_5G.jpg", PixelSize(width: 4608, height: 1976)),
        ("iphone_hdr_YES.jpg", PixelSize(width: 3264, height: 2448)),
        ("canon_hdr_NO.jpg", PixelSize(width: 2048, height: 1536)),
    ])
    func photosDecodeAtTheirListedSize(name: String, size: PixelSize) throws {
        let decoded = try decode("photos/" + name, options: DecodeOptions(strictness: .strict))
        #expect(decoded.info.size == size)
        #expect(decoded.image.size == size)
        #expect(decoded.info.colorModel == .rgb)
        #expect(decoded.info.bitDepth == 8)
    }

    @Test func canonPhotoIsRotatedRight() throws {
        let info = try ImageDecoder.probe(Corpus.bytes("photos/canon_hdr_NO.jpg"), file: "canon_hdr_NO.jpg")
        #expect(info.orientation == .right)
        #expect(info.orientedSize == PixelSize(width: 1536, height: 2048))
    }

    /// A 1/8 decode of a real photo looks like the full decode shrunk by 8 (block means).
    @Test func eighthScaleDecodeMatchesTheFullDecodeAveraged() throws {
        let full = try decode("photos/canon_hdr_NO.jpg").image
        let small = try decode("photos/canon_hdr_NO.jpg", options: DecodeOptions(targetBox: PixelSize(width: 96, height: 128)))
        #expect(small.scaleDenominator == 8)
        #expect(small.image.size == PixelSize(width: 256, height: 192))
        let reference = JPEGFixtures.boxAverage(full, by: 8)
        #expect(JPEGFixtures.meanAbsoluteDifference(small.image, reference) < 3)
    }
}
