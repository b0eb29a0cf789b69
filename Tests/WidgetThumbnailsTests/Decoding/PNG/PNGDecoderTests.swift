import Testing
@testable import WidgetThumbnails

/// Conversions and metadata on PNGs built in the test (no corpus needed). Expected pixels come
/// from the PNG specification, not from the decoder.
@Suite struct PNGDecoderTests {
    typealias Forge = PNGFixtures

    static func decode(_ bytes: [UInt8], _ strictness: Strictness = .lenient) throws(ImageError) -> DecodedImage {
        try PNGDecoder.decode(bytes, options: DecodeOptions(strictness: strictness))
    }

    /// Big-endian 16-bit samples.
    static func samples16(_ values: [Int]) -> [UInt8] { values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }

    /// What a correctly rounded 16 -> 8 bit scale gives: round(v * 255 / 65535).
    static func scaled(_ value: Int) -> UInt8 { UInt8((Double(value) * 255 / 65_535).rounded()) }

    @Test func sixteenBitRGBAIsScaledWithRounding() throws {
        // 0x01FF and 0x00FF tell rounding (2, 1) from truncating `>> 8` (1, 0).
        let values = [0x01FF, 0x8000, 0xFFFF, 0x7F7F, 0x00FF, 0x0000, 0x0080, 0xFFFF]
        let file = Forge.png(width: 2, height: 1, bitDepth: 16, colorType: 6, rows: [Self.samples16(values)])
        let result = try Self.decode(file)
        #expect(result.image.pixels == values.map(Self.scaled))
        #expect(result.image.pixels[0] == 2)
        #expect(result.info.bitDepth == 16)
        #expect(result.info.colorModel == .rgba)
        #expect(result.info.hasAlpha)
    }

    @Test func sixteenBitGrayWithTRNSBecomesTransparentRGBA() throws {
        let file = Forge.png(width: 3, height: 1, bitDepth: 16, colorType: 0,
                             rows: [Self.samples16([0x1234, 0xFFFF, 0x01FF])],
                             beforeImage: [Forge.chunk("tRNS", Self.samples16([0x1234]))])
        let result = try Self.decode(file)
        let g = Self.scaled(0x1234)
        #expect(result.image.pixels == [g, g, g, 0, 255, 255, 255, 255, 2, 2, 2, 255])
        #expect(result.info.hasAlpha)
        #expect(result.info.colorModel == .gray)
    }

