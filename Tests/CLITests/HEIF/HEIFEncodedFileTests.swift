import Foundation
import Testing
import TestSupport
import WidgetThumbnails

/// HEIC and AVIF files as libheif's own encoders write them (HEIFFixtures), through the
/// commands, each compared with libheif's own decode of the same file.
struct HEIFEncodedFileTests {
    /// Colour descriptions that leave something "unspecified" (ITU-T H.273 code 2), which
    /// libheif takes as its defaults (BT.709 primaries, sRGB transfer, BT.601 matrix).
    /// `heif-enc -A` writes the first: every AVIF it makes says primaries 2 and transfer 2.
    static let unspecifiedColours: [(name: String, av1: Bool, nclx: HEIFFixtures.NCLX)] = [
        ("avif-as-heif-enc-writes", true, .init(primaries: 2, transfer: 2, matrix: 6, fullRange: true)),
        ("avif-all-unspecified", true, .init(primaries: 2, transfer: 2, matrix: 2, fullRange: true)),
        ("heic-all-unspecified", false, .init(primaries: 2, transfer: 2, matrix: 2, fullRange: true)),
        ("heic-primaries-unspecified", false, .init(primaries: 2, transfer: 13, matrix: 6, fullRange: true)),
        ("heic-transfer-unspecified", false, .init(primaries: 1, transfer: 2, matrix: 1, fullRange: false)),
        ("heic-matrix-unspecified", false, .init(primaries: 1, transfer: 13, matrix: 2, fullRange: true)),
    ]

    @Test(arguments: unspecifiedColours.indices)
    func unspecifiedColourCodesAreLibheifsDefaultsForEveryCommand(index: Int) throws {
        let colour = Self.unspecifiedColours[index]
        let file = try HEIFFixtures.encode(av1: colour.av1, nclx: colour.nclx)
        try expectEveryCommandMatchesLibheif(file, name: "\(colour.name).\(colour.av1 ? "avif" : "heic")")
    }

    /// A burst's HEVC images carry their colour description only in the stream's VUI (no colr
    /// box): libheif converts with it, and so must the tile path. Limited range with the BT.709
    /// matrix moved every channel by 5 to 13 levels when the VUI was ignored.
    static let streamColours: [(name: String, parameters: [(String, String)])] = [
        ("vui-bt709-limited", [("x265:colormatrix", "bt709"), ("x265:range", "limited")]),
        ("vui-bt601-limited", [("x265:colormatrix", "bt470bg"), ("x265:range", "limited")]),
        ("vui-bt709-full", [("x265:colormatrix", "bt709"), ("x265:range", "full")]),
    ]

    @Test(arguments: streamColours.indices)
    func aBurstWithoutAColrBoxUsesTheHEVCStreamsColourDescription(index: Int) throws {
        let colour = Self.streamColours[index]
        var file = try HEIFFixtures.encode(nclx: nil, parameters: colour.parameters, count: 3)
        // Burst files say msf1 (an image sequence brand) first.
        file.replaceSubrange(8..<12, with: Array("msf1".utf8))
        try expectEveryCommandMatchesLibheif(file, name: "\(colour.name).heic")
    }

    /// The AVIF path has no colr box either here: the AV1 sequence header's colour config decides.
    @Test func anAVIFWithoutAColrBoxUsesTheSequenceHeadersColours() throws {
        var file = try HEIFFixtures.encode(av1: true, nclx: .init(primaries: 1, transfer: 13, matrix: 1, fullRange: false))
        let colr = try #require(HEIFFixtures.range(ofBox: "colr", in: file), "libheif wrote no colr box")
        file.replaceSubrange(colr.lowerBound + 4..<colr.lowerBound + 8, with: Array("free".utf8))
        try expectEveryCommandMatchesLibheif(file, name: "no-colr.avif")
    }

