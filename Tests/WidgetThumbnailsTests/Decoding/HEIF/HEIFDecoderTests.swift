import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// HEIF without the corpus: sniffing by brand, the embedded-thumbnail rule, our box walk's
/// limits, and the nclx profiles.
@Suite struct HEIFDecoderTests {
    /// A hostile file our own check refuses, unless the installed libheif refuses it first
    /// (its words, which our shim marks "(libheif error"): Debian's security updates move that
    /// line, and both are safe. What fails: a picture, our check refusing without its words
    /// or with another code, a crash (libheif 1.15 allocating gigabytes when nothing refuses).
    static func expectRefused<T>(_ body: () throws(ImageError) -> T, ours words: String, code: ImageError.Code? = nil,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let value = try body()
            Issue.record("not refused: \(value)", sourceLocation: sourceLocation)
        } catch where error.reason.contains("(libheif error") {
            // libheif refused first.
        } catch {
            #expect(error.reason.contains(words), "\(error)", sourceLocation: sourceLocation)
            if let code { #expect(error.code == code, "\(error)", sourceLocation: sourceLocation) }
        }
    }

    static func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
        HEIFBoxFixtures.box("ftyp", Array(major.utf8) + HEIFBoxFixtures.u32(0) + compatible.flatMap { Array($0.utf8) })
    }

    @Test(arguments: ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis"])
    func everyImageBrandIsHEIF(brand: String) {
        #expect(FormatSniffer.sniff(Self.ftyp(brand) + [UInt8](repeating: 0, count: 16)) == .supported(.heif))
        // A compatible brand is enough (major brand of another family).
        #expect(FormatSniffer.sniff(Self.ftyp("isom", ["mp41", brand])) == .supported(.heif))
    }

    @Test func anMP4IsNotAnImage() {
        #expect(FormatSniffer.sniff(Self.ftyp("isom", ["mp41", "avc1"])) == .unsupported("ISO media (brand \"isom\")"))
    }

    @Test func theBrandDecidesNotTheExtension() throws {
        // A HEIF header under a .jpg name goes to the HEIF decoder (which finds no meta box).
        let bytes = Self.ftyp("heic", ["mif1"]) + [UInt8](repeating: 0, count: 32)
        #expect(try ImageDecoder.format(of: bytes, file: "photo.jpg") == .heif)
        #expect(throws: ImageError.self) { try ImageDecoder.probe(bytes, file: "photo.jpg") }
    }

    // MARK: embedded thumbnails

    static let primary = PixelSize(width: 4000, height: 3000)
    static func thumbnail(_ width: Int, _ height: Int) -> HEIFEmbeddedImage {
        HEIFEmbeddedImage(itemID: 9, size: PixelSize(width: width, height: height), bitDepth: 8, hasAlpha: false)
    }
    static let box = PixelSize(width: 500, height: 500)

    @Test func aThumbnailTwiceTheOutputIsUsed() throws {
        let choice = try HEIFImageChoice.choose(primary: Self.primary, thumbnails: [Self.thumbnail(1000, 750)],
                                                box: Self.box, limits: .default, policy: .whenLargeEnough)
        #expect(choice == .embeddedThumbnail(Self.thumbnail(1000, 750), .twiceTheOutput))
    }

    @Test func aSmallerOrOtherShapedThumbnailIsNot() throws {
        for candidate in [Self.thumbnail(999, 749), Self.thumbnail(1000, 780), Self.thumbnail(320, 240)] {
            let choice = try HEIFImageChoice.choose(primary: Self.primary, thumbnails: [candidate], box: Self.box,
                                                    limits: .default, policy: .whenLargeEnough)
            #expect(choice == .primary, "\(candidate)")
        }
    }

    @Test func fullDecodeAndFullSizeDecodesNeverUseOne() throws {
        let thumbnails = [Self.thumbnail(2000, 1500)]
        #expect(try HEIFImageChoice.choose(primary: Self.primary, thumbnails: thumbnails, box: Self.box,
                                           limits: .default, policy: .never) == .primary)
        #expect(try HEIFImageChoice.choose(primary: Self.primary, thumbnails: thumbnails, box: nil,
                                           limits: .default, policy: .whenLargeEnough) == .primary)
    }

    @Test func overTheLimitsAThumbnailThatCoversTheOutputIsUsedElseTooLarge() throws {
        let limits = DecodeLimits(maxPixels: 4_000_000)
        let covering = Self.thumbnail(640, 480)
        #expect(try HEIFImageChoice.choose(primary: Self.primary, thumbnails: [covering], box: Self.box,
                                           limits: limits, policy: .whenLargeEnough)
                == .embeddedThumbnail(covering, .primaryOverLimits))
        #expect {
            try HEIFImageChoice.choose(primary: Self.primary, thumbnails: [Self.thumbnail(320, 240)], box: Self.box,
                                       limits: limits, policy: .whenLargeEnough)
        } throws: { ($0 as? ImageError)?.code == .tooLarge }
        #expect {
            try HEIFImageChoice.choose(primary: Self.primary, thumbnails: [covering], box: Self.box,
                                       limits: limits, policy: .never)
        } throws: { ($0 as? ImageError)?.code == .tooLarge }
    }

    // MARK: our box walk

    @Test func aGridOfMoreTilesThanTheLimitIsRefusedBeforeLibheif() throws {
        let tiles = (2...5001).map { UInt16($0) }
        let bytes = HEIFBoxFixtures.file(items: [HEIFBoxFixtures.Item(id: 1, type: "grid")], primary: 1,
                                   references: [.init("dimg", from: 1, to: tiles)])
        #expect {
            try ImageDecoder.probe(bytes)
        } throws: { error in
            let error = error as? ImageError
            return error?.code == .tooLarge && error?.reason.contains("5000 tiles") == true
        }
    }

    @Test func referenceLoopsAreRefused() throws {
        let items = [HEIFBoxFixtures.Item(id: 1, type: "grid"), HEIFBoxFixtures.Item(id: 2, type: "grid"), HEIFBoxFixtures.Item(id: 3)]
        let loops: [[HEIFBoxFixtures.Reference]] = [
            [.init("dimg", from: 1, to: [2]), .init("dimg", from: 2, to: [1])],
            [.init("dimg", from: 1, to: [1])],
            [.init("auxl", from: 3, to: [1]), .init("auxl", from: 1, to: [3])],
        ]
        for references in loops {
            let bytes = HEIFBoxFixtures.file(items: items, primary: 1, references: references)
            #expect {
                try ImageDecoder.probe(bytes)
            } throws: { error in
                let error = error as? ImageError
                return error?.code == .corruptImage && error?.reason.contains("loop") == true
            }
        }
    }

    /// libheif reads iref entries one after another and ignores their declared sizes; a walk
    /// that stopped at a lying size missed this loop and libheif recursed until its stack
    /// overflowed (found by FuzzHEIF).
    @Test func aLoopBehindALyingReferenceSizeIsRefused() throws {
        var bytes = HEIFBoxFixtures.file(items: [HEIFBoxFixtures.Item(id: 1, type: "grid"), HEIFBoxFixtures.Item(id: 2, type: "grid")], primary: 1,
                                   references: [.init("dimg", from: 1, to: [2]), .init("dimg", from: 2, to: [1])])
        let firstEntry = try #require(bytes.firstRange(of: Array("dimg".utf8)))
        // "dimg", from, count, one id: then the second entry's size, 0x0000000E becomes 0xAF00000E.
        bytes[firstEntry.lowerBound + 10] = 0xAF
        #expect { try ImageDecoder.probe(bytes) } throws: { ($0 as? ImageError)?.reason.contains("loop") == true }
    }

    /// Found by FuzzHEIF: libheif 1.15 decodes an image with no defined bit depth by
    /// allocating 2.7 GB and crashing; refused before decoding.
    @Test func anUndefinedBitDepthIsRefusedBeforeDecoding() throws {
        let bytes = try FileBytes.contents(of: Corpus.packageRoot.appendingPathComponent(
            "Fuzz/regressions/FuzzHEIF/undefined-bit-depth-makes-libheif-allocate-2.7GB.heic").path)
        Self.expectRefused({ () throws(ImageError) in try ImageDecoder.decode(bytes) }, ours: "no defined bit depth")
    }

    /// Found by FuzzHEIF: libheif 1.15.1-1+deb12u1 returned a 64x64 coded picture for a 64x58
    /// ispe; 1.15.1-1+deb12u2 (a Debian security update) refuses the file itself. Both are
    /// safe, and both are accepted here: what must hold is ours, that no stage sees a size the
    /// probe did not report. The old library's picture goes through `reconcile` below.
    @Test func aCodedSizeLargerThanDeclaredNeverReachesAStage() throws {
        let bytes = try FileBytes.contents(of: Corpus.packageRoot.appendingPathComponent(
            "Fuzz/regressions/FuzzHEIF/decoded-64x64-where-the-file-declares-64x58.heic").path)
        let probed = try ImageDecoder.probe(bytes)
        #expect(probed.size == PixelSize(width: 64, height: 58), "the probe reads ispe, before libheif decodes")
        for options in [DecodeOptions(), DecodeOptions(targetBox: PixelSize(width: 48, height: 48))] {
            do {
                let decoded = try ImageDecoder.decode(bytes, options: options)
                #expect(decoded.info.size == probed.size)
                #expect(decoded.image.size == probed.size, "a picture at a size the probe did not report")
                #expect(decoded.image.pixels.count == decoded.image.size.area * 4)
            } catch {
                // Refused (by libheif, or by our check): a typed error with a reason is as good.
                #expect(!error.reason.isEmpty)
            }
        }
    }

    /// What the decoder does with whatever size a libheif version hands back, as a table: the
    /// old 64x64 picture for a 64x58 file is cut to 64x58; a smaller or rotated-padded one is
    /// refused. Not the library's behaviour but ours, so it holds whichever libheif is installed.
    @Test(arguments: [
        (64, 64, 64, 58, true, HEIFFile.DecodedSize.cropToDeclared),
        (64, 58, 64, 58, true, .keep),
        (64, 58, 64, 58, false, .keep),
        (64, 64, 64, 58, false, .refuse),
        (60, 58, 64, 58, true, .refuse),
        (64, 57, 64, 58, true, .refuse),
        (66, 50, 64, 58, true, .refuse),
    ])
    func aDecodedSizeIsKeptCutOrRefused(_ row: (Int, Int, Int, Int, Bool, HEIFFile.DecodedSize)) {
        let (width, height, declaredWidth, declaredHeight, untransformed, expected) = row
        #expect(HEIFFile.reconcile(decoded: PixelSize(width: width, height: height),
                                   declared: PixelSize(width: declaredWidth, height: declaredHeight),
                                   untransformed: untransformed) == expected)
    }

    /// Found by FuzzHEIF: an overlay (iovl) item as the alpha plane of a 16x16 image made
    /// libheif 1.15 allocate 2.2 GB; what an image pulls in is checked before decoding.
    @Test func anOverlayTheImageNeedsIsRefusedBeforeDecoding() throws {
        let bytes = try FileBytes.contents(of: Corpus.packageRoot.appendingPathComponent(
            "Fuzz/regressions/FuzzHEIF/overlay-alpha-plane-makes-libheif-allocate-2.2GB.heic").path)
        Self.expectRefused({ () throws(ImageError) in try ImageDecoder.decode(bytes) }, ours: "overlay (iovl)")
    }

    @Test func aHugeAlphaPlaneIsRefusedBeforeDecoding() throws {
        let alpha = HEIFBoxFixtures.Item(id: 2, width: 60_000, height: 60_000, auxiliaryType: "urn:mpeg:hevc:2015:auxid:1")
        let bytes = HEIFBoxFixtures.file(items: [HEIFBoxFixtures.Item(id: 1), alpha],
                                   primary: 1, references: [.init("auxl", from: 2, to: [1])])
        Self.expectRefused({ () throws(ImageError) in try ImageDecoder.decode(bytes) }, ours: "item 2", code: .tooLarge)
    }

    /// Found by FuzzHEIF: a clap that libheif 1.15 turned into a 65295x24 image out of a
    /// 64x64 one (and leaked on); a transform can only keep or shrink the stored size. The
    /// 65295x24 is libheif's arithmetic, so only our words around the file's own 64x64 are held.
    @Test func aCleanApertureLargerThanTheImageIsRefused() throws {
        let bytes = try FileBytes.contents(of: Corpus.packageRoot.appendingPathComponent(
            "Fuzz/regressions/FuzzHEIF/clap-larger-than-the-image-leaks-in-libheif.heic").path)
        Self.expectRefused({ () throws(ImageError) in try ImageDecoder.probe(bytes) }, ours: "out of a 64x64 image")
    }

    /// Found by FuzzHEIF (LeakSanitizer): a 144/43 x 7/6 clean aperture leaked in libheif 1.15.
    @Test func aFractionalCleanApertureIsRefused() throws {
        let bytes = try FileBytes.contents(of: Corpus.packageRoot.appendingPathComponent(
            "Fuzz/regressions/FuzzHEIF/fractional-clap-leaks-in-libheif.heic").path)
        Self.expectRefused({ () throws(ImageError) in try ImageDecoder.probe(bytes) }, ours: "clap", code: .unsupportedFormat)
    }

    @Test func aDeepChainOfDerivedImagesIsRefused() throws {
        let items = (1...20).map { HEIFBoxFixtures.Item(id: UInt16($0), type: $0 == 20 ? "hvc1" : "iden") }
        let chain = (1..<20).map { HEIFBoxFixtures.Reference("dimg", from: UInt16($0), to: [UInt16($0 + 1)]) }
        #expect {
            try ImageDecoder.probe(HEIFBoxFixtures.file(items: items, primary: 1, references: chain))
        } throws: { ($0 as? ImageError)?.reason.contains("nest 19 deep") == true }
    }

    @Test func aLyingHugeSizeIsTooLargeInMilliseconds() throws {
        let bytes = HEIFBoxFixtures.file(items: [HEIFBoxFixtures.Item(id: 1, width: 60_000, height: 60_000)], primary: 1)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            Self.expectRefused({ () throws(ImageError) in try ImageDecoder.decode(bytes) }, ours: "60000x60000", code: .tooLarge)
        }
        #expect(elapsed < .milliseconds(200), "\(elapsed)")
    }

    /// libheif's call (our box walk leaves such an item without a location): any typed refusal.
    @Test func anExtentPastTheEndIsRefused() throws {
        let bytes = HEIFBoxFixtures.file(items: [HEIFBoxFixtures.Item(id: 1)], primary: 1, extentShift: 1 << 20)
        #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes) }
    }

    // MARK: nclx colour

    static let displayP3: [Float] = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290]
    static let bt2020: [Float] = [0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290]

    @Test func bt709AndSRGBPassThrough() throws {
        let nclx = NCLXColour(primaries: 1, transfer: 13, matrix: 6, fullRange: true,
                              chromaticities: [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290])
        #expect(nclx.isSRGB)
        #expect(try nclx.profile() == nil)
    }

    @Test func displayP3ConvertsToSRGB() throws {
        let nclx = NCLXColour(primaries: 12, transfer: 13, matrix: 6, fullRange: true, chromaticities: Self.displayP3)
        let profile = try #require(try nclx.profile())
        #expect(profile.description?.contains("Display P3") == true)
        #expect(!ColorConverter.isEquivalentToSRGB(profile))
        // P3's pure green is outside sRGB: it clips to sRGB green; grey stays grey.
        var image = RGBAImage(width: 2, height: 1, pixels: [0, 255, 0, 255, 128, 128, 128, 255])
        try ColorConverter.convertToSRGB(&image, from: profile)
        #expect(image.pixels[0] == 0 && image.pixels[1] == 255 && image.pixels[2] == 0, "\(image.pixels)")
        #expect(Array(image.pixels[4..<7]).allSatisfy { abs(Int($0) - 128) <= 1 }, "\(image.pixels)")
        // A P3 red of (200, 60, 50) is a more saturated red than sRGB's (200, 60, 50).
        var red = RGBAImage(width: 1, height: 1, pixels: [200, 60, 50, 255])
        try ColorConverter.convertToSRGB(&red, from: profile)
        #expect(red.pixels[0] > 210 && red.pixels[1] < 60, "\(red.pixels)")
    }

    @Test func pqIsConvertedAndClippedAndSaysSo() throws {
        let nclx = NCLXColour(primaries: 9, transfer: 16, matrix: 9, fullRange: false, chromaticities: Self.bt2020)
        #expect(nclx.isHDR)
        let profile = try #require(try nclx.profile())
        #expect(profile.description?.contains("clipped") == true)
        // PQ code 0.58 is about 203 cd/m2: reference white. Anything brighter clips to white.
        var image = RGBAImage(width: 2, height: 1, pixels: [148, 148, 148, 255, 230, 230, 230, 255])
        try ColorConverter.convertToSRGB(&image, from: profile)
        #expect(Array(image.pixels[0..<3]).allSatisfy { $0 >= 245 }, "\(image.pixels)")
        #expect(Array(image.pixels[4..<7]) == [255, 255, 255], "\(image.pixels)")
    }

    @Test func hlgIsConvertedAndClipped() throws {
        let nclx = NCLXColour(primaries: 9, transfer: 18, matrix: 9, fullRange: false, chromaticities: Self.bt2020)
        let profile = try #require(try nclx.profile())
        #expect(profile.description?.contains("HLG") == true && profile.description?.contains("clipped") == true)
        var image = RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 255])
        try ColorConverter.convertToSRGB(&image, from: profile)
        #expect(Array(image.pixels[0..<3]) == [0, 0, 0])
    }

    /// Primaries 2 ("unspecified") come from libheif 1.15 without chromaticities; they are
    /// BT.709's, as libheif decodes them: sRGB passes through, and a PQ transfer over them
    /// still gets a profile (BT.709 red stays sRGB red once converted).
    @Test func unspecifiedPrimariesAreBT709() throws {
        let unknown = [Float](repeating: 0, count: 8)
        let plain = NCLXColour(primaries: 2, transfer: 2, matrix: 6, fullRange: true, chromaticities: unknown)
        #expect(plain.isSRGB)
        #expect(try plain.profile() == nil)
        let pq = NCLXColour(primaries: 2, transfer: 16, matrix: 6, fullRange: true, chromaticities: unknown)
        let profile = try #require(try pq.profile())
        var red = RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255])
        try ColorConverter.convertToSRGB(&red, from: profile)
        #expect(red.pixels[0] == 255 && red.pixels[1] == 0 && red.pixels[2] == 0, "\(red.pixels)")
    }

    @Test func unbuildablePrimariesAreRefusedNotIgnored() {
        let nclx = NCLXColour(primaries: 99, transfer: 13, matrix: 6, fullRange: true,
                              chromaticities: [Float](repeating: 0, count: 8))
        #expect { try nclx.profile() } throws: { ($0 as? ImageError)?.code == .unsupportedFormat }
    }
}
