import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// Damaged and hostile JPEGs: each is refused with a typed error naming the file, or decoded,
/// in well under a second, never a crash. Timing bounds are deliberately generous (1 s).
@Suite struct JPEGHostileInputTests {
    static let file = "hostile.jpg"

    /// Decodes through the public entry point; returns the result and the seconds it took.
    private func attempt(_ bytes: [UInt8], _ strictness: Strictness = .lenient,
                         limits: DecodeLimits = .default) -> (Result<DecodedImage, ImageError>, Double) {
        let start = ContinuousClock.now
        let result = Result { () throws(ImageError) in
            try ImageDecoder.decode(bytes, file: Self.file, options: DecodeOptions(limits: limits, strictness: strictness))
        }
        let elapsed = ContinuousClock.now - start
        return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private func expectRefused(_ bytes: [UInt8], _ strictness: Strictness = .lenient, code: ImageError.Code,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let (result, seconds) = attempt(bytes, strictness)
        #expect(seconds < 1, "took \(seconds) s", sourceLocation: sourceLocation)
        guard case .failure(let error) = result else {
            Issue.record("decoded, expected \(code)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error.file == Self.file && error.description.hasPrefix("\(Self.file): "), sourceLocation: sourceLocation)
    }

    private func sample(progressive: Bool) throws -> [UInt8] {
        try JPEGFixtures.jpeg(JPEGFixtures.gradient(width: 256, height: 192), sampling: .s420, progressive: progressive)
    }

    private func withFrameSize(_ jpeg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var bytes = jpeg
        let sof = try #require(JPEGFixtures.offset(ofMarker: 0xC0, in: bytes) ?? JPEGFixtures.offset(ofMarker: 0xC2, in: bytes))
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        return bytes
    }

    @Test(arguments: [false, true])
    func truncationIsGreyUnderLenientAndRefusedUnderStrict(progressive: Bool) throws {
        let jpeg = try sample(progressive: progressive)
        let sos = try #require(JPEGFixtures.offset(ofMarker: 0xDA, in: jpeg))
        let cuts = [3, 20, sos / 2, sos + 4, sos + 40, jpeg.count / 2, jpeg.count * 9 / 10, jpeg.count - 2]
        for cut in cuts {
            let truncated = Array(jpeg.prefix(cut))
            expectRefused(truncated, .strict, code: .corruptImage)
            let (result, seconds) = attempt(truncated)
            #expect(seconds < 1, "cut at \(cut): \(seconds) s")
            switch result {
            case .success(let decoded):
                // Only cuts inside the image data may still give a (partly grey) picture.
                #expect(cut > sos, "cut at \(cut) (SOS at \(sos)) decoded")
                #expect(decoded.image.size == PixelSize(width: 256, height: 192))
            case .failure(let error):
                #expect(error.code == .corruptImage && error.file == Self.file, "cut at \(cut): \(error)")
                #expect(cut < jpeg.count / 2, "cut at \(cut) of \(jpeg.count) was refused under .lenient: \(error)")
            }
        }
    }

    @Test func aTruncatedBaselineKeepsItsTopRows() throws {
        let source = JPEGFixtures.gradient(width: 256, height: 192)
        let jpeg = try JPEGFixtures.jpeg(source, sampling: .s444)
        let decoded = try attempt(Array(jpeg.prefix(jpeg.count / 2))).0.get()
        let rows = 32 * 256 * 4
        let top = RGBAImage(width: 256, height: 32, pixels: Array(decoded.image.pixels.prefix(rows)))
        let want = RGBAImage(width: 256, height: 32, pixels: Array(source.pixels.prefix(rows)))
        #expect(JPEGFixtures.meanAbsoluteDifference(top, want) < 3)
        // libjpeg fills what is missing with mid-grey.
        #expect(JPEGFixtures.pixel(decoded.image, 128, 190) == [128, 128, 128, 255])
    }

    @Test(arguments: [false, true])
    func randomBitFlipsNeverCrashOrHang(progressive: Bool) throws {
        let jpeg = try sample(progressive: progressive)
        var random = SplitMix64(seed: progressive ? 7 : 3)
        var slowest = 0.0
        for _ in 0..<150 {
            var damaged = jpeg
            for _ in 0..<Int(random.next() % 8 + 1) {
                let index = 2 + Int(random.next() % UInt64(damaged.count - 2))
                damaged[index] ^= UInt8(1 << (random.next() % 8))
            }
            for strictness in Strictness.allCases {
                let (result, seconds) = attempt(damaged, strictness)
                slowest = max(slowest, seconds)
                if case .failure(let error) = result {
                    #expect([.corruptImage, .tooLarge, .unsupportedFormat].contains(error.code), "\(error)")
                    #expect(error.file == Self.file)
                }
            }
        }
        #expect(slowest < 1, "slowest bit-flipped decode took \(slowest) s")
    }

    @Test func aHugeFrameInATinyFileIsRefusedBeforeAllocating() throws {
        let jpeg = try withFrameSize(JPEGFixtures.jpeg(JPEGFixtures.quadrants(width: 16, height: 16)), width: 65500, height: 65500)
        #expect(jpeg.count < 1000)
        expectRefused(jpeg, code: .tooLarge)
        // The message comes from the limit check, before TurboJPEG allocates anything.
        #expect(throws: ImageError(.tooLarge, "65500x65500 is 4290250000 pixels, over the limit of 134217728", file: Self.file)) {
            try ImageDecoder.probe(jpeg, file: Self.file)
        }
    }

    @Test(arguments: [(0, 16), (16, 0), (0, 0)])
    func aZeroSideIsCorrupt(width: Int, height: Int) throws {
        let jpeg = try withFrameSize(JPEGFixtures.jpeg(JPEGFixtures.quadrants(width: 16, height: 16)), width: width, height: height)
        expectRefused(jpeg, code: .corruptImage)
    }

    @Test func aLargeFrameOverTinyDataIsBoundedByTheLimits() throws {
        let jpeg = try withFrameSize(JPEGFixtures.jpeg(JPEGFixtures.quadrants(width: 16, height: 16)), width: 4000, height: 3000)
        // Default limits allow 12 MP: libjpeg decodes grey from almost nothing, quickly.
        let (result, seconds) = attempt(jpeg)
        #expect(seconds < 1, "took \(seconds) s")
        if case .success(let decoded) = result { #expect(decoded.image.size == PixelSize(width: 4000, height: 3000)) }
        // A caller's tighter pixel limit refuses it up front.
        let (capped, _) = attempt(jpeg, limits: DecodeLimits(maxPixels: 10_000_000))
        #expect(throws: ImageError.self) { try capped.get() }
    }

    @Test func aFileOverTheByteLimitIsTooLarge() throws {
        let jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants())
        let (result, _) = attempt(jpeg, limits: DecodeLimits(maxFileBytes: jpeg.count - 1))
        #expect(throws: ImageError(.tooLarge, "\(jpeg.count) bytes, over the file limit of \(jpeg.count - 1)",
                                   file: Self.file)) { try result.get() }
    }

    @Test func moreScansThanTheLimitIsTooLarge() throws {
        let jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants(width: 16, height: 16), progressive: true)
        // Repeat the last scan (SOS to just before EOI) until the file has over 500 scans.
        let lastScan = try #require(jpeg.indices.dropLast().last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let scan = Array(jpeg[lastScan..<(jpeg.count - 2)])
        let hostile = Array(jpeg.dropLast(2)) + Array([[UInt8]](repeating: scan, count: 600).joined()) + [0xFF, 0xD9]
        expectRefused(hostile, code: .tooLarge)
    }

    @Test(arguments: [
        [0xFF, 0xD8, 0xFF, 0xD9],                                  // SOI, EOI: no frame
        [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF],                      // a segment longer than the file
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x04, 0x08, 0x00],          // a frame header cut short
        [0xFF, 0xD8, 0xFF],                                        // three bytes
    ] as [[UInt8]])
    func headerGarbageIsCorrupt(bytes: [UInt8]) {
        expectRefused(bytes, code: .corruptImage)
    }
}

