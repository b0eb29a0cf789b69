import Testing
@testable import WidgetThumbnails
import TestSupport

@Suite struct EncoderJPEGTests {
    @Test func writesABaselineJFIFWithoutEXIF() throws {
        let jpeg = try ImageEncoder.encode(SyntheticImage.gradient(width: 120, height: 80), format: .jpeg, quality: 80)
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
        let segments = try #require(JPEGSegments.read(jpeg))
        #expect(segments.first?.marker == 0xE0)
        #expect(segments.first.map { Array($0.payload.prefix(5)) } == Array("JFIF\0".utf8))
        #expect(!segments.contains { $0.marker == 0xE1 }, "no APP1 (EXIF/XMP)")
        #expect(!segments.contains { $0.marker == 0xE2 }, "no ICC without a profile")
        let frame = try #require(segments.first { $0.marker == 0xC0 }, "SOF0: baseline")
        let start = frame.payload.startIndex
        #expect(Int(frame.payload[start + 1]) << 8 | Int(frame.payload[start + 2]) == 80)
        #expect(Int(frame.payload[start + 3]) << 8 | Int(frame.payload[start + 4]) == 120)
        #expect(frame.payload[start + 5] == 3, "three components")
        #expect(frame.payload[start + 7] == 0x22, "luma sampled 2x2: 4:2:0 below quality 90")
    }

    @Test func usesFullChromaFromQuality90() throws {
        let jpeg = try ImageEncoder.encode(SyntheticImage.gradient(width: 64, height: 64), format: .jpeg, quality: 92)
        let frame = try #require(JPEGSegments.read(jpeg)?.first { $0.marker == 0xC0 })
        #expect(frame.payload[frame.payload.startIndex + 7] == 0x11, "4:4:4")
    }

    @Test func progressiveWritesSOF2() throws {
        let settings = JPEGEncoder.Settings(quality: 80, scan: .progressive)
        let jpeg = try JPEGEncoder.encode(SyntheticImage.gradient(width: 64, height: 64), settings: settings)
        let segments = try #require(JPEGSegments.read(jpeg))
        #expect(segments.contains { $0.marker == 0xC2 })
    }

    @Test(arguments: [1_000, 65_519, 65_520, 150_000])
    func embedsTheICCProfileAfterAPP0(profileSize: Int) throws {
        let size = profileSize - profileSize % 4
        let profile = SyntheticICC.profile(size: size)
        let jpeg = try ImageEncoder.encode(SyntheticImage.gradient(width: 50, height: 40), format: .jpeg,
                                           quality: 80, iccProfile: profile)
        let segments = try #require(JPEGSegments.read(jpeg))
        let expectedCount = (size + 65_518) / 65_519
        #expect(segments.first?.marker == 0xE0)
        #expect(segments.dropFirst().prefix(expectedCount).allSatisfy { $0.marker == 0xE2 })
        let app2 = segments.filter { $0.marker == 0xE2 }
        #expect(app2.count == expectedCount)
        for (index, segment) in app2.enumerated() {
            let start = segment.payload.startIndex
            #expect(segment.payload[start + 12] == UInt8(index + 1), "sequence number")
            #expect(segment.payload[start + 13] == UInt8(expectedCount), "segment count")
            #expect(segment.payload.count <= 65_533)
        }
        #expect(JPEGSegments.iccProfile(in: segments) == profile.data)
    }

    @Test func flattensTransparencyOntoWhite() {
        let image = RGBAImage(width: 3, height: 1, pixels: [200, 0, 0, 0, 200, 0, 0, 128, 10, 20, 30, 255])
        // 200 * 128/255 + 255 * 127/255 = 227.4; 255 * 127/255 = 127.
        let flat = image.flattened(onto: .white)
        #expect(flat.pixels == [255, 255, 255, 255, 227, 127, 127, 255, 10, 20, 30, 255])
        #expect(!flat.hasTransparency)
    }

    @Test(arguments: [0, 101, -5])
    func refusesQualityOutside1To100(quality: Int) {
        #expect(throws: ImageError.self) {
            try ImageEncoder.encode(SyntheticImage.gradient(width: 8, height: 8), format: .jpeg, quality: Double(quality))
        }
    }
}

