import Foundation
import Testing
import TestSupport

/// `decode` on real files from the shared corpus: an upright RGBA8 PAM, exactly the layout
/// `dwebp -pam` writes, replaced atomically. Skips visibly without the corpus.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct DecodeCommandTests {
    /// Upright sizes: the corpus README says every orientation file looks like `_0` once
    /// oriented (Landscape 1800x1200, Portrait 1200x1800); canon_hdr_NO is 2048x1536 stored
    /// with orientation 6.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: [
        ("exif-orientation/Landscape_1.jpg", 1800, 1200),
        ("exif-orientation/Landscape_6.jpg", 1800, 1200),
        ("exif-orientation/Landscape_8.jpg", 1800, 1200),
        ("exif-orientation/Portrait_1.jpg", 1200, 1800),
        ("exif-orientation/Portrait_5.jpg", 1200, 1800),
        ("photos/canon_hdr_NO.jpg", 1536, 2048),
    ])
    func decodesAJPEGUprightToPAM(file: String, width: Int, height: Int) throws {
        try expectPAM(decoding: file, width: width, height: height)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func decodesAPNGToPAM() throws {
        try expectPAM(decoding: "pngsuite/basn6a08.png", width: 32, height: 32)
    }

    /// Byte for byte what `dwebp -pam` writes, by the md5s libwebp's test data ships.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/md5sum"), "skipped: no md5sum"),
          arguments: ["lossless1.webp", "lossy_alpha1.webp", "bug3.webp"])
    func decodesAWebPExactlyAsDwebpDoes(file: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.file("out.pam")
        let result = try WidgetThumbsBinary.run(["decode", Corpus.path("webp/\(file)"), "--out", out])
        #expect(result.status == 0, "\(result)")
        let manifest = try String(contentsOfFile: Corpus.path("webp/libwebp_tests.md5"), encoding: .utf8)
        let expected = try #require(manifest.split(separator: "\n").first { $0.hasSuffix("  \(file).pam") }?
            .split(separator: " ").first.map(String.init))
        let md5 = try ChildProcess.run("/usr/bin/md5sum", [out])
        #expect(md5.stdout.split(separator: " ").first.map(String.init) == expected)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func replacesAnExistingOutputAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try directory.write("out.pam", Array("old contents".utf8))
        let result = try WidgetThumbsBinary.run(["decode", Corpus.path("exif-orientation/Landscape_1.jpg"), "-o", out])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(bytes.starts(with: Array("P7\n".utf8)))
        #expect(try directory.contents() == ["out.pam"])
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func anUnwritableOutputIsAnIOErrorAndLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.file("no/such/dir/out.pam")
        let result = try WidgetThumbsBinary.run(["decode", Corpus.path("exif-orientation/Landscape_1.jpg"), "--out", out])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("widget-thumbs: \(out): I/O error: cannot create a temporary file"))
        #expect(try directory.contents().isEmpty)

        // An existing directory as the output: the rename fails and the temporary file goes.
        let intoDirectory = try WidgetThumbsBinary.run(["decode", Corpus.path("exif-orientation/Landscape_1.jpg"),
                                                        "--out", directory.path])
        #expect(intoDirectory.status == 1, "\(intoDirectory)")
        #expect(intoDirectory.stderr.contains("I/O error"))
        #expect(try directory.contents().isEmpty)
    }

    private func expectPAM(decoding file: String, width: Int, height: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.file("out.pam")
        let result = try WidgetThumbsBinary.run(["decode", Corpus.path(file), "--out", out])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        let header = "P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
        #expect(bytes.starts(with: Array(header.utf8)), "\(String(decoding: bytes.prefix(80), as: UTF8.self))")
        #expect(bytes.count == header.utf8.count + width * height * 4)
    }
}
