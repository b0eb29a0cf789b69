import CTurboJPEG
import Foundation
import Glibc
import Testing
@testable import WidgetThumbnails
import TestSupport

/// The scanline reader (`JPEGRowReader`) against TurboJPEG's whole-image decode, from memory
/// and from a file, and the streamed pipeline against resampling a whole decode.
@Suite struct JPEGRowReaderTests {
    /// Every row of `source` at the shrink-on-load scale for `box` (full size without one),
    /// read `chunk` rows at a time.
    static func decode(_ source: EncodedInput, _ strictness: Strictness = .lenient, box: PixelSize? = nil,
                       chunk: Int = 7, afterFirstRows: () -> Void = {}) -> Result<RGBAImage, ImageError> {
        Result { () throws(ImageError) -> RGBAImage in
            try JPEGDecoder.withScaledReader(source, options: DecodeOptions(strictness: strictness, targetBox: box)) {
                (plan, reader) throws(ImageError) -> RGBAImage in
                var pixels: [UInt8] = []
                try reader.forEachRows(rowsPerBatch: chunk) { rows in
                    pixels += rows
                    if pixels.count == rows.count { afterFirstRows() }
                }
                return RGBAImage(width: plan.size.width, height: plan.size.height, pixels: pixels)
            }
        }
    }

