import Foundation
import Testing
@testable import WidgetThumbnails

/// Damaged and hostile WebPs, all made in the test: each is refused with a typed error or
/// decoded at its declared size, well within a second, and never crashes. Set
/// WEBP_HOSTILE_TIMINGS=1 to print each case's outcome and time.
@Suite struct WebPHostileInputTests {
    typealias F = WebPFixtures

    enum Outcome {
        case image(DecodedImage)
        case refused(ImageError)

        var error: ImageError? { if case .refused(let error) = self { error } else { nil } }
        var image: DecodedImage? { if case .image(let image) = self { image } else { nil } }
        var result: Result<DecodedImage, ImageError> {
            switch self {
            case .image(let image): .success(image)
            case .refused(let error): .failure(error)
            }
        }
    }

    /// What a refusal may say where libwebp decides: the decoder's codes, plus `invalidArgument`,
    /// which our shim gives libwebp's VP8_STATUS_INVALID_PARAM (wt_webp.c). Never `io`.
    static let libwebpRefusals = HostileOutcome.refusals.union([.invalidArgument])

    /// Decodes what libwebp (or libwebpdemux) judges, where a typed refusal and a picture at the
    /// size the probe reports (`decodedSize` when shrunk on load) are both safe: both are
    /// accepted. Returns the picture.
    @discardableResult
    static func expectPictureOrRefusal(_ name: String, _ bytes: [UInt8], _ options: DecodeOptions = DecodeOptions(),
                                       decodedSize: PixelSize? = nil,
                                       sourceLocation: Testing.SourceLocation = #_sourceLocation) -> DecodedImage? {
        let outcome = decode(name, bytes, options, sourceLocation: sourceLocation)
        return HostileOutcome.expectPictureOrRefusal(outcome.result, probed: HostileOutcome.probedSize(bytes, limits: options.limits),
                                                     decodedSize: decodedSize, codes: libwebpRefusals, name,
                                                     sourceLocation: sourceLocation)
    }

