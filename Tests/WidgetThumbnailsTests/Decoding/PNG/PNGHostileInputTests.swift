import CPNG
import CShimMessage
import Glibc
import Testing
@testable import WidgetThumbnails
import TestSupport

/// Hostile PNGs built in the test: each must be refused with a typed error, or decoded when
/// damaged but decodable, in well under a second and without large allocations. libpng's
/// allocations are counted exactly by the shim (`libpngPeakBytes`); process peak RSS is
/// printed (it is shared with any suites running in parallel, so it is reported, not asserted).
@Suite(.serialized) struct PNGHostileInputTests {
    typealias Forge = PNGFixtures
    static let timeLimit = Duration.seconds(1)

    struct Outcome {
        var result: Result<DecodedImage, ImageError>
        var elapsed: Duration
        var libpngPeakBytes: Int?
        var warning: String?

        var error: ImageError? { if case .failure(let error) = result { error } else { nil } }
        var image: RGBAImage? { try? result.get().image }
    }

    /// Decodes through `PNGRowReader` (as `PNGDecoder` does) to also learn libpng's peak bytes.
    static func run(_ bytes: [UInt8], _ strictness: Strictness = .lenient) -> Outcome {
        let start = ContinuousClock.now
        var peak: Int?
        var warning: String?
        let result = Result { () throws(ImageError) -> DecodedImage in
            try PNGRowReader.withReader(bytes, options: DecodeOptions(strictness: strictness)) { reader throws(ImageError) in
                let size = reader.info.size
                var pixels = [UInt8](repeating: 0, count: size.area * 4)
                defer { peak = reader.libpngPeakBytes; warning = reader.warning }
                try pixels.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
                    try reader.readRows(into: UnsafeMutableRawBufferPointer(buffer), count: size.height)
                }
                return DecodedImage(image: RGBAImage(width: size.width, height: size.height, pixels: pixels), info: reader.info)
            }
        }
        return Outcome(result: result, elapsed: ContinuousClock.now - start, libpngPeakBytes: peak, warning: warning)
    }

    static func maxRSSKilobytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
    }

    static let tinyRows: [[UInt8]] = (0..<4).map { y in (0..<12).map { UInt8($0 * 20 + y) } }

    /// `tinyRows` as the decoder's RGBA8 pixels (opaque).
    static let tinyPixels: [UInt8] = tinyRows.flatMap { row in
        stride(from: 0, to: row.count, by: 3).flatMap { Array(row[$0..<$0 + 3]) + [255] }
    }

    /// What the shim lets libpng allocate in all (wt_png.c, `allocation_budget`): 32 MiB for row
    /// buffers plus 4 times the metadata limit for a profile inflating. Our cap, not libpng's.
    static let libpngAllocationCap = (32 << 20) + 4 * DecodeLimits.default.maxMetadataBytes

    /// A 4x4 RGB image with `chunks` before the image data.
    static func tiny(with chunks: [[UInt8]]) -> [UInt8] {
        Forge.png(width: 4, height: 4, colorType: 2, rows: tinyRows, beforeImage: chunks)
    }

    // MARK: - Decompression bombs and oversized metadata (run first: RSS is monotonic)

    @Test func metadataBombsDecodeTheImageCheaply() throws {
        let rssBefore = Self.maxRSSKilobytes()
        let reference = try #require(Self.run(Self.tiny(with: [])).image)
        let bomb = 300 << 20  // 300 MiB once inflated
        var iccHeader = PNGDecoderTests.minimalICCProfile()
        iccHeader.replaceSubrange(0..<4, with: Forge.be32(UInt32(bomb)))  // declares a 300 MiB profile
        let cases: [(String, [UInt8])] = [
            ("zTXt 300 MiB of zeros", Forge.chunk("zTXt", Array("Comment".utf8) + [0, 0] + Forge.zlibZeros(zeros: bomb))),
            ("iTXt 300 MiB of zeros", Forge.chunk("iTXt", Array("Comment".utf8) + [0, 1, 0, 0, 0] + Forge.zlibZeros(zeros: bomb))),
            ("iCCP 300 MiB of zeros", Forge.chunk("iCCP", Array("ICC".utf8) + [0, 0] + Forge.zlibZeros(zeros: bomb))),
            ("iCCP declaring 300 MiB", Forge.chunk("iCCP", Array("ICC".utf8) + [0, 0] + Forge.zlibZeros(prefix: iccHeader, zeros: bomb))),
            ("tEXt of 6 MiB", Forge.chunk("tEXt", Array("Comment".utf8) + [0] + [UInt8](repeating: 65, count: 6 << 20))),
            ("eXIf of 6 MiB", Forge.chunk("eXIf", Array("MM".utf8) + [0, 42] + [UInt8](repeating: 0, count: 6 << 20))),
            ("unknown chunk of 6 MiB", Forge.chunk("zzZz", [UInt8](repeating: 7, count: 6 << 20))),
        ]
        var report: [String] = []
        for (name, chunk) in cases {
            let file = Self.tiny(with: [chunk])
            let outcome = Self.run(file)
            #expect(outcome.elapsed < Self.timeLimit, "\(name) took \(outcome.elapsed)")
            if name.hasPrefix("iCCP") {
                // libpng decides what a hostile profile costs and whether it drops the profile
                // (with a warning) or refuses the file: the picture without its profile and a
                // typed refusal are both safe, and both are accepted. Ours is the cap on
                // what libpng may allocate, whatever it decides; no profile this size is kept.
                HostileOutcome.expectPictureOrRefusal(outcome.result.map(\.image), size: PixelSize(width: 4, height: 4), name)
                if let image = outcome.image { #expect(image == reference, "\(name): wrong pixels") }
                if let peak = outcome.libpngPeakBytes { #expect(peak <= Self.libpngAllocationCap, "\(name): libpng peak \(peak) B") }
                let info = Result { () throws(ImageError) in try PNGDecoder.probe(file, limits: .default) }
                if case .success(let info) = info { #expect(info.iccProfile == nil, "\(name)") }
            } else {
                #expect(outcome.image == reference, "\(name): \(outcome.error.map(String.init(describing:)) ?? "wrong pixels")")
                // Ignored chunks are skipped unread (our list) and eXIf is read by the shim's chunk
                // walk: libpng never holds more than its usual ~40 KB.
                #expect((outcome.libpngPeakBytes ?? .max) < 1 << 20, "\(name)")
            }
            let strict = Self.run(file, .strict)
            report.append("\(name) (\(file.count) B): lenient \(outcome.elapsed), libpng peak \(outcome.libpngPeakBytes ?? -1) B, "
                          + "warning \(outcome.warning ?? "none"); strict \(strict.error.map { "\($0.code)" } ?? "decoded")")
        }
        let many = Self.tiny(with: (0..<5000).map { Forge.chunk("tEXt", Array("Key\0value \($0)".utf8)) })
        let manyOutcome = Self.run(many)
        #expect(manyOutcome.image == reference)
        #expect(manyOutcome.elapsed < Self.timeLimit)
        #expect((manyOutcome.libpngPeakBytes ?? .max) < 1 << 20)
        report.append("5000 tEXt chunks: \(manyOutcome.elapsed), libpng peak \(manyOutcome.libpngPeakBytes ?? -1) B")
        print("PNG bombs:\n  " + report.joined(separator: "\n  "))
        print("PNG bombs: process max RSS \(rssBefore) KB before, \(Self.maxRSSKilobytes()) KB after (includes the test's own ~2 MB files)")
    }

    @Test func imageDataBombsStopAfterTheLastRow() throws {
        // libpng inflates excess image data to its end after the last row (0.7 s for 300 MiB
        // behind a 1x1 image at -O2); the shim stops reading 1 KiB past the last row.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { [UInt8(x * 80), UInt8(y * 80), 100] }
        // Adam7 for 3x3: pass 1 (0,0); 4 (2,0); 5 (0,2) (2,2); 6 (1,0) / (1,2); 7 row 1.
        let passes: [[(Int, Int)]] = [[(0, 0)], [(2, 0)], [(0, 2), (2, 2)], [(1, 0)], [(1, 2)], [(0, 1), (1, 1), (2, 1)]]
        var adam7Scanlines: [UInt8] = []
        for row in passes {
            adam7Scanlines.append(0)
            for (x, y) in row { adam7Scanlines += pixel(x, y) }
        }
        var expected3x3: [UInt8] = []
        for y in 0..<3 {
            for x in 0..<3 { expected3x3 += pixel(x, y) + [255] }
        }
        let cases: [(String, Int, Bool, [UInt8], [UInt8])] = [
            ("1x1", 1, false, [0] + pixel(1, 2), pixel(1, 2) + [255]),
            ("Adam7 3x3", 3, true, adam7Scanlines, expected3x3),
        ]
        for (name, side, interlaced, scanlines, expected) in cases {
            let head = Forge.signature + Forge.ihdr(width: side, height: side, bitDepth: 8, colorType: 2, interlaced: interlaced)
            let clean = head + Forge.chunk("IDAT", Forge.zlibStored(scanlines)) + Forge.iend
            let bomb = head + Forge.chunk("IDAT", Forge.zlibZeros(prefix: scanlines, zeros: 300 << 20)) + Forge.iend
            #expect(Self.run(clean).image?.pixels == expected, "\(name) clean")
            let lenient = Self.run(bomb)
            #expect(lenient.image?.pixels == expected, "\(name): \(String(describing: lenient.error))")
            #expect(lenient.warning?.contains("after the last row") == true, "\(name)")
            #expect(lenient.elapsed < .milliseconds(200), "\(name) took \(lenient.elapsed)")
            let strict = Self.run(bomb, .strict)
            #expect(strict.error?.code == .corruptImage, "\(name)")
            #expect(strict.elapsed < .milliseconds(200))
            // Row by row (Adam7: through the reader's own image buffer).
            var streamed = [UInt8]()
            try PNGRowReader.withReader(bomb) { reader throws(ImageError) in
                try reader.forEachRow { _, row throws(ImageError) in streamed += row }
            }
            #expect(streamed == expected, "\(name) streamed")
            print("PNG image-data bomb \(name) (\(bomb.count) B, 300 MiB inflated): lenient \(lenient.elapsed), strict \(strict.elapsed)")
        }
    }

    @Test func aChunkDeclaringTwoGigabytesIsRefusedWithoutAllocating() {
        // The case this guards: the 3rd tEXt declared 1,979,711,491 bytes and libpng malloc'ed it.
        let text = Forge.chunk("tEXt", Array("a\0b".utf8))
        let liar = Forge.chunk("tEXt", Array("Comment\0".utf8), declaredLength: 1_979_711_491)
        let file = Forge.signature + Forge.ihdr(width: 4, height: 4, bitDepth: 8, colorType: 2)
            + text + text + liar + Forge.idat(rows: Self.tinyRows) + Forge.iend
        for strictness in Strictness.allCases {
            let outcome = Self.run(file, strictness)
            #expect(outcome.error?.code == .corruptImage)
            #expect(outcome.error?.reason.contains("1979711491") == true, "\(String(describing: outcome.error))")
            #expect(outcome.elapsed < Self.timeLimit)
        }
        // The same lie on a chunk libpng keeps (eXIf) and on the image data.
        let exifLiar = Forge.chunk("eXIf", Array("MM".utf8), declaredLength: 0x7FFF_FFFF)
        #expect(Self.run(Self.tiny(with: [exifLiar])).error?.code == .corruptImage)
        // Our chunk walk leaves a long IDAT to libpng (wt_png_chunks.c): libpng refuses the
        // length, or reads on to the end of the file after the last row. The refusal and the
        // complete picture are both safe, and both are accepted.
        let idatLiar = Forge.signature + Forge.ihdr(width: 4, height: 4, bitDepth: 8, colorType: 2)
            + Forge.chunk("IDAT", Forge.zlibStored(Self.tinyRows.flatMap { [0] + $0 }), declaredLength: 0x7FFF_0000) + Forge.iend
        let idat = Self.run(idatLiar)
        #expect(idat.elapsed < Self.timeLimit)
        let picture = HostileOutcome.expectPictureOrRefusal(idat.result.map(\.image), size: PixelSize(width: 4, height: 4),
                                                            codes: [.corruptImage], "IDAT declaring 2 GB")
        if let picture { #expect(picture.pixels == Self.tinyPixels) }
    }

    // MARK: - Declared sizes

    @Test(arguments: [(60_000, 60_000), (1_000_000, 1), (1, 70_000), (0x7FFF_FFFF, 0x7FFF_FFFF), (0xFFFF_FFFF, 1)])
    func hugeDeclaredSizesAreRefusedBeforeAllocation(width: Int, height: Int) {
        let file = Forge.signature + Forge.ihdr(width: width, height: height, bitDepth: 8, colorType: 6)
            + Forge.idat(rows: [[0, 0, 0, 0]]) + Forge.iend
        let outcome = Self.run(file)
        #expect(outcome.error?.code == .tooLarge, "\(width)x\(height): \(String(describing: outcome.error))")
        #expect(outcome.elapsed < Self.timeLimit)
        #expect(throws: ImageError.self) { try PNGDecoder.probe(file, limits: .default) }
    }

    @Test func theShimEnforcesTheLimitsWithoutTheSwiftPreCheck() {
        func open(width: Int, height: Int) -> (status: wt_status, text: String, reader: Bool) {
            let file = Forge.signature + Forge.ihdr(width: width, height: height, bitDepth: 8, colorType: 2)
                + Forge.idat(rows: [[0, 0, 0]]) + Forge.iend
            var limits = wt_png_limits(max_dimension: 65_535, max_pixels: 128 << 20, max_metadata_bytes: 4 << 20, strict: 0)
            var reader: OpaquePointer?
            var info = wt_png_info()
            let opened = ShimMessage.call { message in
                wt_png_reader_open(file, file.count, &limits, &reader, &info, message)
            }
            defer { wt_png_reader_destroy(reader) }
            return (opened.0, opened.1, reader != nil)
        }
        let area = open(width: 60_000, height: 60_000)   // each side within libpng's user limit: our area check
        #expect(area.status == WT_STATUS_TOO_LARGE, "\(area.text)")
        #expect(area.text.contains("pixels"))
        #expect(!area.reader)
        // libpng's png_set_user_limits refuses a side, and our status comes from its words
        // (wt_png.c, fail): too large, or corrupt once they change. Both refuse the file.
        let side = open(width: 70_000, height: 1)
        #expect([WT_STATUS_TOO_LARGE, WT_STATUS_CORRUPT].contains(side.status), "\(side.text)")
        #expect(!side.reader)
        // A zero side is libpng's to refuse here (the Swift check is bypassed): any refusal.
        let zero = open(width: 0, height: 4)
        #expect(zero.status != WT_STATUS_OK && !zero.reader, "\(zero.text)")
    }

    @Test(arguments: [(0, 4), (4, 0), (0, 0)])
    func aZeroSideIsCorrupt(width: Int, height: Int) {
        let file = Forge.signature + Forge.ihdr(width: width, height: height, bitDepth: 8, colorType: 2)
            + Forge.idat(rows: []) + Forge.iend
        #expect(Self.run(file).error?.code == .corruptImage)
    }

    // MARK: - Damage

    @Test func truncatedFilesAreRefusedUnlessEveryPixelIsThere() throws {
        let (file, _) = Forge.gradientRGB(width: 64, height: 48)
        let full = try #require(Self.run(file).image)
        let idatStart = 8 + 25 + 8  // signature, IHDR chunk, IDAT length and type
        for cut in [0, 4, 8, 12, 20, 33, 37, idatStart + 1, idatStart + 50, file.count / 2, file.count - 400] {
            for strictness in Strictness.allCases {
                let outcome = Self.run(Array(file.prefix(cut)), strictness)
                #expect(outcome.error?.code == .corruptImage, "cut at \(cut) of \(file.count) (\(strictness))")
                #expect(outcome.elapsed < Self.timeLimit)
            }
        }
        // Only IEND missing: lenient keeps the complete picture (with a warning), strict refuses.
        let noIEND = Array(file.dropLast(12))
        let lenient = Self.run(noIEND)
        #expect(lenient.image == full)
        #expect(lenient.warning != nil)
        #expect(Self.run(noIEND, .strict).error?.code == .corruptImage)
    }

    @Test func randomBitFlipsGiveAnImageOrATypedError() {
        var palette: [UInt8] = []
        for entry in 0..<16 { palette += [UInt8(entry * 16), UInt8(255 - entry * 16), 128] }
        let rows: [[UInt8]] = (0..<16).map { (y: Int) -> [UInt8] in
            (0..<8).map { (x: Int) -> UInt8 in UInt8(((y + x) % 16) << 4 | (x % 16)) }
        }
        let original = Forge.png(width: 16, height: 16, bitDepth: 4, colorType: 3, rows: rows,
                                 beforeImage: [Forge.chunk("gAMA", Forge.be32(45_455)), Forge.chunk("PLTE", palette),
                                               Forge.chunk("tRNS", [0, 64, 128]), Forge.chunk("tEXt", Array("k\0v".utf8))])
        var generator = SplitMix64(seed: 0x5EED)
        var decoded = 0, refused: [ImageError.Code: Int] = [:]
        var slowest = Duration.zero
        for _ in 0..<1000 {
            var mutated = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 8..<mutated.count, using: &generator)
                mutated[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            }
            let outcome = Self.run(mutated)
            slowest = max(slowest, outcome.elapsed)
            switch outcome.result {
            case .success(let result):
                decoded += 1
                #expect(result.image.size == PixelSize(width: 16, height: 16))
            case .failure(let error):
                refused[error.code, default: 0] += 1
                let expected: Set<ImageError.Code> = [.corruptImage, .tooLarge]
                #expect(expected.contains(error.code), "\(error)")
            }
        }
        #expect(slowest < Self.timeLimit)
        // Not libpng's call alone: a flip that makes a chunk other than IDAT declare more bytes
        // than the file has is refused by our own chunk walk (wt_png_chunks.c), and 1000 files
        // with 1 to 4 flips each hold well over a hundred of those.
        #expect(refused.values.reduce(0, +) > 0)
        print("PNG bit flips: 1000 files, decoded \(decoded), refused \(refused), slowest \(slowest)")
    }
}
