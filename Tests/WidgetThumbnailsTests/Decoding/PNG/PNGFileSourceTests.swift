import Foundation
import Glibc
import Testing
@testable import WidgetThumbnails
import TestSupport

/// `PNGRowReader` reading from an open file must behave exactly like reading the same bytes
/// from memory (same pixels, same facts, same errors), plus name the file and survive a file
/// that changes under it.
@Suite struct PNGFileSourceTests {
    typealias Forge = PNGFixtures

    /// Every row, read through `PNGRowReader` from `file`, in `chunk`-row reads.
    static func decode(_ file: OpenInputFile, _ strictness: Strictness = .lenient,
                       chunk: Int = .max) throws(ImageError) -> DecodedImage {
        try PNGRowReader.withReader(file, options: DecodeOptions(strictness: strictness)) { reader throws(ImageError) in
            let size = reader.info.size
            var pixels = [UInt8](repeating: 0, count: size.area * 4)
            try pixels.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                while reader.nextRow < size.height {
                    let count = min(chunk, size.height - reader.nextRow)
                    let start = reader.nextRow * reader.rowBytes
                    try reader.readRows(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...]), count: count)
                }
            }
            return DecodedImage(image: RGBAImage(width: size.width, height: size.height, pixels: pixels), info: reader.info)
        }
    }

    /// Decodes `bytes` from memory and from a file and expects the same outcome; returns it.
    @discardableResult
    static func expectSameOutcome(_ bytes: [UInt8], _ strictness: Strictness = .lenient, _ name: String,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Result<DecodedImage, ImageError> {
        let path = try TemporaryFile.write(bytes, name: "image.png")
        defer { TemporaryFile.remove(path) }
        let memory = Result { () throws(ImageError) in try PNGDecoder.decode(bytes, options: DecodeOptions(strictness: strictness)) }
        let file = Result { () throws(ImageError) in try decode(OpenInputFile(path: path, maxBytes: 1 << 30), strictness) }
        switch (memory, file) {
        case (.success(let a), .success(let b)):
            #expect(a.image == b.image, "\(name) (\(strictness)): pixels differ", sourceLocation: sourceLocation)
            #expect(a.info == b.info, "\(name) (\(strictness)): facts differ", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(b == a.naming(path), "\(name) (\(strictness))", sourceLocation: sourceLocation)
        default:
            Issue.record("\(name) (\(strictness)): memory \(memory), file \(file)", sourceLocation: sourceLocation)
        }
        return file
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func everyPngSuiteFileDecodesTheSameFromAFile() throws {
        let names = try Corpus.files(in: "pngsuite", withExtension: "png")
        #expect(names.count == 175)
        var refused = 0
        for name in names {
            let bytes = try Corpus.bytes("pngsuite/\(name)")
            for strictness in Strictness.allCases {
                let outcome = try Self.expectSameOutcome(bytes, strictness, name)
                if case .failure = outcome, PNGSuiteTests.refusedByOurChunkWalk.contains(String(name.dropLast(4))) { refused += 1 }
            }
        }
        // Only the refusals our chunk walk decides are counted: the other corrupt files are
        // libpng's to judge, and need only give the same outcome from a file.
        #expect(refused == PNGSuiteTests.refusedByOurChunkWalk.count * 2, "the signature files are refused in both modes")
    }

    @Test func damagedAndHostileFilesGiveTheSameOutcomeFromAFile() throws {
        let (file, _) = Forge.gradientRGB(width: 64, height: 48)
        let exif: [UInt8] = Array("MM".utf8) + [0, 42] + Forge.be32(8) + [0, 1] + [1, 18, 0, 3] + Forge.be32(1) + [0, 6, 0, 0]
        let tiny = Forge.gradientRGB(width: 4, height: 4).rows
        func withChunks(_ chunks: [[UInt8]]) -> [UInt8] {
            Forge.png(width: 4, height: 4, colorType: 2, rows: tiny, beforeImage: chunks)
        }
        var cases: [(String, [UInt8])] = [
            ("eXIf orientation", withChunks([Forge.chunk("eXIf", exif)])),
            ("eXIf bad CRC", withChunks([Forge.chunk("eXIf", exif, badCRC: true)])),
            ("eXIf of 6 MiB", withChunks([Forge.chunk("eXIf", Array("MM".utf8) + [0, 42] + [UInt8](repeating: 0, count: 6 << 20))])),
            ("tEXt declaring 2 GB", withChunks([Forge.chunk("tEXt", Array("k\0v".utf8), declaredLength: 0x7FFF_0000)])),
            ("5000 tEXt chunks", withChunks((0..<5000).map { Forge.chunk("tEXt", Array("Key\0value \($0)".utf8)) })),
            ("unknown chunk of 6 MiB", withChunks([Forge.chunk("zzZz", [UInt8](repeating: 7, count: 6 << 20))])),
            ("IEND missing", Array(file.dropLast(12))),
            ("image data bomb", Array(file.dropLast(12)) + Forge.chunk("IDAT", Forge.zlibZeros(zeros: 1 << 20)) + Forge.iend),
        ]
        for cut in [0, 4, 8, 12, 20, 33, 37, 42, 91, file.count / 2, file.count - 400] {
            cases.append(("cut at \(cut)", Array(file.prefix(cut))))
        }
        for (name, bytes) in cases {
            for strictness in Strictness.allCases {
                try Self.expectSameOutcome(bytes, strictness, name)
            }
        }
        let oriented = try Self.expectSameOutcome(withChunks([Forge.chunk("eXIf", exif)]), .lenient, "eXIf").get()
        #expect(oriented.info.orientation == EXIFOrientation(rawValue: 6))
    }

    @Test func rowsAcrossManyReadBuffersMatchAndReadsMayBeAnySize() throws {
        // ~700 KB of stored image data: libpng's reads cross the 64 KiB buffer many times.
        let (bytes, rows) = Forge.gradientRGB(width: 600, height: 400)
        var expected: [UInt8] = []
        for row in rows {
            for x in stride(from: 0, to: row.count, by: 3) { expected += row[x..<x + 3] + [255] }
        }
        let path = try TemporaryFile.write(bytes, name: "image.png")
        defer { TemporaryFile.remove(path) }
        for chunk in [1, 7, 400] {
            let decoded = try Self.decode(OpenInputFile(path: path, maxBytes: 1 << 30), chunk: chunk)
            #expect(decoded.image.pixels == expected, "\(chunk) rows a read")
        }
    }

    @Test func aFileThatShrinksWhileReadIsRefusedNotACrash() throws {
        let (bytes, _) = Forge.gradientRGB(width: 600, height: 400)
        let path = try TemporaryFile.write(bytes, name: "image.png")
        defer { TemporaryFile.remove(path) }
        // Shrunk between opening and the chunk walk: the walk notices.
        let file = try OpenInputFile(path: path, maxBytes: 1 << 30)
        #expect(truncate(path, off_t(bytes.count / 2)) == 0)
        #expect(throws: ImageError(.io, "the file shrank while it was read", file: path)) {
            try Self.decode(file)
        }
        // Shrunk while rows are read: libpng finds the image data cut short.
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let again = try OpenInputFile(path: path, maxBytes: 1 << 30)
        #expect(throws: ImageError(.corruptImage, "the file ends early (truncated)", file: path)) {
            try PNGRowReader.withReader(again) { reader throws(ImageError) in
                try reader.forEachRow { row, _ in
                    if row == 10 { _ = truncate(path, off_t(bytes.count / 2)) }
                }
            }
        }
    }

    @Test func theFileIsCheckedBeforeAnythingIsRead() throws {
        let path = try TemporaryFile.write(Forge.gradientRGB(width: 64, height: 48).file, name: "image.png")
        defer { TemporaryFile.remove(path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(throws: ImageError(.io, "not a regular file (a directory)", file: folder)) {
            try OpenInputFile(path: folder, maxBytes: 1 << 30)
        }
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(throws: ImageError(.tooLarge, "the file is \(size) bytes, over the limit of 100", file: path)) {
            try ThumbnailPipeline(options: ThumbnailOptions(limits: DecodeLimits(maxFileBytes: 100))).thumbnail(.path(path))
        }
        let missing = folder + "/missing.png"
        #expect((try? OpenInputFile(path: missing, maxBytes: 1 << 30)) == nil)
        do {
            _ = try ThumbnailPipeline().thumbnail(.path(missing))
            Issue.record("a missing file must be refused")
        } catch {
            #expect(error.code == .io && error.file == missing, "\(error)")
        }
    }

    @Test func aPNGThumbnailFromItsPathEqualsTheOneFromItsBytes() throws {
        for name in ["alpha-logo.png", "interlaced.png", "16bit.png", "palette.png"] {
            let path = Corpus.packageRoot.appendingPathComponent("SampleImages/\(name)").path
            let pipeline = ThumbnailPipeline()
            let fromPath = try pipeline.thumbnail(.path(path))
            let fromBytes = try pipeline.thumbnail(.bytes(InputFile.read(path, maxBytes: 1 << 30)), file: path)
            #expect(fromPath.bytes == fromBytes.bytes, "\(name)")
            #expect(fromPath.source == fromBytes.source, "\(name)")
            guard case .file(_, .png) = try ThumbnailInput.open(atPath: path, maxBytes: 1 << 30) else {
                Issue.record("\(name): a PNG must stay in its file")
                continue
            }
        }
        let webp = Corpus.packageRoot.appendingPathComponent("SampleImages/lossy.webp").path
        guard case .bytes(let bytes) = try ThumbnailInput.open(atPath: webp, maxBytes: 1 << 30) else {
            Issue.record("a WebP is read whole")
            return
        }
        #expect(bytes == (try InputFile.read(webp, maxBytes: 1 << 30)))
    }
}
