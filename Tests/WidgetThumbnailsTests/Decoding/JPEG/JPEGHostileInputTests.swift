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
                               sourceLocation: Testing.SourceLocation = #_sourceLocation) {
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
        try JPEGFixtures.jpeg(SyntheticImage.gradient(width: 256, height: 192, blue: .wrapping), sampling: .s420, progressive: progressive)
    }

    private func withFrameSize(_ jpeg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var bytes = jpeg
        let sof = try #require(JPEGFixtures.offset(ofMarker: 0xC0, in: bytes) ?? JPEGFixtures.offset(ofMarker: 0xC2, in: bytes))
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        return bytes
    }

    /// libjpeg decides what a cut file gives from memory: its memory source warns at the end of
    /// the data, and whether the warning or an error comes first, and so whether a cut decodes
    /// (the missing part filled) or is refused, is the library's call, which Debian's updates may
    /// change. Both are safe and both are accepted here: a picture at the size the probe
    /// reported, or `corruptImage` (the one code our shim gives libjpeg's failures). From a file
    /// the end of the data is our own source's warning (wt_jpeg_reader.c), so strict mode
    /// refusing every cut is ours, and asserted.
    @Test(arguments: [false, true])
    func truncationIsAPictureAtItsSizeOrRefusedAndStrictRefusesFromAFile(progressive: Bool) throws {
        let jpeg = try sample(progressive: progressive)
        let sos = try #require(JPEGFixtures.offset(ofMarker: 0xDA, in: jpeg))
        let cuts = [3, 20, sos / 2, sos + 4, sos + 40, jpeg.count / 2, jpeg.count * 9 / 10, jpeg.count - 2]
        for cut in cuts {
            let truncated = Array(jpeg.prefix(cut))
            let probed = HostileOutcome.probedSize(truncated)
            #expect(probed == nil || probed == PixelSize(width: 256, height: 192), "cut at \(cut): probed \(String(describing: probed))")
            for strictness in Strictness.allCases {
                let (result, seconds) = attempt(truncated, strictness)
                #expect(seconds < 1, "cut at \(cut) (\(strictness)): \(seconds) s")
                HostileOutcome.expectPictureOrRefusal(result, probed: probed, codes: [.corruptImage], file: Self.file,
                                                      "cut at \(cut) of \(jpeg.count), SOS at \(sos) (\(strictness))")
            }
            let path = try TemporaryFile.write(truncated, name: "image.jpg")
            defer { TemporaryFile.remove(path) }
            let strict = JPEGRowReaderTests.decode(.file(try OpenInputFile(path: path, maxBytes: 1 << 30)), .strict)
            #expect(throws: ImageError.self, "cut at \(cut) decoded from a file under .strict") { try strict.get() }
            if case .failure(let error) = strict { #expect(error.code == .corruptImage, "cut at \(cut): \(error)") }
        }
    }

    /// Half a baseline file, from memory: libjpeg decides whether it is a partly filled picture or
    /// refused (see above), so both are accepted; how libjpeg fills the missing part is not
    /// asserted. A picture is 256x192 and nothing else.
    @Test func aTruncatedBaselineIsAPictureAtItsSizeOrRefused() throws {
        let jpeg = try JPEGFixtures.jpeg(SyntheticImage.gradient(width: 256, height: 192, blue: .wrapping), sampling: .s444)
        let (result, seconds) = attempt(Array(jpeg.prefix(jpeg.count / 2)))
        #expect(seconds < 1, "took \(seconds) s")
        HostileOutcome.expectPictureOrRefusal(result, probed: PixelSize(width: 256, height: 192), codes: [.corruptImage],
                                              file: Self.file, "half of \(jpeg.count) bytes")
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

    @Test func moreScansThanTheLimitAreRefused() throws {
        let jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants(width: 16, height: 16), progressive: true)
        // Repeat the last scan (SOS to just before EOI) until the file has over 500 scans.
        let lastScan = try #require(jpeg.indices.dropLast().last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let scan = Array(jpeg[lastScan..<(jpeg.count - 2)])
        let hostile = Array(jpeg.dropLast(2)) + Array([[UInt8]](repeating: scan, count: 600).joined()) + [0xFF, 0xD9]
        // Our progress monitor refuses scan 501 as too large (wt_jpeg_reader.c); a libjpeg that
        // refuses the repeated scan first makes it corrupt. Both are refusals in bounded time,
        // and both are accepted; when the refusal is ours, it says so.
        let (result, seconds) = attempt(hostile)
        #expect(seconds < 1, "took \(seconds) s")
        guard case .failure(let error) = result else {
            Issue.record("a file of 601 scans decoded")
            return
        }
        #expect([.tooLarge, .corruptImage].contains(error.code), "\(error)")
        #expect(error.file == Self.file, "\(error)")
        if error.code == .tooLarge { #expect(error.reason.contains("scan"), "\(error)") }
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

