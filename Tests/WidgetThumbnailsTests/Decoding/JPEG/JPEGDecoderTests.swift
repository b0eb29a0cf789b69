import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

@Suite struct JPEGDecoderTests {
    /// Samples the centre of each quadrant of `image` and checks it against the fixture colours.
    private func expectQuadrants(_ image: RGBAImage, tolerance: Int = 8, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let points = [(1, 1), (3, 1), (1, 3), (3, 3)].map { (image.width * $0.0 / 4, image.height * $0.1 / 4) }
        for (index, point) in points.enumerated() {
            let got = JPEGFixtures.pixel(image, point.0, point.1)
            let want = JPEGFixtures.quadrantColors[index] + [255]
            #expect(JPEGFixtures.isClose(got, want, within: tolerance),
                    "quadrant \(index) at \(point): \(got), want \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [JPEGFixtures.Sampling.s444, .s422, .s420])
    func decodesBaselineColourAtEachSubsampling(sampling: JPEGFixtures.Sampling) throws {
        let jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants(), sampling: sampling)
        let decoded = try JPEGDecoder.decode(jpeg, options: DecodeOptions())
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
        #expect(decoded.scaleDenominator == 1)
        #expect(decoded.info.colorModel == .rgb)
        #expect(decoded.info.scanOrder == .sequential)
        #expect(!decoded.image.hasTransparency)
        expectQuadrants(decoded.image)
    }

    @Test func decodesProgressiveToTheSamePixelsAsBaseline() throws {
        let source = SyntheticImage.gradient(width: 80, height: 56, blue: .wrapping)
        let baseline = try JPEGDecoder.decode(JPEGFixtures.jpeg(source, sampling: .s420), options: DecodeOptions())
        let progressiveJPEG = try JPEGFixtures.jpeg(source, sampling: .s420, progressive: true)
        let progressive = try JPEGDecoder.decode(progressiveJPEG, options: DecodeOptions())
        #expect(progressive.info.scanOrder == .progressive)
        // tjTransform recodes losslessly: the same coefficients give the same pixels.
        #expect(progressive.image == baseline.image)
        #expect(JPEGFixtures.meanAbsoluteDifference(progressive.image, source) < 4)
    }

    @Test func decodesGrayscaleAsEqualRGB() throws {
        let width = 40, height = 24
        let samples = (0..<width * height).map { UInt8(($0 % width) * 255 / (width - 1)) }
        let decoded = try JPEGDecoder.decode(JPEGFixtures.grayJPEG(samples, width: width, height: height),
                                             options: DecodeOptions())
        #expect(decoded.info.colorModel == .gray)
        var worst = 0
        for index in 0..<width * height {
            let p = JPEGFixtures.pixel(decoded.image, index % width, index / width)
            #expect(p[0] == p[1] && p[1] == p[2] && p[3] == 255)
            worst = max(worst, abs(Int(p[0]) - Int(samples[index])))
        }
        #expect(worst <= 6)
    }

    /// 16x16 quadrant images made once with `cjpeg -arithmetic [-progressive] -sample 1x1`
    /// (TurboJPEG 2.1 cannot write arithmetic coding).
    @Test(arguments: [
        ("/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/yQARCAAQABADAREAAhEBAxEB/8wACgAQEAUBEBEF/9oADAMBAAIRAxEAPwD/AOf5pm8y8YsFQhyRANtZRvHD7w6EHWCw9oz/2Q==",
         ImageInfo.ScanOrder.sequential),
        ("/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/ygARCAAQABADAREAAhEBAxEB/8wABgAQARD/2gAMAwEAAhADEAAAAf8A0Atscy004LqAbPYjsMHBHxASB+ir7ED/zAAEEAX/2gAIAQEAAQUCwP/MAAQRBf/aAAgBAwEBPwHA/8wABBEF/9oACAECAQE/AcD/zAAEEAX/2gAIAQEABj8CwP/MAAQQBf/aAAgBAQABPyHA/9oADAMBAAIAAwAAABBL0P/MAAQRBf/aAAgBAwEBPxDA/8wABBEF/9oACAECAQE/EMD/zAAEEAX/2gAIAQEAAT8QwP/Z",
         .progressive),
    ])
    func decodesArithmeticCoding(base64: String, scanOrder: ImageInfo.ScanOrder) throws {
        let jpeg = try #require(Data(base64Encoded: base64).map { [UInt8]($0) })
        let decoded = try JPEGDecoder.decode(jpeg, options: DecodeOptions(strictness: .strict))
        #expect(decoded.info.scanOrder == scanOrder)
        #expect(decoded.image.size == PixelSize(width: 16, height: 16))
        expectQuadrants(decoded.image, tolerance: 6)
    }

    @Test func convertsAdobeCMYKToRGB() throws {
        // Adobe-inverted CMYK (255 = no ink) for red, green, blue, white, as Photoshop stores it.
        let inks: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]]
        let width = 32, height = 32
        var samples = [UInt8]()
        for y in 0..<height {
            for x in 0..<width { samples += inks[(y < 16 ? 0 : 2) + (x < 16 ? 0 : 1)] }
        }
        let jpeg = try JPEGFixtures.cmykJPEG(samples, width: width, height: height)
        let info = try JPEGDecoder.probe(jpeg, limits: .default)
        #expect(info.colorModel == .ycck)
        #expect(info.hasAlpha == false)
        expectQuadrants(try JPEGDecoder.decode(jpeg, options: DecodeOptions()).image)
    }

    @Test func cmykGreyLevelsFollowTheKChannel() throws {
        // No colour ink, K from none (255 stored) to full (0 stored): grey from white to black.
        let width = 64, height = 8
        var samples = [UInt8]()
        for _ in 0..<height {
            for x in 0..<width { samples += [255, 255, 255, UInt8(x * 4)] }
        }
        let image = try JPEGDecoder.decode(JPEGFixtures.cmykJPEG(samples, width: width, height: height),
                                           options: DecodeOptions()).image
        for x in stride(from: 4, to: width - 4, by: 8) {
            let p = JPEGFixtures.pixel(image, x, 4)
            #expect(JPEGFixtures.isClose(p, [UInt8(x * 4), UInt8(x * 4), UInt8(x * 4), 255], within: 6), "x \(x): \(p)")
        }
    }

    @Test func probeReadsOrientationICCAndFacts() throws {
        let profile = (0..<3000).map { UInt8($0 % 251) }
        var jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants(), sampling: .s420)
        // Three ICC chunks, written out of order: the walker must order them by sequence.
        for (sequence, range) in [(3, 2000..<3000), (1, 0..<1000), (2, 1000..<2000)] {
            let payload = Array("ICC_PROFILE".utf8) + [0, UInt8(sequence), 3] + Array(profile[range])
            jpeg = JPEGFixtures.inserting(marker: 0xE2, payload: payload, into: jpeg)
        }
        jpeg = JPEGFixtures.inserting(marker: 0xE1, payload: JPEGFixtures.exifPayload(orientation: 6), into: jpeg)
        let info = try JPEGDecoder.probe(jpeg, limits: .default)
        #expect(info == ImageInfo(format: .jpeg, size: PixelSize(width: 64, height: 48), orientation: .right,
                                  colorModel: .rgb, hasAlpha: false, bitDepth: 8, scanOrder: .sequential,
                                  iccProfile: ICCProfile(data: profile)))
        #expect(info.orientedSize == PixelSize(width: 48, height: 64))
    }

    @Test(arguments: [
        [(1, 2), (1, 2)],         // repeated chunk
        [(1, 3), (2, 3)],         // missing chunk
        [(1, 2), (2, 3)],         // counts disagree
        [(0, 1)],                 // sequence 0
        [(3, 2)],                 // sequence over count
    ])
    func malformedICCIsIgnoredNotFatal(chunks: [(Int, Int)]) throws {
        var jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants())
        for (sequence, count) in chunks.reversed() {
            let payload = Array("ICC_PROFILE".utf8) + [0, UInt8(sequence), UInt8(count)] + [1, 2, 3, 4]
            jpeg = JPEGFixtures.inserting(marker: 0xE2, payload: payload, into: jpeg)
        }
        let decoded = try JPEGDecoder.decode(jpeg, options: DecodeOptions())
        #expect(decoded.info.iccProfile == nil)
        expectQuadrants(decoded.image)
    }

    @Test func iccProfileOverTheMetadataLimitIsDropped() throws {
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + [UInt8](repeating: 7, count: 5000)
        let jpeg = JPEGFixtures.inserting(marker: 0xE2, payload: payload, into: try JPEGFixtures.jpeg(JPEGFixtures.quadrants()))
        #expect(try JPEGDecoder.probe(jpeg, limits: DecodeLimits(maxMetadataBytes: 4999)).iccProfile == nil)
        #expect(try JPEGDecoder.probe(jpeg, limits: DecodeLimits(maxMetadataBytes: 5000)).iccProfile?.data.count == 5000)
    }

    @Test func twelveBitJPEGIsRefusedClearly() throws {
        var jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants())
        let sof = try #require(JPEGFixtures.offset(ofMarker: 0xC0, in: jpeg))
        jpeg[sof + 4] = 12 // the precision byte
        #expect {
            try JPEGDecoder.probe(jpeg, limits: .default)
        } throws: { error in
            let error = error as? ImageError
            return error?.code == .unsupportedFormat && error?.reason.contains("12-bit") == true
        }
    }

    /// TurboJPEG 2.1's header call refuses sampling factors it has no TJSAMP_* name for, though
    /// libjpeg decodes them. A 16x16 quadrant image made once with
    /// `cjpeg -sample 2x2,2x1,1x1 -quality 95` (Cb and Cr sampled differently).
    @Test func decodesSamplingFactorsTurboJPEGCannotName() throws {
        let base64 = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAQABADASIAAiEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD4vr9KK/Buv7iK/qj/AIpl/wDVV/8Alj/9+H+V/wDxLP8A9TX/AMof/dhfTB4l/wCJ0f7E/df2V/ZX1n7X1r2v1r6v5Yfk5Pq/9/m5/s8vvf/Z"
        let jpeg = try #require(Data(base64Encoded: base64).map { [UInt8]($0) })
        let decoded = try JPEGDecoder.decode(jpeg, options: DecodeOptions(strictness: .strict))
        #expect(decoded.info.colorModel == .rgb)
        #expect(decoded.image.size == PixelSize(width: 16, height: 16))
        expectQuadrants(decoded.image, tolerance: 12)
    }
}
