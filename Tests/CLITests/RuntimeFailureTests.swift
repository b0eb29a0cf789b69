import TestSupport
import Testing

/// Inputs the tool cannot use: exit 1, `widget-thumbs: <file>: <reason>` on stderr, nothing
/// on stdout, and no output file (not even a temporary one) left behind.
@Suite struct RuntimeFailureTests {
    static let unsupported: [(name: String, bytes: [UInt8], reason: String)] = [
        ("notes.txt", Array("just some text, not a picture\n".utf8), "unsupported format: text"),
        ("anim.gif", Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], "unsupported format: GIF"),
        ("scan.tif", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "unsupported format: TIFF"),
        ("empty.jpg", [], "unsupported format: empty file"),
    ]

    @Test(arguments: ["inspect", "decode"])
    func unsupportedFormatsAreRefusedNamingTheFile(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for input in Self.unsupported {
            let path = try directory.write(input.name, input.bytes)
            let result = try WidgetThumbsBinary.run(arguments(command, path, out: directory.file("out.pam")))
            #expect(result.status == 1, "\(input.name): \(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("widget-thumbs: \(path): \(input.reason)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try directory.contents() == Self.unsupported.map(\.name).sorted())
    }

    @Test(arguments: ["inspect", "decode"])
    func aMissingFileIsAnIOError(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("missing.jpg")
        let result = try WidgetThumbsBinary.run(arguments(command, missing, out: directory.file("out.pam")))
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "widget-thumbs: \(missing): I/O error: cannot open: No such file or directory\n")
        #expect(try directory.contents().isEmpty)
    }

    @Test func aDirectoryIsNotAnImage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try WidgetThumbsBinary.run(["inspect", directory.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("widget-thumbs: \(directory.path): I/O error: not a regular file"))
    }

    private func arguments(_ command: String, _ input: String, out: String) -> [String] {
        command == "decode" ? ["decode", input, "--out", out] : ["inspect", input]
    }
}
