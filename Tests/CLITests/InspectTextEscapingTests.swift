import Foundation
import Testing
import TestSupport
import WidgetThumbnails
import WidgetThumbsBatch

/// Text read from an image file reaches the terminal through `inspect`: an ICC profile's
/// description can hold ESC, BEL, newlines, C1 controls (CSI) and bidi overrides. The lines
/// show it escaped, one fact per line; the JSON keeps the exact text, in escapes a terminal
/// does not act on.
@Suite struct InspectTextEscapingTests {
    static let hostile = "Evil\u{1B}]0;pwned\u{07}\nICC profile: none\u{9B}31m\u{202E}gpj\u{2066}\u{7F}"

    enum Container: String, CaseIterable {
        case jpeg, png, webp
    }

    @Test(arguments: Container.allCases)
    func anICCDescriptionIsEscapedInTheLines(container: Container) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("hostile.\(container.rawValue)", try Self.image(container, description: Self.hostile))
        let result = try WidgetThumbsBinary.run(["inspect", file])
        #expect(result.status == 0, "\(result)")
        let controls = result.stdout.unicodeScalars.filter { $0 != "\n" && DisplayText.controlsTerminal($0) }
        #expect(controls.isEmpty, "raw controls reach the terminal: \(controls.map(\.value))")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("ICC profile:") }.count == 1, "a description forged a line: \(result.stdout)")
        #expect(result.stdout.contains(#"Evil\u{1b}]0;pwned\u{7}\u{a}ICC profile: none\u{9b}31m\u{202e}gpj\u{2066}\u{7f}"#),
                "\(result.stdout)")
    }

    @Test(arguments: Container.allCases)
    func anICCDescriptionIsExactAndInertInTheJSON(container: Container) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("hostile.\(container.rawValue)", try Self.image(container, description: Self.hostile))
        let result = try WidgetThumbsBinary.run(["inspect", file, "--json"])
        #expect(result.status == 0, "\(result)")
        let controls = result.stdout.unicodeScalars.filter { $0 != "\n" && DisplayText.controlsTerminal($0) }
        #expect(controls.isEmpty, "raw controls reach the terminal: \(controls.map(\.value))")
        let json = try #require(JSONReport.object(result.stdout))
        let icc = try #require(json["iccProfile"] as? [String: Any], "\(result.stdout)")
        #expect(icc["description"] as? String == Self.hostile)
    }

    /// A HEIF's brand and item type are four bytes from the file each: ESC and CSI there are
    /// shown escaped too (the lines), and kept exact but inert (the JSON).
    @Test func heifFourCharacterCodesAreEscaped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("hostile.heic", HEIFBoxFixtures.file(items: [HEIFBoxFixtures.Item(id: 1)], primary: 1,
                                                                      brand: "\u{1B}[2J"))
        let lines = try WidgetThumbsBinary.run(["inspect", file])
        #expect(lines.status == 0, "\(lines)")
        #expect(!lines.stdout.unicodeScalars.contains { $0 != "\n" && DisplayText.controlsTerminal($0) }, "\(lines.stdout)")
        #expect(lines.stdout.contains(#"\u{1b}[2J"#), "\(lines.stdout)")
        let json = try WidgetThumbsBinary.run(["inspect", file, "--json"])
        let document = try #require(JSONReport.object(json.stdout))
        let heif = try #require(document["heif"] as? [String: Any], "\(json.stdout)")
        #expect(heif["brand"] as? String == "\u{1B}[2J")
    }

    /// A small opaque image in `container` carrying a v2 ICC profile whose 'desc' is `description`.
    static func image(_ container: Container, description: String) throws -> [UInt8] {
        typealias F = BombFixtures
        // The header fields libpng checks before it keeps an iCCP: a length in 4-byte units,
        // version 2.1, a display profile ('mntr') with the 'XYZ ' connection space, 'acsp'.
        var profile = InspectReportTests.iccProfile(description: description)
        profile += [UInt8](repeating: 0, count: (4 - profile.count % 4) % 4)
        profile.replaceSubrange(0..<4, with: F.bigEndian(UInt32(profile.count)))
        profile.replaceSubrange(8..<12, with: [2, 0x10, 0, 0])
        profile.replaceSubrange(12..<16, with: Array("mntr".utf8))
        profile.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        profile.replaceSubrange(36..<40, with: Array("acsp".utf8))
        switch container {
        case .jpeg:
            // APP2 "ICC_PROFILE\0", chunk 1 of 1, right after SOI.
            let jpeg = try F.jpeg(progressive: false)
            let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
            return Array(jpeg[0..<2]) + [0xFF, 0xE2] + F.bigEndian(UInt32(payload.count + 2)).suffix(2) + payload + jpeg[2...]
        case .png:
            // iCCP: name, compression method 0, the profile as zlib (stored blocks).
            return try F.png(extra: [F.chunk("iCCP", Array("hostile".utf8) + [0, 0] + F.zlibStored(profile))])
        case .webp:
            // The extended form: VP8X with the ICC flag (0x20), ICCP, then a 16x16 VP8 frame.
            let vp8x = F.webpChunk("VP8X", [0x20, 0, 0, 0] + F.littleEndian(15, bytes: 3) + F.littleEndian(15, bytes: 3))
            return F.riff([vp8x, F.webpChunk("ICCP", profile), try F.vp8Frame()])
        }
    }
}