    /// Seeded noise over a gradient: detail in every block, so the file is large (many 64 KiB
    /// read buffers) and every DCT scale has something to get wrong.
    static func noisyImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        var image = SyntheticImage.gradient(width: width, height: height, blue: .wrapping)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            for c in 0..<3 { image.pixels[i + c] = image.pixels[i + c] &+ UInt8(random.next() % 48) }
        }
        return image
    }

    @Test(arguments: [false, true], [JPEGFixtures.Sampling.s420, .s444, .gray])
    func rowsMatchTurboJPEGsWholeImageDecodeAtEveryScale(progressive: Bool, sampling: JPEGFixtures.Sampling) throws {
        let jpeg = try JPEGFixtures.jpeg(Self.noisyImage(width: 203, height: 157, seed: 11), sampling: sampling,
                                         quality: 90, progressive: progressive)
        let path = try TemporaryFile.write(jpeg, name: "image.jpg")
        defer { TemporaryFile.remove(path) }
        let stored = PixelSize(width: 203, height: 157)
        // Boxes that pick 1, 1/2, 3/8, 1/4 and 1/8 (each leaves 2x headroom over the box).
        for box in [nil, PixelSize(width: 50, height: 50), PixelSize(width: 38, height: 38),
                    PixelSize(width: 25, height: 25), PixelSize(width: 12, height: 12)] as [PixelSize?] {
            let memory = try Self.decode(.bytes(jpeg), box: box).get()
            let file = try Self.decode(.file(OpenInputFile(path: path, maxBytes: 1 << 30)), box: box).get()
            let reference = try #require(JPEGFixtures.referenceDecode(jpeg, size: memory.size))
            #expect(memory == file, "box \(String(describing: box))")
            #expect(JPEGFixtures.maxDifference(memory, reference) <= 1,
                    "box \(String(describing: box)): \(memory.size) of \(stored)")
        }
    }

    @Test func cmykRowsMatchTheOldWholeImagePath() throws {
        // Adobe-inverted CMYK: the reference is TurboJPEG's CMYK decode plus the same ink formula.
        var samples = [UInt8]()
        for y in 0..<40 {
            for x in 0..<48 { samples += [UInt8(x * 5), UInt8(y * 6), UInt8((x + y) * 2), UInt8(255 - x * 2)] }
        }
        let jpeg = try JPEGFixtures.cmykJPEG(samples, width: 48, height: 40)
        let image = try Self.decode(.bytes(jpeg)).get()
        for (index, pixel) in stride(from: 0, to: samples.count, by: 4).enumerated() where index % 37 == 0 {
            let c = Int(samples[pixel]), m = Int(samples[pixel + 1]), y = Int(samples[pixel + 2]), k = Int(samples[pixel + 3])
            let want = [(c * k + 127) / 255, (m * k + 127) / 255, (y * k + 127) / 255, 255].map(UInt8.init)
            let got = Array(image.pixels[pixel..<pixel + 4])
            #expect(JPEGFixtures.isClose(got, want, within: 8), "pixel \(index): \(got), want \(want)")
        }
    }

    @Test(arguments: ["photo.jpg", "progressive.jpg", "cmyk.jpg", "gray.jpg", "orientation-6.jpg", "display-p3.jpg"])
    func aThumbnailStreamedFromItsFileEqualsTheWholeDecodeResampled(name: String) throws {
        let path = Corpus.packageRoot.appendingPathComponent("SampleImages/\(name)").path
        guard case .file(_, .jpeg) = try ThumbnailInput.open(atPath: path, maxBytes: 1 << 30) else {
            Issue.record("\(name): a JPEG must stay in its file")
            return
        }
        let bytes = try InputFile.read(path, maxBytes: 1 << 30)
        let pipeline = ThumbnailPipeline()
        let fromPath = try pipeline.thumbnail(.path(path))
        let fromBytes = try pipeline.thumbnail(.bytes(bytes), file: path)
        #expect(fromPath.bytes == fromBytes.bytes)
        #expect(fromPath.source == fromBytes.source)

        // The streamed resample gives the very bytes of resampling the whole decoded image.
        let info = try JPEGDecoder.probe(bytes, limits: .default)
        let options = DecodeOptions(targetBox: PixelSize(width: 500, height: 500))
        let planned = ShrinkOnLoad.outputSize(stored: info.size, orientation: info.orientation, box: options.targetBox!)
        let whole = try Resampler.resize(JPEGDecoder.decode(bytes, options: options).image, to: planned)
        let file = try OpenInputFile(path: path, maxBytes: 1 << 30)
        let streamed = try JPEGSession.withSession(.file(file), limits: .default, strictness: .lenient) {
            (session) throws(ImageError) -> RGBAImage in
            try JPEGRows(session: session, targetBox: options.targetBox).resampled(to: planned)
        }
        #expect(streamed == whole)
    }

    /// Strict mode refuses every cut from a file: the end of the data is our source's warning
    /// (wt_jpeg_reader.c). Lenient mode gives what libjpeg decides, a picture with the missing
    /// part filled or a refusal; both are safe and both are accepted, and how libjpeg fills
    /// is not compared with TurboJPEG's decode. What is ours: a file gives the very outcome the
    /// same bytes give from memory, and a picture is at the probe's size.
    @Test(arguments: [false, true])
    func aTruncatedFileIsRefusedWhenStrictAndLikeMemoryWhenLenient(progressive: Bool) throws {
        let jpeg = try JPEGFixtures.jpeg(Self.noisyImage(width: 320, height: 240, seed: 5), sampling: .s420,
                                         progressive: progressive)
        let sos = try #require(JPEGFixtures.offset(ofMarker: 0xDA, in: jpeg))
        for cut in [sos + 40, jpeg.count / 2, jpeg.count - 2] {
            let truncated = Array(jpeg.prefix(cut))
            let path = try TemporaryFile.write(truncated, name: "image.jpg")
            defer { TemporaryFile.remove(path) }
            let file = try OpenInputFile(path: path, maxBytes: 1 << 30)
            let strict = Self.decode(.file(file), .strict)
            #expect(throws: ImageError.self) { try strict.get() }
            if case .failure(let error) = strict { #expect(error.code == .corruptImage, "cut \(cut): \(error)") }
            let fromFile = Self.decode(.file(file))
            let fromMemory = Self.decode(.bytes(truncated))
            switch (fromFile, fromMemory) {
            case (.success(let a), .success(let b)): #expect(a == b, "cut \(cut)")
            case (.failure(let a), .failure(let b)): #expect(a == b, "cut \(cut)")
            default: Issue.record("cut \(cut): file \(fromFile), memory \(fromMemory)")
            }
            HostileOutcome.expectPictureOrRefusal(fromFile, size: HostileOutcome.probedSize(truncated), codes: [.corruptImage],
                                                  "cut \(cut)")
        }
    }

    @Test func aFileThatShrinksWhileReadIsAnIOError() throws {
        let jpeg = try JPEGFixtures.jpeg(Self.noisyImage(width: 900, height: 700, seed: 3), sampling: .s444, quality: 98)
        #expect(jpeg.count > 4 * (64 << 10), "the file must span several read buffers: \(jpeg.count) bytes")
        let path = try TemporaryFile.write(jpeg, name: "image.jpg")
        defer { TemporaryFile.remove(path) }
        // Shrunk between opening and decoding: the head is there, the rest is not.
        let file = try OpenInputFile(path: path, maxBytes: 1 << 30)
        #expect(truncate(path, off_t(jpeg.count / 2)) == 0)
        let early = Self.decode(.file(file))
        #expect(throws: ImageError.self) { try early.get() }
        if case .failure(let error) = early {
            #expect(error.code == .io && error.reason.hasPrefix("the file shrank while it was read"), "\(error)")
        }
        // Shrunk while rows are read (lenient: a short file must not pass for a damaged one).
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        let again = try OpenInputFile(path: path, maxBytes: 1 << 30)
        let late = Self.decode(.file(again), chunk: 1) { _ = truncate(path, off_t(jpeg.count / 2)) }
        if case .failure(let error) = late {
            #expect(error.code == .io && error.reason.hasPrefix("the file shrank while it was read"), "\(error)")
        } else {
            Issue.record("a file that shrank while its rows were read decoded")
        }
        // Through the pipeline the error names the file.
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        let input = try ThumbnailInput.open(atPath: path, maxBytes: 1 << 30)
        #expect(truncate(path, off_t(jpeg.count / 2)) == 0)
        do {
            _ = try ThumbnailPipeline().thumbnail(input, file: path)
            Issue.record("a shrunk file was thumbnailed")
        } catch {
            #expect(error.code == .io && error.file == path, "\(error)")
        }
    }

    @Test(arguments: [false, true])
    func damagedFilesGiveTheSameOutcomeFromAFileAsFromMemory(progressive: Bool) throws {
        let jpeg = try JPEGFixtures.jpeg(Self.noisyImage(width: 256, height: 192, seed: 9), sampling: .s420,
                                         progressive: progressive)
        var random = SplitMix64(seed: progressive ? 17 : 19)
        for round in 0..<40 {
            var damaged = jpeg
            for _ in 0..<Int(random.next() % 6 + 1) {
                let index = 2 + Int(random.next() % UInt64(damaged.count - 2))
                damaged[index] ^= UInt8(1 << (random.next() % 8))
            }
            let path = try TemporaryFile.write(damaged, name: "image.jpg")
            defer { TemporaryFile.remove(path) }
            for strictness in Strictness.allCases {
                let memory = Self.decode(.bytes(damaged), strictness)
                let file = Self.decode(.file(try OpenInputFile(path: path, maxBytes: 1 << 30)), strictness)
                switch (memory, file) {
                case (.success(let a), .success(let b)): #expect(a == b, "round \(round) \(strictness)")
                case (.failure(let a), .failure(let b)): #expect(a == b, "round \(round) \(strictness)")
                default: Issue.record("round \(round) \(strictness): memory \(memory), file \(file)")
                }
            }
        }
    }

    @Test func aLargeMetadataHeadIsReadInFullFromAFile() throws {
        // 300 KB of APP segments before the ICC profile and the EXIF orientation: past the first
        // 64 KiB read, so the marker walk must read on.
        var jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants())
        let profile = (0..<3000).map { UInt8($0 % 251) }
        jpeg = JPEGFixtures.inserting(marker: 0xE2, payload: Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile, into: jpeg)
        jpeg = JPEGFixtures.inserting(marker: 0xE1, payload: JPEGFixtures.exifPayload(orientation: 8), into: jpeg)
        for _ in 0..<5 {
            jpeg = JPEGFixtures.inserting(marker: 0xED, payload: [UInt8](repeating: 0x20, count: 60_000), into: jpeg)
        }
        let path = try TemporaryFile.write(jpeg, name: "image.jpg")
        defer { TemporaryFile.remove(path) }
        let info = try ThumbnailInput.open(atPath: path, maxBytes: 1 << 30).probe(limits: .default)
        #expect(info == (try JPEGDecoder.probe(jpeg, limits: .default)))
        #expect(info.orientation == .left && info.iccProfile?.data == profile)
    }
}