    /// `inspect`, `decode` and `thumbnail` (the tile path, at full size so nothing is resampled)
    /// all take the file, and both pixel paths are within a tenth of a level per channel of
    /// libheif, on average, as libvips and pillow-heif are. A wrong matrix or range is 5 to
    /// 15 levels off; the exact limited-range scales instead of libheif's, about half a level.
    private func expectEveryCommandMatchesLibheif(_ file: [UInt8], name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write(name, file)
        let reference = try HEIFFixtures.libheifDecode(file)

        let inspect = try WidgetThumbsBinary.run(["inspect", input])
        #expect(inspect.status == 0, "\(name): \(inspect)")

        let pam = directory.file("decoded.pam")
        let decode = try WidgetThumbsBinary.run(["decode", input, "--out", pam])
        try #require(decode.status == 0, "\(name): \(decode)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pam)))
        let size = HEIFFixtures.size
        let header = Array("P7\nWIDTH \(size.width)\nHEIGHT \(size.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        try #require(bytes.starts(with: header) && bytes.count == header.count + size.area * 4, "\(name): not a 64x48 PAM")
        let decodeDifference = HEIFFixtures.meanDifference(rgba: Array(bytes[header.count...]), rgb: reference)
        #expect(decodeDifference.allSatisfy { $0 < 0.1 }, "\(name): decode is \(decodeDifference) levels from libheif")

        let png = directory.file("thumbnail.png")
        let thumbnail = try WidgetThumbsBinary.run(["thumbnail", input, "-o", png, "--format", "png",
                                                    "--max-side", "\(HEIFFixtures.size.width)"])
        try #require(thumbnail.status == 0, "\(name): \(thumbnail)")
        let made = try ImageDecoder.decodeFile(atPath: png).image
        try #require(made.size == HEIFFixtures.size, "\(name): \(made.size)")
        let thumbnailDifference = HEIFFixtures.meanDifference(rgba: made.pixels, rgb: reference)
        #expect(thumbnailDifference.allSatisfy { $0 < 0.1 }, "\(name): thumbnail is \(thumbnailDifference) levels from libheif")
    }
}

extension HEIFEncodedFileTests {
    /// `inspect` lists the images besides the primary: none in a one-image file, the rest of a
    /// burst in a three-image one (the primary is a top-level image too).
    @Test(arguments: [(1, "none"), (3, "2 top-level (not decoded)")])
    func inspectCountsOnlyTheImagesBesidesThePrimary(count: Int, expected: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write("images.heic", try HEIFFixtures.encode(nclx: nil, count: count))
        let result = try WidgetThumbsBinary.run(["inspect", input])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("other images:     \(expected)\n"), "\(result.stdout)")
        let json = try WidgetThumbsBinary.run(["inspect", input, "--json"])
        #expect(json.stdout.contains("\"topLevelImages\" : \(count)"), "\(json.stdout)")
    }
}

extension HEIFEncodedFileTests {
    /// An overlay (iovl) primary, as some Nokia phones write, is decoded: two HEVC images side by
    /// side and one lower down, over a black canvas, 16- and 32-bit fields alike. Every command
    /// takes it, and `decode` and `thumbnail` give libheif's own picture.
    @Test(arguments: [false, true])
    func anOverlayPrimaryIsDecodedAsLibheifDecodesIt(largeFields: Bool) throws {
        let canvas = PixelSize(width: 160, height: 100)
        let file = try HEIFFixtures.overlay(canvas: (160, 100), offsets: [(0, 0), (64, 0), (90, 40)],
                                            largeFields: largeFields)
        let reference = try HEIFFixtures.libheifDecode(file, size: canvas)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write("overlay.heic", file)

        let inspect = try WidgetThumbsBinary.run(["inspect", input])
        #expect(inspect.status == 0, "\(inspect)")
        #expect(inspect.stdout.contains("HEIF brand:       heic, primary iovl"), "\(inspect.stdout)")

        let pam = directory.file("overlay.pam")
        let decode = try WidgetThumbsBinary.run(["decode", input, "--out", pam])
        try #require(decode.status == 0, "\(decode)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pam)))
        let header = Array("P7\nWIDTH 160\nHEIGHT 100\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        try #require(bytes.starts(with: header) && bytes.count == header.count + canvas.area * 4, "not a 160x100 PAM")
        let decodeDifference = HEIFFixtures.meanDifference(rgba: Array(bytes[header.count...]), rgb: reference)
        #expect(decodeDifference.allSatisfy { $0 < 0.1 }, "decode is \(decodeDifference) levels from libheif")

        let png = directory.file("overlay.png")
        let thumbnail = try WidgetThumbsBinary.run(["thumbnail", input, "-o", png, "--format", "png", "--max-side", "160"])
        try #require(thumbnail.status == 0, "\(thumbnail)")
        let made = try ImageDecoder.decodeFile(atPath: png).image
        try #require(made.size == canvas, "\(made.size)")
        let thumbnailDifference = HEIFFixtures.meanDifference(rgba: made.pixels, rgb: reference)
        #expect(thumbnailDifference.allSatisfy { $0 < 0.1 }, "thumbnail is \(thumbnailDifference) levels from libheif")
        // The canvas shows where no image lies: black below the first two, right of the third.
        let corner = (99 * 160 + 10) * 4
        #expect(Array(made.pixels[corner..<corner + 3]).allSatisfy { $0 < 8 }, "\(made.pixels[corner..<corner + 3])")
    }
}