@Suite struct EncoderWebPTests {
    @Test func opaqueImageIsSimpleLossyWithoutAlpha() throws {
        let webp = try ImageEncoder.encode(SyntheticImage.gradient(width: 120, height: 80), format: .webp, quality: 75)
        let chunks = try #require(WebPChunks.read(webp))
        #expect(chunks.map(\.fourCC) == ["VP8 "])
        // VP8 key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
        let vp8 = chunks[0].data
        let start = vp8.startIndex
        #expect(Array(vp8[start + 3..<start + 6]) == [0x9D, 0x01, 0x2A])
        #expect((Int(vp8[start + 6]) | Int(vp8[start + 7]) << 8) & 0x3FFF == 120)
        #expect((Int(vp8[start + 8]) | Int(vp8[start + 9]) << 8) & 0x3FFF == 80)
    }

    @Test func transparentImageKeepsAlpha() throws {
        let webp = try ImageEncoder.encode(SyntheticImage.disc(width: 90, height: 60), format: .webp, quality: 75)
        let chunks = try #require(WebPChunks.read(webp))
        #expect(chunks.map(\.fourCC) == ["VP8X", "ALPH", "VP8 "])
        let header = chunks[0].data
        #expect(header[header.startIndex] & 0x10 != 0, "VP8X alpha flag")
        #expect(LittleEndian.uint24(header, 4) + 1 == 90)
        #expect(LittleEndian.uint24(header, 7) + 1 == 60)
    }

    @Test func embedsTheICCProfileAsICCP() throws {
        let profile = SyntheticICC.profile(size: 3_000)
        let webp = try ImageEncoder.encode(SyntheticImage.disc(width: 40, height: 40), format: .webp,
                                           quality: 75, iccProfile: profile)
        let chunks = try #require(WebPChunks.read(webp))
        #expect(chunks.map(\.fourCC) == ["VP8X", "ICCP", "ALPH", "VP8 "])
        #expect(chunks[0].data[chunks[0].data.startIndex] & 0x20 != 0, "VP8X ICC flag")
        #expect(Array(chunks[1].data) == profile.data)
        #expect(!chunks.contains { $0.fourCC == "EXIF" || $0.fourCC == "XMP " })
    }

    @Test func refusesAnOutOfRangeMethod() {
        #expect(throws: ImageError.self) {
            try WebPEncoder.encode(SyntheticImage.gradient(width: 8, height: 8), settings: .init(quality: 75, method: 7))
        }
    }
}

@Suite struct EncoderPNGTests {
    @Test(arguments: [(false, UInt8(2)), (true, UInt8(6))])
    func writesRGBWhenOpaqueAndRGBAOtherwise(transparent: Bool, colorType: UInt8) throws {
        let image = transparent ? SyntheticImage.disc(width: 70, height: 50) : SyntheticImage.gradient(width: 70, height: 50)
        let png = try ImageEncoder.encode(image, format: .png, quality: 0)
        let chunks = try #require(PNGChunks.read(png))
        #expect(chunks.allSatisfy { $0.crcMatches })
        #expect(chunks.first?.type == "IHDR")
        #expect(chunks.last?.type == "IEND")
        let ihdr = try #require(chunks.first).data
        #expect(BigEndian.uint32(ihdr, 0) == 70)
        #expect(BigEndian.uint32(ihdr, 4) == 50)
        #expect(ihdr[ihdr.startIndex + 8] == 8, "bit depth")
        #expect(ihdr[ihdr.startIndex + 9] == colorType)
        #expect(!chunks.contains { $0.type == "eXIf" || $0.type == "tEXt" || $0.type == "iTXt" })
    }

    @Test func embedsTheICCProfileAsICCP() throws {
        let profile = SyntheticICC.profile(size: 5_000)
        let png = try ImageEncoder.encode(SyntheticImage.gradient(width: 30, height: 20), format: .png,
                                          quality: 0, iccProfile: profile)
        let chunks = try #require(PNGChunks.read(png))
        let iccp = try #require(chunks.first { $0.type == "iCCP" })
        #expect(chunks.firstIndex { $0.type == "iCCP" }! < chunks.firstIndex { $0.type == "IDAT" }!)
        // Name, NUL, compression method 0, then a zlib stream whose Adler-32 trailer is the
        // checksum of the uncompressed profile: it holds exactly our bytes.
        let name = Array(iccp.data.prefix { $0 != 0 })
        #expect(name == Array("ICC Profile".utf8))
        let stream = Array(iccp.data.dropFirst(name.count + 2))
        #expect(iccp.data[iccp.data.startIndex + name.count + 1] == 0)
        #expect(stream.first.map { $0 & 0x0F } == 8, "zlib deflate")
        #expect(BigEndian.uint32(stream, stream.count - 4) == Checksum.adler32(profile.data))
    }

