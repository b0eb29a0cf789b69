import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// PngSuite against the corpus's RGBA8 references (pngsuite-reference/README in the corpus).
/// Our gamma policy is "ignore gAMA" (PNGDecoder.swift), so every valid file must match the
/// `raw/` reference; how many also match `gamma/` is reported, not asserted.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct PNGSuiteTests {
    struct Entry {
        var name: String
        var size: PixelSize?
    }

    static func manifest() throws -> [Entry] {
        let text = String(decoding: try Corpus.bytes("pngsuite-reference/manifest.tsv"), as: UTF8.self)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let size = Int(fields[1]).flatMap { w in Int(fields[2]).map { PixelSize(width: w, height: $0) } }
            return Entry(name: fields[0], size: size)
        }
    }

    /// Mean absolute difference per channel on premultiplied RGBA (transparent pixels have no colour).
    static func premultipliedMAD(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        var total = 0
        var index = 0
        while index < a.count {
            let alphaA = Int(a[index + 3]), alphaB = Int(b[index + 3])
            for channel in 0..<3 {
                let pa = (Int(a[index + channel]) * alphaA + 127) / 255
                let pb = (Int(b[index + channel]) * alphaB + 127) / 255
                total += abs(pa - pb)
            }
            total += abs(alphaA - alphaB)
            index += 4
        }
        return Double(total) / Double(a.count)
    }

    @Test func theCorpusHas161ValidAnd14CorruptFiles() throws {
        let entries = try Self.manifest()
        #expect(entries.filter { $0.size != nil }.count == 161)
        #expect(entries.filter { $0.size == nil }.count == 14)
        #expect(try Corpus.files(in: "pngsuite", withExtension: "png").count == 175)
    }

    @Test func everyValidFileDecodesToTheRawReference() throws {
        var decoded = 0, matchedRaw = 0, matchedGamma = 0, identicalToRaw = 0
        var worst = (name: "", mad: 0.0)
        for entry in try Self.manifest() {
            guard let size = entry.size else { continue }
            let bytes = try Corpus.bytes("pngsuite/\(entry.name).png")
            let result: DecodedImage
            do {
                result = try PNGDecoder.decode(bytes, options: DecodeOptions())
            } catch {
                Issue.record("\(entry.name): \(error)")
                continue
            }
            decoded += 1
            #expect(result.image.size == size, "\(entry.name)")
            #expect(result.info.size == size, "\(entry.name)")
            #expect(result.scaleDenominator == 1)
            guard result.image.size == size else { continue }
            let raw = try Corpus.bytes("pngsuite-reference/raw/\(entry.name).rgba")
            let gamma = try Corpus.bytes("pngsuite-reference/gamma/\(entry.name).rgba")
            let madRaw = Self.premultipliedMAD(result.image.pixels, raw)
            let madGamma = Self.premultipliedMAD(result.image.pixels, gamma)
            if madRaw <= 2 { matchedRaw += 1 }
            if result.image.pixels == raw { identicalToRaw += 1 }
            if madGamma <= 2 { matchedGamma += 1 }
            if madRaw > worst.mad { worst = (entry.name, madRaw) }
            #expect(madRaw <= 2, "\(entry.name): MAD \(madRaw) against raw/ (gamma/: \(madGamma))")
        }
        #expect(decoded == 161)
        // raw/ was made with libpng's own expand/scale_16/gray_to_rgb/filler, so beyond the
        // tolerance we expect the very same bytes (this catches e.g. strip_16 for scale_16).
        #expect(identicalToRaw == 161)
        print("PngSuite: decoded \(decoded), within MAD 2 of raw \(matchedRaw) (byte-identical \(identicalToRaw)), "
              + "within MAD 2 of gamma \(matchedGamma), worst raw MAD \(worst.mad) \(worst.name)")
    }

    @Test func strictModeAcceptsEveryValidFile() throws {
        for entry in try Self.manifest() where entry.size != nil {
            let bytes = try Corpus.bytes("pngsuite/\(entry.name).png")
            #expect(throws: Never.self, "\(entry.name)") {
                _ = try PNGDecoder.decode(bytes, options: DecodeOptions(strictness: .strict))
            }
        }
    }

    /// The corrupt files whose damage is in the signature: our chunk walk (wt_png_chunks.c)
    /// refuses them before libpng sees them.
    static let refusedByOurChunkWalk: Set<String> = ["xcrn0g04", "xlfn0g04", "xs1n0g01", "xs2n0g01", "xs4n0g01", "xs7n0g01"]

    /// The signature files are refused by us, in our words. The other eight (a bad colour type,
    /// bit depth, IHDR or IDAT checksum, no IDAT) are libpng's to judge, and Debian's updates
    /// may change its judgement: a typed refusal and a picture at the probe's size are both
    /// safe, and both are accepted for them.
    @Test func everyCorruptFileIsRefusedOrDecodedAtItsProbedSize() throws {
        let corrupt = try Self.manifest().filter { $0.size == nil }
        #expect(corrupt.count == 14)
        #expect(Set(corrupt.map(\.name)).isSuperset(of: Self.refusedByOurChunkWalk))
        for entry in corrupt {
            let bytes = try Corpus.bytes("pngsuite/\(entry.name).png")
            for strictness in Strictness.allCases {
                let result = Result { () throws(ImageError) in
                    try PNGDecoder.decode(bytes, options: DecodeOptions(strictness: strictness))
                }
                if Self.refusedByOurChunkWalk.contains(entry.name) {
                    #expect(throws: ImageError(.corruptImage, "the PNG signature is missing or damaged"), "\(entry.name)") {
                        try result.get()
                    }
                } else {
                    let probed = try? PNGDecoder.probe(bytes, limits: .default).size
                    HostileOutcome.expectPictureOrRefusal(result, probed: probed, "\(entry.name) (\(strictness))")
                }
            }
        }
    }

    @Test func interlacedAndSequentialTwinsDecodeIdentically() throws {
        let names = try Corpus.files(in: "pngsuite", withExtension: "png").filter { $0.hasPrefix("basi") }
        #expect(names.count == 15)
        for interlacedName in names {
            let sequentialName = "basn" + interlacedName.dropFirst(4)
            let interlaced = try PNGDecoder.decode(try Corpus.bytes("pngsuite/\(interlacedName)"), options: DecodeOptions())
            let sequential = try PNGDecoder.decode(try Corpus.bytes("pngsuite/\(sequentialName)"), options: DecodeOptions())
            #expect(interlaced.info.scanOrder == .interlaced, "\(interlacedName)")
            #expect(sequential.info.scanOrder == .sequential, "\(sequentialName)")
            #expect(interlaced.image == sequential.image, "\(interlacedName) vs \(sequentialName)")
        }
    }

    @Test func rowStreamingGivesTheSamePixelsAsWholeImageDecoding() throws {
        for name in ["basn6a16", "basi6a16", "basn3p01", "basi3p02", "s09i3p02", "tbbn3p08"] {
            let bytes = try Corpus.bytes("pngsuite/\(name).png")
            let whole = try PNGDecoder.decode(bytes, options: DecodeOptions()).image
            var streamed = [UInt8]()
            var indices = [Int]()
            try PNGRowReader.withReader(bytes) { reader throws(ImageError) in
                try reader.forEachRow { y, row throws(ImageError) in
                    indices.append(y)
                    streamed.append(contentsOf: row)
                }
                #expect(reader.nextRow == reader.info.size.height)
            }
            #expect(indices == Array(0..<whole.height), "\(name)")
            #expect(streamed == whole.pixels, "\(name)")
        }
    }

    @Test func probeReportsTheStoredFormat() throws {
        let cases: [(String, ImageInfo.ColorModel, Int, Bool, ImageInfo.ScanOrder)] = [
            ("basn0g01", .gray, 1, false, .sequential),
            ("basn0g16", .gray, 16, false, .sequential),
            ("basn2c08", .rgb, 8, false, .sequential),
            ("basi3p04", .palette, 4, false, .interlaced),
            ("basn4a08", .grayAlpha, 8, true, .sequential),
            ("basn6a16", .rgba, 16, true, .sequential),
            ("tbrn2c08", .rgb, 8, true, .sequential),   // tRNS on RGB
            ("tbbn3p08", .palette, 8, true, .sequential), // palette + tRNS
            ("tbbn0g04", .gray, 4, true, .sequential),  // gray + tRNS
        ]
        for (name, model, depth, alpha, order) in cases {
            let info = try PNGDecoder.probe(try Corpus.bytes("pngsuite/\(name).png"), limits: .default)
            #expect(info.format == .png)
            #expect(info.colorModel == model, "\(name)")
            #expect(info.bitDepth == depth, "\(name)")
            #expect(info.hasAlpha == alpha, "\(name)")
            #expect(info.scanOrder == order, "\(name)")
            #expect(info.orientation == .up)
            #expect(info.size == PixelSize(width: 32, height: 32))
        }
    }
}
