import Testing
@testable import WidgetThumbnails

@Suite struct FormatSnifferTests {
    @Test func recognisesTheThreeFormatsByMagicBytes() {
        #expect(FormatSniffer.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .supported(.jpeg))
        #expect(FormatSniffer.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .supported(.png))
        #expect(FormatSniffer.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .supported(.webp))
    }

    @Test(arguments: [
        (Array("GIF89a....".utf8), "GIF"),
        ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "TIFF"),
        (Array("BM6\u{0}\u{0}\u{0}".utf8), "BMP"),
        ([0, 0, 0, 0x10] + Array("ftypisom".utf8) + [0, 0, 0, 0], "ISO media (brand \"isom\")"),
        (Array("<svg xmlns=\"http://www.w3.org/2000/svg\">".utf8), "SVG/XML"),
        (Array("hello, world\n".utf8), "text"),
        ([], "empty file"),
    ] as [([UInt8], String)])
    func refusesOtherFormatsNamingThem(bytes: [UInt8], name: String) {
        #expect(FormatSniffer.sniff(bytes) == .unsupported(name))
        #expect(throws: ImageError.self) { try ImageDecoder.format(of: bytes, file: "x.jpg") }
        do {
            _ = try ImageDecoder.format(of: bytes, file: "x.jpg")
        } catch {
            #expect(error.code == .unsupportedFormat)
            #expect(error.description.hasPrefix("x.jpg: unsupported format"))
        }
    }

    @Test func aRIFFThatIsNotWebPIsRefused() {
        #expect(FormatSniffer.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == .unsupported("RIFF (not WebP)"))
    }
}