    /// libpng judges the profile's header: it refuses this one today, and an update may accept
    /// it, or drop it with a warning our shim does not stop on. A refusal and a PNG carrying the
    /// very profile are both safe, and both are accepted; a PNG without it is not (the
    /// colours would silently change). libpng's words are not asserted.
    @Test func aProfileLibpngRejectsIsAnErrorOrKeptWholeNeverDropped() throws {
        var profile = SyntheticICC.profile(size: 400)
        profile.data[3] = 0x20  // the header says 0x120 bytes; the data has 400
        do {
            let png = try ImageEncoder.encode(SyntheticImage.gradient(width: 8, height: 8), format: .png,
                                              quality: 0, iccProfile: profile)
            let chunks = try #require(PNGChunks.read(png))
            let iccp = try #require(chunks.first { $0.type == "iCCP" }, "the profile was dropped: \(chunks.map(\.type))")
            // The zlib stream's Adler-32 trailer is the checksum of the profile it holds: ours, whole.
            let stream = Array(iccp.data.drop(while: { $0 != 0 }).dropFirst(2))
            #expect(stream.count > 4 && BigEndian.uint32(stream, stream.count - 4) == Checksum.adler32(profile.data))
        } catch let error as ImageError {
            #expect(error.code == .invalidArgument, "\(error)")
            #expect(!error.reason.isEmpty)
        }
    }
}

@Suite struct EncoderArgumentTests {
    @Test(arguments: [StoredFormat.jpeg, .png, .webp])
    func refusesAProfileThatIsNotRGB(format: StoredFormat) {
        let gray = SyntheticICC.profile(size: 200, colorSpace: "GRAY")
        do {
            _ = try ImageEncoder.encode(SyntheticImage.gradient(width: 8, height: 8), format: format,
                                        quality: 75, iccProfile: gray)
            Issue.record("a GRAY profile was embedded in RGB \(format)")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.reason.contains("'GRAY'"))
        }
    }

    @Test func heifIsNotAnOutputFormat() {
        // The input-only container is no choice: only the stored formats and auto are.
        #expect(OutputFormat(rawValue: "heif") == nil)
        #expect(OutputFormat(rawValue: "auto") == .auto)
        #expect(OutputFormat(rawValue: "webp") == .webp)
    }

    @Test(arguments: StoredFormat.allCases)
    func everyStoredFormatHasTheEncoderThatWritesIt(format: StoredFormat) throws {
        let encoder = ImageEncoder.encoder(for: format)
        #expect(encoder.format == format)
        let quality = encoder.qualityScale.map { Double($0.standard.start) } ?? 0
        let bytes = try ImageEncoder.encode(SyntheticImage.gradient(width: 16, height: 12), format: format, quality: quality)
        #expect(StoredFormat(magicBytesOf: bytes) == format)
        if let scale = encoder.qualityScale {
            #expect(scale.range.contains(scale.standard.floor) && scale.standard.floor <= scale.standard.start)
            #expect(scale.typicalSlope > 0)
        }
    }

    @Test(arguments: [(StoredFormat.jpeg, 65_501), (.webp, 16_384)])
    func refusesSizesTheFormatCannotHold(format: StoredFormat, width: Int) {
        let wide = RGBAImage(width: width, height: 1, pixels: [UInt8](repeating: 255, count: width * 4))
        #expect(throws: ImageError.self) { try ImageEncoder.encode(wide, format: format, quality: 75) }
        do {
            _ = try ImageEncoder.encode(wide, format: format, quality: 75)
        } catch {
            #expect(error.code == .tooLarge)
            #expect(error.reason.contains("\(width)x1"))
        }
    }

    @Test func autoPicksJPEGForOpaqueAndWebPForAlpha() {
        #expect(OutputFormat.auto.resolved(for: SyntheticImage.gradient(width: 4, height: 4)) == .jpeg)
        #expect(OutputFormat.auto.resolved(for: SyntheticImage.disc(width: 8, height: 8)) == .webp)
        #expect(OutputFormat.png.resolved(for: SyntheticImage.disc(width: 8, height: 8)) == .png)
    }
}