    @Test func twoBitPaletteWithShortTRNSExpandsToRGBA() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        // Indices 0, 1, 2, 3 packed in one byte; tRNS covers only the first two entries.
        let file = Forge.png(width: 4, height: 1, bitDepth: 2, colorType: 3, rows: [[0b00_01_10_11]],
                             beforeImage: [Forge.chunk("PLTE", palette), Forge.chunk("tRNS", [0, 128])])
        let result = try Self.decode(file)
        #expect(result.image.pixels == [255, 0, 0, 0, 0, 255, 0, 128, 0, 0, 255, 255, 255, 255, 255, 255])
        #expect(result.info.colorModel == .palette)
        #expect(result.info.bitDepth == 2)
        #expect(result.info.hasAlpha)
    }

    @Test func oneBitGrayExpandsToOpaqueBlackAndWhite() throws {
        let file = Forge.png(width: 10, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1010_0000, 0b0100_0000]])
        let result = try Self.decode(file)
        let expected: [UInt8] = [1, 0, 1, 0, 0, 0, 0, 0, 0, 1].flatMap { $0 == 1 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        #expect(result.image.pixels == expected)
        #expect(!result.info.hasAlpha)
    }

    @Test func eightBitGrayWithTRNSAndGrayAlpha() throws {
        let gray = Forge.png(width: 2, height: 1, colorType: 0, rows: [[50, 51]],
                             beforeImage: [Forge.chunk("tRNS", [0, 50])])
        #expect(try Self.decode(gray).image.pixels == [50, 50, 50, 0, 51, 51, 51, 255])
        let grayAlpha = Forge.png(width: 1, height: 1, colorType: 4, rows: [[200, 7]])
        #expect(try Self.decode(grayAlpha).image.pixels == [200, 200, 200, 7])
    }

    @Test func gAMAIsIgnored() throws {
        // gAMA 1.0 (100000) would brighten mid-grey a lot if applied; the policy keeps samples.
        let file = Forge.png(width: 1, height: 1, colorType: 2, rows: [[128, 64, 32]],
                             beforeImage: [Forge.chunk("gAMA", Forge.be32(100_000))])
        #expect(try Self.decode(file).image.pixels == [128, 64, 32, 255])
    }

    @Test func eXIfOrientationAndICCProfileAreProbed() throws {
        // Big-endian TIFF, one IFD entry: Orientation (0x0112), SHORT, count 1, value 6.
        let exif: [UInt8] = Array("MM".utf8) + [0, 42] + Forge.be32(8) + [0, 1]
            + [0x01, 0x12, 0, 3] + Forge.be32(1) + [0, 6, 0, 0] + Forge.be32(0)
        let profile = Self.minimalICCProfile()
        let iccp = Forge.chunk("iCCP", Array("test profile".utf8) + [0, 0] + Forge.zlibStored(profile))
        let file = Forge.png(width: 2, height: 1, colorType: 2, rows: [[1, 2, 3, 4, 5, 6]],
                             beforeImage: [iccp, Forge.chunk("eXIf", exif)])
        let info = try PNGDecoder.probe(file, limits: .default)
        #expect(info.orientation == .right)
        #expect(info.orientedSize == PixelSize(width: 1, height: 2))
        #expect(info.iccProfile?.data == profile)
        #expect(info.iccProfile?.colorSpace == "RGB ")
        #expect(try Self.decode(file, .strict).image.pixels == [1, 2, 3, 255, 4, 5, 6, 255])
    }

    @Test func aDamagedOrOversizedEXIfIsIgnoredWhenLenientAndRefusedWhenStrict() throws {
        let exif: [UInt8] = Array("MM".utf8) + [0, 42] + Forge.be32(8) + [0, 1]
            + [0x01, 0x12, 0, 3] + Forge.be32(1) + [0, 6, 0, 0] + Forge.be32(0)
        let damaged = Forge.png(width: 1, height: 1, colorType: 2, rows: [[1, 2, 3]],
                                beforeImage: [Forge.chunk("eXIf", exif, badCRC: true)])
        #expect(try PNGDecoder.probe(damaged, limits: .default).orientation == .up)
        #expect(throws: ImageError(.corruptImage, "strict mode: eXIf: CRC error; ignored")) {
            try Self.decode(damaged, .strict)
        }
        let small = DecodeLimits(maxMetadataBytes: 16)
        let intact = Forge.png(width: 1, height: 1, colorType: 2, rows: [[1, 2, 3]],
                               beforeImage: [Forge.chunk("eXIf", exif)])
        #expect(try PNGDecoder.probe(intact, limits: .default).orientation == .right)
        #expect(try PNGDecoder.probe(intact, limits: small).orientation == .up)
        #expect(throws: ImageError.self) {
            try PNGDecoder.decode(intact, options: DecodeOptions(limits: small, strictness: .strict))
        }
    }

    @Test func aBadAncillaryCRCIsAWarningWhenLenientAndRefusedWhenStrict() throws {
        let file = Forge.png(width: 1, height: 1, colorType: 2, rows: [[9, 8, 7]],
                             beforeImage: [Forge.chunk("tEXt", Array("Title\0x".utf8), badCRC: true)])
        // Lenient: libpng checks an ancillary chunk's CRC and decides between a warning and an
        // error. The picture with a warning and a corrupt-image refusal are both safe, and both
        // are accepted; the warning's words are libpng's, not asserted.
        let lenient = Result { () throws(ImageError) -> (image: RGBAImage, warning: String?) in
            try PNGRowReader.withReader(file) { reader throws(ImageError) in
                var pixels = [UInt8]()
                try reader.forEachRow { _, row throws(ImageError) in pixels += row }
                return (RGBAImage(width: 1, height: 1, pixels: pixels), reader.warning)
            }
        }
        HostileOutcome.expectPictureOrRefusal(lenient.map(\.image), size: PixelSize(width: 1, height: 1), codes: [.corruptImage],
                                              "a bad tEXt CRC, lenient")
        if case .success(let decoded) = lenient {
            #expect(decoded.image.pixels == [9, 8, 7, 255])
            #expect(decoded.warning != nil, "a bad CRC decoded without a warning")
        }
        #expect(throws: ImageError.self) { try Self.decode(file, .strict) }
        do {
            _ = try Self.decode(file, .strict)
        } catch {
            #expect(error.code == .corruptImage)
            #expect(error.reason.contains("strict"))
        }
    }

    @Test func theDispatcherRoutesPNGAndNamesTheFile() throws {
        let file = Forge.png(width: 1, height: 1, colorType: 2, rows: [[1, 2, 3]])
        #expect(try ImageDecoder.decode(file, file: "a.png").image.pixels == [1, 2, 3, 255])
        let broken = Array(file.prefix(40))
        do {
            _ = try ImageDecoder.decode(broken, file: "b.png")
            Issue.record("a truncated PNG decoded")
        } catch {
            #expect(error.code == .corruptImage)
            #expect(error.description.hasPrefix("b.png: corrupt image"))
        }
    }

    @Test func readRowsRefusesReadingPastTheEndAndStreamsInChunks() throws {
        let (file, rows) = Forge.gradientRGB(width: 5, height: 7)
        try PNGRowReader.withReader(file) { reader throws(ImageError) in
            #expect(reader.rowBytes == 20)
            var buffer = [UInt8](repeating: 0, count: 20 * 7)
            try buffer.withUnsafeMutableBufferPointer { (pointer) throws(ImageError) in
                let raw = UnsafeMutableRawBufferPointer(pointer)
                try reader.readRows(into: raw, count: 3)
                try reader.readRows(into: UnsafeMutableRawBufferPointer(rebasing: raw[60...]), count: 4)
                #expect(throws: ImageError.self) { try reader.readRows(into: raw, count: 1) }
            }
            var expected = [UInt8]()
            for row in rows {
                for x in stride(from: 0, to: row.count, by: 3) { expected += row[x..<x + 3] + [255] }
            }
            #expect(buffer == expected)
            #expect(reader.libpngPeakBytes > 0 && reader.libpngPeakBytes < 1 << 20)
        }
    }

    /// A 132-byte ICC v2 display profile header with no tags: enough for libpng's checks.
    static func minimalICCProfile() -> [UInt8] {
        var p = [UInt8](repeating: 0, count: 132)
        func put(_ bytes: [UInt8], at offset: Int) { p.replaceSubrange(offset..<offset + bytes.count, with: bytes) }
        put(Forge.be32(132), at: 0)
        put(Forge.be32(0x0210_0000), at: 8)
        put(Array("mntrRGB XYZ ".utf8), at: 12)
        put(Array("acsp".utf8), at: 36)
        put(Forge.be32(0xF6D6) + Forge.be32(0x1_0000) + Forge.be32(0xD32D), at: 68)  // D50
        return p
    }
}
