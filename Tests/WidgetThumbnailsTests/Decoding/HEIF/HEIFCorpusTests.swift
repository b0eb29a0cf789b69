import Testing
@testable import WidgetThumbnails
import TestSupport

/// The corpus's heic/ folder and its manifest: decodable files at the listed upright size and
/// within 3 levels of the reference thumbnails, refused files refused with a reason, and the
/// traps those files hold (arrow.heic's EXIF tag, cat.hif's 10 bits and letterboxed thumbnail).
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct HEIFCorpusTests {
    struct Entry: CustomStringConvertible {
        var file: String
        var expect: String
        var size: PixelSize
        var bitDepth: Int
        var reference: String
        var description: String { file }
    }

    static func manifest() throws -> [Entry] {
        let text = String(decoding: try Corpus.bytes("heic/manifest.tsv"), as: UTF8.self)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Entry(file: fields[0], expect: fields[1],
                         size: PixelSize(width: Int(fields[2]) ?? 0, height: Int(fields[3]) ?? 0),
                         bitDepth: Int(fields[4]) ?? 0, reference: fields[8])
        }
    }

    /// The reference PNG made for this file, upright and in sRGB.
    static func reference(_ entry: Entry) throws -> RGBAImage {
        let decoded = try ImageDecoder.decode(try Corpus.bytes("heic/\(entry.reference)"))
        var image = decoded.image
        if let profile = decoded.info.iccProfile, !ColorConverter.isEquivalentToSRGB(profile) {
            try ColorConverter.convertToSRGB(&image, from: profile)
        }
        return image
    }

    /// Our thumbnail before encoding: the pipeline's own steps (probe, decode for the box,
    /// resample, colour, orient), so no encoder loss muddies the comparison.
    static func thumbnail(_ bytes: [UInt8], box: PixelSize = PixelSize(width: 500, height: 500),
                          embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough,
                          hevcLoopFilters: HEVCLoopFilterPolicy = .skipWhenDownscaling) throws -> RGBAImage {
        let info = try ImageDecoder.probe(bytes)
        let options = DecodeOptions(targetBox: box, heif: HEIFDecodeOptions(embeddedThumbnails: embeddedThumbnails, hevcLoopFilters: hevcLoopFilters))
        let source = try Self.source(bytes, options: options)
        var image = try source.resampled(to: ShrinkOnLoad.outputSize(stored: info.size, orientation: info.orientation, box: box))
        _ = ColorConverter.apply(.convertToSRGB, profile: info.iccProfile, colorModel: info.colorModel, to: &image)
        return image.oriented(info.orientation)
    }

    /// The pixel source a HEIF session hands the pipeline for `options`.
    static func source(_ bytes: [UInt8], options: DecodeOptions) throws -> any ScaledSource {
        try ThumbnailInput.bytes(bytes).withSession(limits: options.limits, strictness: options.strictness) {
            (session) throws(ImageError) -> any ScaledSource in try session.source(for: options)
        }
    }

    /// Mean absolute difference per channel of premultiplied RGBA (the colour of a fully
    /// transparent pixel means nothing), and the signed mean of the colour channels.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> (mean: Double, signed: Double) {
        var total = 0.0, signed = 0.0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            let alphaA = Double(a.pixels[index + 3]) / 255, alphaB = Double(b.pixels[index + 3]) / 255
            for channel in 0..<3 {
                let difference = Double(a.pixels[index + channel]) * alphaA - Double(b.pixels[index + channel]) * alphaB
                total += abs(difference)
                signed += difference
            }
            total += abs(Double(a.pixels[index + 3]) - Double(b.pixels[index + 3]))
        }
        return (total / Double(a.pixels.count), signed / Double(a.pixels.count / 4 * 3))
    }

    /// L_12__29x100's reference is Pillow's 16-bit gray clipped to 8 bits (every value over
    /// 255 became 255), not a picture of the file; our 12-bit rounding is checked against
    /// libheif's own samples instead (tenAndTwelveBitsRoundToNearest).
    static let brokenReferences: Set<String> = ["L_12__29x100.heif"]

    @Test func everyDecodableFileMatchesItsReference() throws {
        var report: [String] = []
        for entry in try Self.manifest() where entry.expect == "decodable" {
            let bytes = try Corpus.bytes("heic/\(entry.file)")
            let full = try ImageDecoder.decode(bytes)
            #expect(full.image.size == entry.size, "\(entry): decoded \(full.image.size), listed \(entry.size)")
            #expect(full.info.bitDepth == entry.bitDepth, "\(entry)")
            #expect(full.info.orientation == .up, "\(entry): HEIF geometry comes from libheif only")
            guard !Self.brokenReferences.contains(entry.file) else {
                report.append("\(entry.file): reference not compared (Pillow clipped its 16-bit samples)")
                continue
            }
            let reference = try Self.reference(entry)
            let ours = try Self.thumbnail(bytes)
            #expect(ours.size == reference.size, "\(entry): \(ours.size), reference \(reference.size)")
            guard ours.size == reference.size else { continue }
            let difference = Self.difference(ours, reference)
            report.append("\(entry.file): mean difference \(String(format: "%.3f", difference.mean))")
            #expect(difference.mean <= 3, "\(entry): mean difference \(difference.mean)")
        }
        print("HEIF corpus against the references:\n" + report.joined(separator: "\n"))
    }

    @Test func refusedFilesNameTheirReason() throws {
        for entry in try Self.manifest() where entry.expect != "decodable" {
            let bytes = try Corpus.bytes("heic/\(entry.file)")
            do {
                let decoded = try ImageDecoder.decode(bytes, file: entry.file)
                #expect(entry.expect == "either", "\(entry) decoded to \(decoded.image.size)")
                #expect(decoded.image.size == decoded.info.size, "\(entry): a picture at a size the probe did not report")
            } catch {
                // Which class libheif's refusal maps to is libheif's (it moves with security
                // updates); the file named with a reason is ours.
                #expect(!error.reason.isEmpty && error.file == entry.file, "\(entry): \(error)")
            }
        }
    }

    /// iPhone files carry irot and an EXIF orientation of 6. libheif applies irot; applying the
    /// EXIF tag as well would make the thumbnail 500x375 and the arrow point sideways.
    @Test func arrowPointsUpAndItsEXIFTagIsIgnored() throws {
        let bytes = try Corpus.bytes("heic/arrow.heic")
        let info = try ImageDecoder.probe(bytes)
        #expect(info.orientation == .up)
        #expect(info.heif?.exifOrientation == .right)
        #expect(info.heif?.transforms == [.rotation(degreesAnticlockwise: 270)])
        #expect(info.heif?.storedSize == PixelSize(width: 4032, height: 3024))

        let image = try Self.thumbnail(bytes)
        #expect(image.size == PixelSize(width: 375, height: 500))
        // The dark ink: the widest row (the triangle's base) lies in the top half and the
        // topmost ink (the tip) near the middle of the width.
        var widestRow = 0, widest = 0, tip: (x: Int, y: Int)?
        for y in 0..<image.height {
            var left = Int.max, right = -1
            for x in 0..<image.width {
                let offset = (y * image.width + x) * 4
                let luma = (Int(image.pixels[offset]) + Int(image.pixels[offset + 1]) + Int(image.pixels[offset + 2])) / 3
                guard luma < 70 else { continue }
                left = min(left, x)
                right = max(right, x)
                if tip == nil { tip = (x, y) }
            }
            if right - left > widest { widest = right - left; widestRow = y }
        }
        #expect(widestRow < image.height / 2, "the widest ink row is \(widestRow) of \(image.height)")
        let tipX = try #require(tip).x
        #expect(tipX > image.width / 3 && tipX < image.width * 2 / 3, "the tip is at x \(tipX)")
    }

    /// For a 150x150 box arrow.heic's own 240x320 thumbnail is twice the 113x150 output: it is
    /// used, upright by its own transforms, and matches the primary's thumbnail closely.
    @Test func arrowsEmbeddedThumbnailStandsInForASmallBox() throws {
        let bytes = try Corpus.bytes("heic/arrow.heic")
        let box = PixelSize(width: 150, height: 150)
        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(targetBox: box))
        #expect(decoded.image.size == PixelSize(width: 240, height: 320))
        let (_, choice, _) = try HEIFFile(bytes, limits: .default).decode(DecodeOptions(targetBox: box))
        guard case .embeddedThumbnail(let image, .twiceTheOutput) = choice else {
            Issue.record("\(choice)")
            return
        }
        #expect(image.size == PixelSize(width: 240, height: 320))
        let shortcut = try Self.thumbnail(bytes, box: box)
        let full = try Self.thumbnail(bytes, box: box, embeddedThumbnails: .never)
        #expect(shortcut.size == PixelSize(width: 113, height: 150) && full.size == shortcut.size)
        let difference = Self.difference(shortcut, full)
        print("arrow.heic at 150 px: embedded thumbnail against the full decode, mean difference \(difference.mean)")
        #expect(difference.mean <= 3, "shortcut against full decode: \(difference)")
    }

    /// cat.hif is 10-bit: rounded to 8 bits its thumbnail has no bias against the reference;
    /// truncating (libheif's convert_hdr_to_8bit) would darken it by about half a level.
    /// Its 1616x1080 thumbnail is letterboxed (black bars right and bottom), so the primary
    /// is decoded even though the thumbnail is large enough.
    @Test func tenBitCatRoundsAndSkipsItsLetterboxedThumbnail() throws {
        let entry = try #require(try Self.manifest().first { $0.file == "cat.hif" })
        let bytes = try Corpus.bytes("heic/cat.hif")
        let options = DecodeOptions(targetBox: PixelSize(width: 500, height: 500))
        let (pixels, choice, _) = try HEIFFile(bytes, limits: .default).decode(options)
        #expect(choice == .primary)
        #expect(pixels.bitDepth == 10)
        let difference = Self.difference(try Self.thumbnail(bytes), try Self.reference(entry))
        #expect(difference.mean <= 3 && abs(difference.signed) < 0.2, "\(difference)")
    }

    @Test func tenAndTwelveBitsRoundToNearest() throws {
        // RGBA_10's reference was made by a rounding decoder: no bias, within a level.
        let entry = try #require(try Self.manifest().first { $0.file == "RGBA_10__128x128.heif" })
        let difference = Self.difference(try Self.thumbnail(try Corpus.bytes("heic/\(entry.file)")), try Self.reference(entry))
        #expect(difference.mean < 1 && abs(difference.signed) < 0.5, "\(difference)")
        // L_12's rows are 12-bit levels 0, 41, 82, ...: rounded, 41 * 255 / 4095 = 2.55 is 3
        // (truncation gives 2).
        let gray = try ImageDecoder.decode(try Corpus.bytes("heic/L_12__29x100.heif")).image
        #expect(gray.pixels[0] == 0 && gray.pixels[gray.width * 4] == 3, "\(gray.pixels[gray.width * 4])")
    }

    @Test func aThumbnailSaysWhichHEIFImageItWasMadeFrom() throws {
        let bytes = try Corpus.bytes("heic/arrow.heic")
        let small = ThumbnailOptions(box: PixelSize(width: 150, height: 150))
        let shortcut = try ThumbnailPipeline(options: small).thumbnail(of: bytes)
        guard case .embeddedThumbnail(let image, .twiceTheOutput)? = shortcut.heif?.image else {
            Issue.record("\(String(describing: shortcut.heif?.image))")
            return
        }
        #expect(image.size == PixelSize(width: 240, height: 320))
        var full = small
        full.heif.embeddedThumbnails = .never
        #expect(try ThumbnailPipeline(options: full).thumbnail(of: bytes).heif?.image == .primary)
        #expect(try ThumbnailPipeline().thumbnail(of: try Corpus.bytes("heic/zPug_3.heic")).heif?.image == .primary)
    }

    /// xiaomi.heic (2592x1944, encoded with deblocking and SAO on) to a 500 px box: the filters
    /// are skipped, which changes the thumbnail (so the skipping decoder really ran) by less
    /// than a level on average; at 1000 px (under 4x) and with `.always` they run.
    @Test func loopFiltersAreSkippedOnlyWellAboveTheOutputSize() throws {
        let bytes = try Corpus.bytes("heic/xiaomi.heic")
        let box = PixelSize(width: 500, height: 500)
        let options = { (policy: HEVCLoopFilterPolicy, box: PixelSize) in
            DecodeOptions(targetBox: box, heif: HEIFDecodeOptions(embeddedThumbnails: .never, hevcLoopFilters: policy))
        }
        #expect(try HEIFFile(bytes, limits: .default).decode(options(.skipWhenDownscaling, box)).loopFilters == .skipped)
        #expect(try HEIFFile(bytes, limits: .default).decode(options(.always, box)).loopFilters == .applied)
        let large = PixelSize(width: 1000, height: 1000)
        #expect(try HEIFFile(bytes, limits: .default).decode(options(.skipWhenDownscaling, large)).loopFilters == .applied)

        let skipped = try Self.thumbnail(bytes, box: box, embeddedThumbnails: .never)
        let filtered = try Self.thumbnail(bytes, box: box, embeddedThumbnails: .never, hevcLoopFilters: .always)
        #expect(skipped.size == filtered.size)
        #expect(skipped.pixels != filtered.pixels, "skipping the filters changed nothing: was the plugin used?")
        let difference = Self.difference(skipped, filtered)
        #expect(difference.mean < 0.5 && abs(difference.signed) < 0.1, "\(difference)")
        let largest = zip(skipped.pixels, filtered.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 8, "largest difference \(largest) levels")
    }

    /// Plain opaque 8-bit HEICs are decoded tile by tile without libheif (HEVCTileStream): the
    /// same picture as libheif's (same matrix, range and chroma siting; irot turned after the
    /// resample), within rounding. Filters on for both, so only the two paths differ.
    @Test(arguments: ["arrow.heic", "xiaomi.heic"])
    func tilesDecodedWithoutLibheifMatchLibheif(file: String) throws {
        let bytes = try Corpus.bytes("heic/\(file)")
        let info = try ImageDecoder.probe(bytes)
        let box = PixelSize(width: 500, height: 500)
        let options = DecodeOptions(targetBox: box, heif: HEIFDecodeOptions(embeddedThumbnails: .never, hevcLoopFilters: .always))
        let target = ShrinkOnLoad.outputSize(stored: info.size, orientation: .up, box: box)
        let source = try Self.source(bytes, options: options)
        guard source is HEVCTileSource else {
            Issue.record("\(file) did not take the tile path")
            return
        }
        let ours = try source.resampled(to: target)
        let libheif = try HEIFFile(bytes, limits: .default).decode(options).pixels.resampled(to: target)
        #expect(ours.size == target && libheif.size == target)
        let difference = Self.difference(ours, libheif)
        #expect(difference.mean < 0.1 && abs(difference.signed) < 0.05, "\(file): \(difference)")
        let largest = zip(ours.pixels, libheif.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 3, "\(file): largest difference \(largest) levels")
    }

    /// What the tile path does not take goes to libheif: alpha, 10 bits, AVIF.
    @Test(arguments: ["RGBA_8__29x100.heif", "cat.hif", "jolla-photo.avif", "RGBA_10__128x128.heif"])
    func otherFilesStayWithLibheif(file: String) throws {
        let bytes = try Corpus.bytes("heic/\(file)")
        let options = DecodeOptions(targetBox: PixelSize(width: 16, height: 16), heif: HEIFDecodeOptions(embeddedThumbnails: .never))
        let source = try Self.source(bytes, options: options)
        guard source is HEIFPixelSource else {
            Issue.record("\(file) took the tile path")
            return
        }
    }

    /// AVIF has no HEVC filters to skip: the choice is reported as applied.
    @Test func anAVIFNeverSkipsLoopFilters() throws {
        let bytes = try Corpus.bytes("heic/jolla-photo.avif")
        let options = DecodeOptions(targetBox: PixelSize(width: 100, height: 100), heif: HEIFDecodeOptions(embeddedThumbnails: .never))
        #expect(try HEIFFile(bytes, limits: .default).decode(options).loopFilters == .applied)
    }

    @Test func theMemoryEstimateCountsAFullSizePrimary() throws {
        let bytes = try Corpus.bytes("heic/arrow.heic")
        let info = try ImageDecoder.probe(bytes)
        let estimate = DecodeMemoryEstimate.bytes(for: info, fileBytes: bytes.count, options: ThumbnailOptions())
        #expect(estimate >= 3024 * 4032 * 7, "\(estimate)")
    }

    @Test func inspectFactsOfAMultiImageFile() throws {
        let info = try ImageDecoder.probe(try Corpus.bytes("heic/zPug_3.heic"))
        let heif = try #require(info.heif)
        #expect(heif.topLevelImages == 3)
        #expect(heif.thumbnails.map(\.size) == [PixelSize(width: 32, height: 32)])
        #expect(info.size == PixelSize(width: 64, height: 64))
    }
}
