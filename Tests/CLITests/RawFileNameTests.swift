import Foundation
import Glibc
import TestSupport
import Testing
import WidgetThumbnails

/// Linux file names are bytes. A name that is not UTF-8 used to be skipped silently in folders
/// (a whole subfolder under --recursive), reported missing when named, and a container path
/// with such bytes was written somewhere else. Every name must round-trip from argv and from
/// the directory walk to the output, and show escaped in messages.
@Suite struct RawFileNameTests {
    /// `caf\xe9` (Latin-1 é) and `sub\xff`: not UTF-8.
    static let latin1 = RawPath.decode([0x63, 0x61, 0x66, 0xE9])
    static let badFolder = RawPath.decode([0x73, 0x75, 0x62, 0xFF])

    static func makeTree() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let jpeg = try ImageEncoder.encode(BatchFixtures.pattern(width: 400, height: 300, alpha: false), format: .jpeg, quality: 85)
        for folder in ["in", "in/" + badFolder] {
            #expect(RawPath.withCString(directory.file(folder)) { mkdir($0, 0o755) } == 0)
        }
        for name in ["in/\(latin1).jpg", "in/\(badFolder)/a.jpg", "in/plain.jpg"] {
            try Self.write(jpeg, to: directory.file(name))
        }
        return directory
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = RawPath.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) } == bytes.count)
    }

    static func exists(_ path: String) -> Bool {
        var status = stat()
        return RawPath.withCString(path) { lstat($0, &status) } == 0
    }

    @Test func folderWalksTakeEveryNameAndOutputsKeepTheBytes() throws {
        let directory = try Self.makeTree()
        defer { directory.remove() }
        let out = directory.file("out")
        let result = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--recursive", "--out", out, "--json"])
        #expect(result.status == 0, "\(result)")
        let report = try BatchJSON(result.stdout)
        #expect(report.summary.ok == 3, "\(result.stdout)")
        #expect(Self.exists(out + "/\(Self.latin1).jpg"))
        #expect(Self.exists(out + "/\(Self.badFolder)/a.jpg"))
        // JSON shows the bytes that are not UTF-8 as \xNN, never U+FFFD.
        #expect(report.inputs.contains { $0.input.hasSuffix("in/caf\\xe9.jpg") }, "\(report.inputs.map(\.input))")
        #expect(!result.stdout.contains("\u{FFFD}"))
    }

    @Test func aNamedInputIsFoundAndNamedEscaped() throws {
        let directory = try Self.makeTree()
        defer { directory.remove() }
        let input = directory.file("in/\(Self.latin1).jpg")
        let inspected = try WidgetThumbsBinary.run(["inspect", input])
        #expect(inspected.status == 0, "\(inspected)")
        let out = directory.file("single")
        let made = try WidgetThumbsBinary.run(["batch", input, "--out", out])
        #expect(made.status == 0, "\(made)")
        #expect(Self.exists(out + "/\(Self.latin1).jpg"))
        // A missing file with such a name is named escaped, on one line.
        let missing = try WidgetThumbsBinary.run(["inspect", directory.file("nope\(Self.latin1).jpg")])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nopecaf\\xe9.jpg: I/O error: cannot open: No such file or directory"), "\(missing.stderr)")
    }

    @Test func aContainerPathKeepsItsBytes() throws {
        let directory = try Self.makeTree()
        defer { directory.remove() }
        let container = directory.file("box-\(Self.latin1)")
        let payload = try directory.write("payload.json", Array(#"{"title":"x"}"#.utf8))
        let commit = try WidgetThumbsBinary.run(["commit", "--container", container, "--revision", "1", "--payload", payload])
        #expect(commit.status == 0, "\(commit)")
        #expect(Self.exists(container + "/current.json"))
        // Not written to the name U+FFFD would make of it.
        #expect(!FileManager.default.fileExists(atPath: directory.file("box-caf\u{FFFD}")))
        let read = try WidgetThumbsBinary.run(["read", "--container", container])
        #expect(read.status == 0 && read.stdout.contains("state:        content"), "\(read)")
    }

    /// The byte 0xE9 shows as `\xe9`; a name that holds the text `\xe9` must show otherwise
    /// (its backslash doubled), in messages, `--json-lines` and `--json`, or two inputs read
    /// alike and an escaped name cannot be turned back into the file it names.
    @Test func aBackslashInANameIsEscapedSoNoTwoNamesPrintAlike() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(mkdir(directory.file("in"), 0o755) == 0)
        let byteName = "x" + RawPath.decode([0xE9]) + ".jpg"
        let textName = #"x\xe9.jpg"#
        for name in [byteName, textName] { try Self.write(Array("not a picture".utf8), to: directory.file("in/" + name)) }

        let lines = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("out"), "--json-lines"])
        #expect(lines.status == 1, "\(lines)")
        let messages = lines.stderr.split(separator: "\n").filter { $0.contains("unsupported format") }
        #expect(messages.count == 2 && Set(messages).count == 2, "two names print alike: \(lines.stderr)")
        #expect(lines.stderr.contains(#"in/x\xe9.jpg: unsupported format"#), "\(lines.stderr)")
        #expect(lines.stderr.contains(#"in/x\\xe9.jpg: unsupported format"#), "\(lines.stderr)")
        struct Line: Decodable { var input: String? }
        let inputs = try lines.stdout.split(separator: "\n").compactMap {
            try JSONReport.decode(Line.self, from: $0).input
        }
        #expect(inputs.count == 2 && Set(inputs).count == 2, "two --json-lines names alike: \(lines.stdout)")
        #expect(Set(inputs.map { String($0.split(separator: "/").last!) }) == [#"x\xe9.jpg"#, #"x\\xe9.jpg"#], "\(inputs)")

        let document = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("out"), "--json"])
        let report = try BatchJSON(document.stdout)
        #expect(Set(report.inputs.map(\.input)).count == 2, "two --json names alike: \(document.stdout)")
    }
}