    /// Decodes, timing it, and checks the 1 s bound (generous: these take milliseconds).
    static func decode(_ name: String, _ bytes: [UInt8], _ options: DecodeOptions = DecodeOptions(),
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome: Outcome
        do { outcome = .image(try WebPDecoder.decode(bytes, options: options)) } catch { outcome = .refused(error) }
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(1), "\(name) took \(elapsed)", sourceLocation: sourceLocation)
        if ProcessInfo.processInfo.environment["WEBP_HOSTILE_TIMINGS"] != nil {
            let what = outcome.error.map { "\($0.code.rawValue): \($0.reason)" } ?? "decoded \(outcome.image!.image.size)"
            let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            print("webp-hostile | \(name) | \(String(format: "%.2f", ms)) ms | \(what)")
        }
        return outcome
    }

    static func expectRefused(_ name: String, _ bytes: [UInt8], _ code: ImageError.Code,
                              _ options: DecodeOptions = DecodeOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let outcome = decode(name, bytes, options, sourceLocation: sourceLocation)
        #expect(outcome.error?.code == code, "\(name): \(outcome)", sourceLocation: sourceLocation)
    }

    /// Small files of every kind the decoder handles.
    static let samples: [(name: String, bytes: [UInt8], size: PixelSize)] = {
        let image = F.pattern(48, 40) { x, y in UInt8(40 + (x * y) % 200) }
        let animated = F.animation(canvasWidth: 48, canvasHeight: 40, frames: [
            F.frame(x: 4, y: 2, width: 40, height: 30, image: F.imageChunks(of: F.lossy(F.pattern(40, 30)))),
            F.frame(x: 0, y: 0, width: 48, height: 40, image: F.imageChunks(of: F.lossless(F.pattern(48, 40)))),
        ])
        let size = PixelSize(width: 48, height: 40)
        return [("lossy", F.lossy(F.pattern(48, 40)), size),
                ("lossy+alpha", F.lossy(image), size),
                ("lossless+alpha", F.lossless(image), size),
                ("animated", animated, size),
                ("exif+iccp", F.withMetadata(F.lossy(image), size: size, exif: F.exifTIFF(orientation: 3),
                                             iccp: [UInt8](repeating: 7, count: 200)), size)]
    }()

    /// Where a cut lands, libwebp and libwebpdemux decide whether it is refused, salvaged
    /// (lenient) or, in strict mode, refused by our check of the container they report: any of
    /// these is safe, and all are accepted. A picture is at the sample's own size.
    @Test(arguments: [Strictness.lenient, .strict])
    func truncationAtManyOffsets(strictness: Strictness) {
        for sample in Self.samples {
            let offsets = Set([0, 1, 11, 12, 16, 20, 29, 30, 40] + (1..<20).map { sample.bytes.count * $0 / 20 }
                              + [sample.bytes.count - 2, sample.bytes.count - 1])
            for offset in offsets.sorted() where offset < sample.bytes.count {
                let name = "\(sample.name) cut at \(offset)/\(sample.bytes.count) (\(strictness))"
                let decoded = Self.expectPictureOrRefusal(name, Array(sample.bytes.prefix(offset)), DecodeOptions(strictness: strictness))
                if let decoded { #expect(decoded.image.size == sample.size, "\(name)") }
            }
        }
    }

    /// 90% of a file: whether libwebp's incremental decoder salvages rows is libwebp's call. A
    /// picture (the missing rows grey) and a typed refusal are both safe, and both are accepted;
    /// a picture is at the sample's size, or shrunk on load to exactly what we ask.
    @Test func lenientSalvagesATruncatedFileOrRefusesIt() throws {
        for sample in Self.samples where sample.name != "animated" {
            let cut = Array(sample.bytes.prefix(sample.bytes.count * 9 / 10))
            if let image = Self.expectPictureOrRefusal("\(sample.name) 90%", cut) {
                #expect(image.image.size == sample.size)
            }
            // Shrunk on load too: 48x40 into 12x12 is output 12x10, decoded at 24x20.
            let box = PixelSize(width: 12, height: 12)
            Self.expectPictureOrRefusal("\(sample.name) 90%, box 12", cut, DecodeOptions(targetBox: box),
                                        decodedSize: PixelSize(width: 24, height: 20))
        }
    }

    @Test(arguments: [Strictness.lenient, .strict])
    func bitFlipsAreRefusedOrDecoded(strictness: Strictness) {
        for sample in Self.samples {
            for position in stride(from: 0, to: sample.bytes.count, by: max(1, sample.bytes.count / 150)) {
                var bytes = sample.bytes
                bytes[position] ^= UInt8(1) << UInt8(position % 8)
                let name = "\(sample.name) bit \(position % 8) of byte \(position) (\(strictness))"
                if case .image(let decoded) = Self.decode(name, bytes, DecodeOptions(strictness: strictness)) {
                    // A flip in a size field may change the size; it must then still be a valid one.
                    #expect(decoded.image.pixels.count == decoded.image.width * decoded.image.height * 4, "\(name)")
                    #expect(decoded.info.size.area <= DecodeLimits.default.maxPixels, "\(name)")
                }
            }
        }
    }

    @Test(arguments: [(16_383, 16_383), (16_384, 16_384), (65_536, 2), (16_777_216, 16_777_216), (16_777_216, 1)])
    func hugeVP8XCanvasInATinyFileIsTooLarge(width: Int, height: Int) {
        let image = F.imageChunks(of: F.lossless(F.solid(2, 2, [9, 9, 9, 255])))
        let headerOnly = F.riff([F.vp8x([], width: width, height: height)])
        let withImage = F.riff([F.vp8x([.alpha], width: width, height: height)] + image)
        #expect(headerOnly.count < 40)
        Self.expectRefused("VP8X \(width)x\(height), header only", headerOnly, .tooLarge)
        Self.expectRefused("VP8X \(width)x\(height), 2x2 image", withImage, .tooLarge)
    }

    @Test func hugeBitstreamSizeInATinyFileIsTooLarge() throws {
        // VP8L header: 0x2F, then 14 bits width-1 and 14 bits height-1 (all ones: 16384x16384).
        var lossless = F.lossless(F.solid(2, 2, [1, 2, 3, 255]))
        let vp8l = try #require(lossless.firstRange(of: Array("VP8L".utf8))).lowerBound + 8
        lossless[vp8l + 1] = 0xFF
        lossless[vp8l + 2] = 0xFF
        lossless[vp8l + 3] = 0xFF
        lossless[vp8l + 4] |= 0x0F
        Self.expectRefused("VP8L declaring 16384x16384", lossless, .tooLarge)

        // VP8 key frame: 3-byte tag, start code 9D 01 2A, then 14-bit width and height.
        var lossy = F.lossy(F.solid(16, 16, [1, 2, 3, 255]))
        let start = try #require(lossy.firstRange(of: [0x9D, 0x01, 0x2A])).upperBound
        lossy.replaceSubrange(start..<start + 4, with: [0xFF, 0x3F, 0xFF, 0x3F])
        Self.expectRefused("VP8 declaring 16383x16383", lossy, .tooLarge)
        // Within limits, the same lie must stay quick (the 1 s bound): libwebp refuses it, or a
        // picture comes at the size the probe reported. Both are safe and accepted.
        let roomy = DecodeOptions(limits: DecodeLimits(maxPixels: 300_000_000))
        Self.expectPictureOrRefusal("VP8 declaring 16383x16383, roomy limits", lossy, roomy)
    }

    @Test func riffSizeThatLies() throws {
        let file = F.lossless(F.pattern(32, 32))
        let clean = try WebPDecoder.decode(file, options: DecodeOptions()).image
        func withRIFFSize(_ size: UInt32) -> [UInt8] { var bytes = file; bytes.replaceSubrange(4..<8, with: F.le32(size)); return bytes }
        for size: UInt32 in [UInt32(file.count + 1000), 0xFFFF_FFF0] {
            // Every pixel is there, but libwebp judges the size: it decodes them all, salvages the
            // rows it reads (the rest our grey) or refuses the file. All are safe and accepted.
            if let lenient = Self.expectPictureOrRefusal("RIFF size \(size), lenient", withRIFFSize(size)) {
                #expect(F.rowsAreDecodedOrMissing(lenient.image, decoded: clean), "RIFF size \(size)")
            }
            // Strict refuses what the container check reports as ending early (ours, on libwebpdemux's state).
            Self.expectRefused("RIFF size \(size), strict", withRIFFSize(size), .corruptImage, DecodeOptions(strictness: .strict))
        }
        // Under 12 bytes, our header check refuses the size, in its words.
        for size: UInt32 in [0, 4, 11] {
            for strictness in Strictness.allCases {
                let outcome = Self.decode("RIFF size \(size), \(strictness)", withRIFFSize(size), DecodeOptions(strictness: strictness))
                #expect(outcome.error == ImageError(.corruptImage, "the RIFF size (\(size) bytes) is too small to hold an image"),
                        "\(outcome)")
            }
        }
        // A size that cuts the image chunk, or one past what libwebp accepts: libwebp's call. A
        // typed refusal and a 32x32 picture are both safe, and both are accepted.
        for size: UInt32 in [12, 20, 0xFFFF_FFFF] {
            for strictness in Strictness.allCases {
                Self.expectPictureOrRefusal("RIFF size \(size), \(strictness)", withRIFFSize(size), DecodeOptions(strictness: strictness),
                                            decodedSize: PixelSize(width: 32, height: 32))
            }
        }
    }

    @Test func emptyAndHeaderOnlyFiles() {
        Self.expectRefused("empty", [], .corruptImage)
        Self.expectRefused("RIFF header, size 0", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8), .corruptImage)
        Self.expectRefused("RIFF header, size 4", Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WEBP".utf8), .corruptImage)
        // Past our RIFF header check, libwebp reads the image chunk and decides which error:
        // any typed refusal is accepted; a picture only at a size the probe reported.
        Self.expectPictureOrRefusal("VP8 chunk of size 0", F.riff([F.Chunk(fourCC: "VP8 ", payload: [])]))
        Self.expectPictureOrRefusal("VP8L chunk of size 0", F.riff([F.Chunk(fourCC: "VP8L", payload: [])]))
        var zeroByZero = F.lossy(F.solid(16, 16, [1, 2, 3, 255]))
        if let start = zeroByZero.firstRange(of: [0x9D, 0x01, 0x2A])?.upperBound {
            zeroByZero.replaceSubrange(start..<start + 4, with: [0, 0, 0, 0])
        }
        Self.expectPictureOrRefusal("VP8 declaring 0x0", zeroByZero)
        Self.expectPictureOrRefusal("unknown chunk only", F.riff([F.Chunk(fourCC: "ABCD", payload: [1, 2])]))
        #expect(throws: ImageError(.unsupportedFormat, "empty file, not JPEG, PNG, WebP or HEIF", file: "x.webp")) {
            try ImageDecoder.decode([], file: "x.webp")
        }
    }

    @Test func animatedFileWithAHugeCanvas() {
        let frame = F.frame(x: 0, y: 0, width: 2, height: 2, image: F.imageChunks(of: F.lossless(F.solid(2, 2, [5, 5, 5, 255]))))
        for (width, height) in [(16_777_216, 16_777_216), (16_383, 16_383), (65_535, 65_535), (65_536, 16)] {
            Self.expectRefused("animation canvas \(width)x\(height)", F.animation(canvasWidth: width, canvasHeight: height, frames: [frame]), .tooLarge)
        }
        // Within the limits (64 Mpx) a tiny frame on a big canvas is legitimate: shrink-on-load
        // keeps the canvas small.
        let big = F.animation(canvasWidth: 8000, canvasHeight: 8000, frames: [frame])
        let decoded = Self.decode("animation canvas 8000x8000, box 100", big, DecodeOptions(targetBox: PixelSize(width: 100, height: 100)))
        #expect(decoded.image?.image.size == PixelSize(width: 200, height: 200))
        #expect(decoded.image?.info.size == PixelSize(width: 8000, height: 8000))
    }

    @Test func animationFrameOutsideItsCanvasIsRefused() {
        let image = F.imageChunks(of: F.lossless(F.solid(8, 8, [5, 5, 5, 255])))
        let file = F.animation(canvasWidth: 10, canvasHeight: 10, frames: [F.frame(x: 6, y: 0, width: 8, height: 8, image: image)])
        Self.expectRefused("frame 8x8 at 6,0 on a 10x10 canvas", file, .corruptImage)

        // ANMF declaring another size than its bitstream holds: refused, or decoded on the canvas.
        let big = F.imageChunks(of: F.lossless(F.solid(16, 16, [5, 5, 5, 255])))
        for (width, height) in [(4, 4), (16, 16), (30, 30)] {
            let lying = F.animation(canvasWidth: 32, canvasHeight: 32, frames: [F.frame(x: 2, y: 2, width: width, height: height, image: big)])
            let outcome = Self.decode("ANMF \(width)x\(height) holding 16x16", lying)
            #expect(outcome.error?.code == .corruptImage || outcome.image?.image.size == PixelSize(width: 32, height: 32))
        }
    }

    @Test func tooManyChunksAreRefusedAndManyFramesAreFine() throws {
        let image = F.lossless(F.solid(2, 2, [5, 5, 5, 255]))
        let filler = [F.Chunk](repeating: F.Chunk(fourCC: "JUNK", payload: []), count: Int(WebPDecoder.maxChunks))
        let crowded = F.riff([F.vp8x([], width: 2, height: 2)] + F.imageChunks(of: image) + filler)
        Self.expectRefused("\(filler.count + 2) chunks", crowded, .tooLarge)

        let frame = F.frame(x: 0, y: 0, width: 2, height: 2, image: F.imageChunks(of: image))
        let long = F.animation(canvasWidth: 2, canvasHeight: 2, frames: Array(repeating: frame, count: 5000))
        let decoded = try #require(Self.decode("5000 frames", long).image)
        #expect(decoded.info.webp?.frameCount == 5000)
        #expect(decoded.image.pixels == Array([[UInt8]](repeating: [5, 5, 5, 255], count: 4).joined()))
    }

    @Test func hugeEXIFChunkCostsNothing() throws {
        let exif = F.exifTIFF(orientation: 8) + [UInt8](repeating: 0, count: 6 << 20)
        let file = F.withMetadata(F.lossy(F.pattern(16, 16)), size: PixelSize(width: 16, height: 16), exif: exif)
        let decoded = try #require(Self.decode("6 MiB EXIF chunk", file).image)
        #expect(decoded.info.orientation == .left)
    }

    @Test func scaledDecodesGiveTheRequestedSize() throws {
        let cases: [(String, [UInt8], PixelSize, PixelSize)] = [
            ("lossless+alpha 640x480", F.lossless(F.pattern(640, 480) { x, _ in UInt8(x % 256) }), PixelSize(width: 160, height: 160), PixelSize(width: 320, height: 240)),
            ("lossy+alpha 640x480", F.lossy(F.pattern(640, 480) { _, y in UInt8(y % 256) }), PixelSize(width: 50, height: 300), PixelSize(width: 100, height: 76)),
            ("lossless 4000x3", F.lossless(F.pattern(4000, 3)), PixelSize(width: 100, height: 100), PixelSize(width: 200, height: 2)),
            ("lossy 1x1", F.lossy(F.solid(1, 1, [1, 2, 3, 255])), PixelSize(width: 10, height: 10), PixelSize(width: 1, height: 1)),
        ]
        Self.expectRefused("box 0x10", cases[0].1, .invalidArgument, DecodeOptions(targetBox: PixelSize(width: 0, height: 10)))
        for (name, bytes, box, expected) in cases {
            let decoded = try #require(Self.decode("scaled \(name) into \(box)", bytes, DecodeOptions(targetBox: box)).image)
            #expect(decoded.image.size == expected, "\(name)")
        }
    }
}
