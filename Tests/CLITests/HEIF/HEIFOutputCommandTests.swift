import TestSupport
import Testing
import WidgetThumbnails

/// `--format avif|heic` through `thumbnail`, `batch` and `commit`: within the byte cap, named
/// by their extensions, and stored and verified by the store like any other format.
@Suite struct HEIFOutputCommandTests {
    /// A 640x480 JPEG original in a fresh directory.
    static func original(_ directory: TemporaryDirectory) throws -> String {
        try directory.write("photo.jpg", try ImageEncoder.encode(BatchFixtures.pattern(width: 640, height: 480, alpha: false),
                                                                 format: .jpeg, quality: 90))
    }

    @Test(arguments: [StoredFormat.avif, .heic])
    func thumbnailWritesTheFormatItsNameOrFlagAsksFor(format: StoredFormat) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try Self.original(directory)
        let named = directory.file("by-name.\(format.fileExtension)")
        let byName = try WidgetThumbsBinary.run(["thumbnail", input, "-o", named])
        #expect(byName.status == 0, "\(byName)")
        #expect(StoredFormat(magicBytesOf: try FileBytes.contents(of: named)) == format)

        let flagged = directory.file("by-flag.out")
        let cap = 6_000
        let byFlag = try WidgetThumbsBinary.run(["thumbnail", input, "-o", flagged, "--format", format.rawValue,
                                                 "--max-bytes", "\(cap)"])
        #expect(byFlag.status == 0, "\(byFlag)")
        let written = try FileBytes.contents(of: flagged)
        #expect(StoredFormat(magicBytesOf: written) == format)
        #expect(written.count <= cap)
        let decoded = try ImageDecoder.decode(written)
        #expect(decoded.info.format == .heif)
        #expect(max(decoded.image.width, decoded.image.height) <= 500)
    }

    @Test(arguments: [StoredFormat.avif, .heic])
    func batchWritesEveryThumbnailUnderTheCap(format: StoredFormat) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let photo = try Self.original(directory)
        let logoPath = try directory.write("logo.png", try ImageEncoder.encode(BatchFixtures.pattern(width: 300, height: 200, alpha: true),
                                                                format: .png, quality: 0))
        let out = directory.file("out")
        let result = try WidgetThumbsBinary.run(["batch", photo, logoPath, "--out", out, "--format", format.rawValue,
                                                 "--max-bytes", "20000", "--json", "--quiet"], timeout: 120)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"format\" : \"\(format.rawValue)\""), "\(result.stdout.prefix(600))")
        for name in ["photo", "logo"] {
            let bytes = try FileBytes.contents(of: "\(out)/\(name).\(format.fileExtension)")
            #expect(StoredFormat(magicBytesOf: bytes) == format)
            #expect(bytes.count <= 20_000)
        }
        let logo = try ImageDecoder.decode(try FileBytes.contents(of: "\(out)/logo.\(format.fileExtension)"))
        #expect(logo.info.hasAlpha, "transparency survives")
    }

    @Test(arguments: [StoredFormat.avif, .heic])
    func commitStoresAndVerifiesTheFormat(format: StoredFormat) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try Self.original(directory)
        let container = directory.file("container")
        let commit = try WidgetThumbsBinary.run(["commit", "--container", container, "--revision", "3",
                                                 "--image", input, "--format", format.rawValue])
        #expect(commit.status == 0, "\(commit)")
        let stored = "\(container)/images/thumbnail-3.\(format.fileExtension)"
        #expect(StoredFormat(magicBytesOf: try FileBytes.contents(of: stored)) == format)
        let verify = try WidgetThumbsBinary.run(["verify", "--container", container])
        #expect(verify.status == 0, "\(verify)")
        let read = try WidgetThumbsBinary.run(["read", "--container", container, "--json"])
        #expect(read.status == 0, "\(read)")
        #expect(read.stdout.contains("images/thumbnail-3.\(format.fileExtension)"), "\(read.stdout)")
        #expect(read.stdout.contains("\"status\":\"ok\""), "\(read.stdout)")
    }

    @Test func helpNamesTheNewChoicesAndAutoStaysJPEGOrWebP() throws {
        let help = try WidgetThumbsBinary.run(["batch", "--help"])
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("(values: auto, jpeg, webp, png, avif, heic; default: auto)"), "\(flat)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try Self.original(directory)
        let auto = directory.file("auto.out")
        #expect(try WidgetThumbsBinary.run(["thumbnail", input, "-o", auto]).status == 0)
        #expect(StoredFormat(magicBytesOf: try FileBytes.contents(of: auto)) == .jpeg)
    }
}
