import Foundation
import TestSupport
import Testing

/// Help and version: stdout, exit 0, nothing on stderr, in the OVERVIEW/USAGE/... shape.
@Suite struct HelpTests {
    @Test(arguments: [["--help"], ["-h"], ["help"], ["help", "--help"]])
    func rootHelpListsTheSubcommands(arguments: [String]) throws {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        let text = result.stdout
        #expect(text.hasPrefix("OVERVIEW: "))
        #expect(text.contains("\nUSAGE: widget-thumbs <subcommand>\n"))
        #expect(text.contains("\nOPTIONS:\n"))
        #expect(text.contains("\n  --version "))
        #expect(text.contains("\n  -h, --help "))
        #expect(text.contains("\nSUBCOMMANDS:\n"))
        #expect(text.contains("\n  decode "))
        #expect(text.contains("\n  inspect "))
        #expect(text.contains("See 'widget-thumbs help <subcommand>' for detailed help."))
        let sections = ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(sections == sections.sorted() && sections.count == 4, "sections out of order")
    }

    @Test(arguments: [["help", "decode"], ["decode", "--help"], ["decode", "-h"],
                      ["decode", "in.jpg", "--out", "x.pam", "--help"], ["decode", "--bogus", "-h"]])
    func decodeHelpIsTheSameEveryWayItIsAsked(arguments: [String]) throws {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("OVERVIEW: Decode "))
        #expect(result.stdout.contains("\nUSAGE: widget-thumbs decode <file> --out <file.pam> [--strict]\n"))
        #expect(result.stdout.contains("\nARGUMENTS:\n  <file> "))
        #expect(result.stdout.contains("\nOPTIONS:\n  -o, --out <file.pam> "))
        #expect(!result.stdout.contains("SUBCOMMANDS:"))
    }

    /// The whole text, written by hand from the conventions: sections separated by one blank
    /// line, entries indented two, descriptions in column 27, wrapped at 80, defaults shown.
    @Test func inspectHelpHasTheExactShape() throws {
        let result = try WidgetThumbsBinary.run(["inspect", "--help"])
        #expect(result.status == 0)
        let expected = """
            OVERVIEW: Show an image's format, size, orientation, colour and decode scale.

            Reads the header: format, stored and upright size, EXIF orientation, alpha, bit
            depth, scan order, colour model, ICC profile, WebP frames, and the scale the
            decoder would shrink to on load for a thumbnail that fits --box. A JPEG is also
            decoded at that scale, to report damage a thumbnail would be made around (a
            truncated scan, grey where it is missing). For HEIC and AVIF also the HEIF
            transforms (irot, imir, clap), the EXIF orientation tag (never applied), the
            embedded thumbnails and auxiliary images, the colour source, and which image a
            thumbnail would be made from.

            USAGE: widget-thumbs inspect <file> [--json] [--box <WxH>] [--full-decode]

            ARGUMENTS:
              <file>                  The JPEG, PNG, WebP, HEIC or AVIF image to inspect.

            OPTIONS:
              --json                  Print one JSON document instead of lines.
              --box <WxH>             The box a thumbnail must fit, for the decode scale
                                      shown. (default: 500x500)
              --full-decode           Decode a HEIF's primary image in full: never an
                                      embedded thumbnail that is large enough for the box,
                                      and always with HEVC's in-loop filters (skipped by
                                      default when the image is at least 4x the thumbnail).
              -h, --help              Show help information.

            """
        #expect(result.stdout == expected)
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test(arguments: [["help", "help"], ["help", "decode", "extra"]])
    func helpForSomethingThatIsNotACommandIsAUsageError(arguments: [String]) throws {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("Error: "))
    }

    @Test func versionIsOneLineOnStdout() throws {
        let result = try WidgetThumbsBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.wholeMatch(of: /\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?\n/) != nil, "\(result.stdout)")
    }

    /// What moved when a library update breaks a test: each image library's version, and where
    /// the system has them, the loaded files with the Debian package and version dpkg names.
    @Test(arguments: [["--version", "--verbose"], ["--verbose", "--version"]])
    func versionVerboseNamesTheLibrariesAndTheirPackages(arguments: [String]) throws {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.wholeMatch(of: /widget-thumbs \d+\.\d+\.\d+.*/) != nil, "\(result.stdout)")
        for library in ["libjpeg-turbo", "libpng", "libwebp", "libheif", "libde265", "lcms2"] {
            #expect(lines.contains { $0.wholeMatch(of: /(\S+) \d+\.\d+(\.\d+)?( .*)?/)?.1 == library[...] },
                    "no version line for \(library): \(result.stdout)")
        }
        #expect(lines.contains { $0.hasPrefix("  encoders: ") && $0.contains("HEVC") }, "\(result.stdout)")
        guard FileManager.default.fileExists(atPath: "/proc/self/maps") else { return }
        let heif = try #require(lines.first { $0.contains("/libheif.so") }, "\(result.stdout)")
        guard FileManager.default.fileExists(atPath: "/var/lib/dpkg/status") else { return }
        // dpkg's own answer, asked independently of the tool's reading of its database.
        let path = try #require(heif.split(separator: " ").first.map(String.init))
        let owner = try ChildProcess.run("/usr/bin/dpkg-query", ["--search", path])
        let package = try #require(owner.stdout.split(separator: ":").first.map(String.init))
        let version = try ChildProcess.run("/usr/bin/dpkg-query", ["--show", "--showformat=${Version}", package]).stdout
        #expect(!version.isEmpty && heif.hasSuffix(" " + version), "\(heif) against dpkg: \(package) \(version)")
    }

    /// What the tool reads, by content: JPEG, PNG, WebP, and HEIC and AVIF through libheif
    /// (see the README); and the extensions a folder walk takes, found here by walking a folder.
    static let readFormats = ["JPEG", "PNG", "WebP", "HEIC", "AVIF"]
    static let candidateExtensions = ["jpg", "jpeg", "png", "webp", "heic", "heif", "hif", "avif", "gif", "tif", "txt", "bmp"]

    /// The help names every format the tool reads, and `help batch` every extension a folder
    /// walk really takes (and none it does not).
    @Test func helpListsEveryReadableFormatAndEveryWalkedExtension() throws {
        let root = try WidgetThumbsBinary.run(["--help"])
        #expect(root.status == 0)
        let rootText = root.stdout.replacingOccurrences(of: "\n", with: " ")
        for format in Self.readFormats {
            #expect(rootText.contains(format), "--help does not say it reads \(format): \(root.stdout)")
        }

        // Which extensions does a walk take? One unreadable file of each: every one taken fails.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: false)
        for name in Self.candidateExtensions { try directory.write("in/file.\(name)", Array("not a picture".utf8)) }
        let walk = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("out"), "--json"])
        let taken = Set(try BatchJSON(walk.stdout).inputs.map { String($0.input.split(separator: ".").last!) })
        #expect(taken.isSuperset(of: ["jpg", "jpeg", "png", "webp", "heic", "avif"]), "\(taken.sorted())")

        let batch = try WidgetThumbsBinary.run(["help", "batch"])
        #expect(batch.status == 0)
        let listed = batch.stdout.replacingOccurrences(of: "\n", with: " ")
            .split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
        for name in Self.candidateExtensions {
            #expect(listed.contains(name) == taken.contains(name),
                    "help batch and the walk disagree on .\(name): taken \(taken.contains(name)): \(batch.stdout)")
        }
    }
}
