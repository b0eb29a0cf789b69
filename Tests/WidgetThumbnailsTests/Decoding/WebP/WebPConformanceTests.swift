import Testing
@testable import WidgetThumbnails
import TestSupport

/// libwebp's own test files (the corpus's webp/ folder): our decode must write the very bytes
/// `dwebp -pam` writes, checked against the md5s libwebp publishes.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct WebPConformanceTests {
    /// (file, md5 of `dwebp -pam` output) for every `.pam` line of libwebp_tests.md5.
    static func pamReferences() throws -> [(file: String, md5: String)] {
        let list = String(decoding: try Corpus.bytes("webp/libwebp_tests.md5"), as: UTF8.self)
        return list.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2, fields[1].hasSuffix(".webp.pam") else { return nil }
            return (String(fields[1].dropLast(".pam".count)), String(fields[0]))
        }
    }

    @Test func everyListedFileDecodesToDwebpsExactPAM() throws {
        let references = try Self.pamReferences()
        #expect(references.count >= 90, "the list names \(references.count) .pam md5s")
        var mismatches: [String] = []
        for (file, md5) in references {
            do {
                let decoded = try WebPDecoder.decode(try Corpus.bytes("webp/\(file)"), options: DecodeOptions(strictness: .strict))
                let actual = MD5.hex(PAMWriter.encode(decoded.image))
                if actual != md5 { mismatches.append("\(file): md5 \(actual), expected \(md5)") }
            } catch {
                mismatches.append("\(file): \(error)")
            }
        }
        #expect(mismatches.isEmpty, "\(references.count - mismatches.count)/\(references.count) match:\n\(mismatches.joined(separator: "\n"))")
    }

    /// lossless_vec_1_* all encode a 16x16 checkerboard of blue and half-transparent red
    /// (lossless_vec_list.txt), each with different VP8L features.
    @Test func losslessVectorsOneDecodeToTheDocumentedGrid() throws {
        let blue: [UInt8] = [0, 0, 255, 255], red: [UInt8] = [255, 0, 0, 128]
        let grid = (0..<16).flatMap { y in (0..<16).flatMap { x in (x + y) % 2 == 0 ? blue : red } }
        for index in 0..<16 {
            let file = "webp/lossless_vec_1_\(index).webp"
            let decoded = try WebPDecoder.decode(try Corpus.bytes(file), options: DecodeOptions(strictness: .strict))
            #expect(decoded.image.size == PixelSize(width: 16, height: 16), "\(file)")
            let wrong = (0..<256).filter { Array(decoded.image.pixels[$0 * 4..<$0 * 4 + 4]) != Array(grid[$0 * 4..<$0 * 4 + 4]) }
            #expect(wrong.isEmpty, "\(file): \(wrong.count) pixels differ from the grid, first at index \(wrong.first ?? 0)")
            #expect(decoded.info.isLossless, "\(file)")
        }
    }

    /// lossless_vec_2_* all encode the same opaque 128x128 picture.
    @Test func losslessVectorsTwoAgreeAndAreOpaque() throws {
        let first = try WebPDecoder.decode(try Corpus.bytes("webp/lossless_vec_2_0.webp"), options: DecodeOptions()).image
        #expect(first.size == PixelSize(width: 128, height: 128))
        #expect(!first.hasTransparency)
        for index in 1..<16 {
            let image = try WebPDecoder.decode(try Corpus.bytes("webp/lossless_vec_2_\(index).webp"), options: DecodeOptions()).image
            let identical = image.pixels == first.pixels
            #expect(identical, "lossless_vec_2_\(index).webp differs from lossless_vec_2_0.webp")
        }
    }

    /// Every corpus file also decodes shrunk on load, to the size ShrinkOnLoad asks for.
    @Test func everyFileDecodesScaled() throws {
        let box = PixelSize(width: 24, height: 24)
        for file in try Corpus.files(in: "webp", withExtension: "webp") {
            let bytes = try Corpus.bytes("webp/\(file)")
            let info = try WebPDecoder.probe(bytes, limits: .default)
            let decoded = try WebPDecoder.decode(bytes, options: DecodeOptions(targetBox: box))
            let expected = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
            #expect(decoded.image.size == expected, "\(file) (\(info.size))")
        }
    }
}

/// The test MD5 against RFC 1321's vectors: runs without the corpus.
@Suite struct MD5Tests {
    @Test func md5MatchesTheRFCVectors() {
        #expect(MD5.hex([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(Array("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex(Array("message digest".utf8)) == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(MD5.hex(Array(String(repeating: "1234567890", count: 8).utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
    }
}
