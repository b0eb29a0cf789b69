import Foundation
import Glibc
import Testing
import TestSupport
import WidgetThumbnails
import WidgetThumbsBatch

/// The preview page's options through the binary (WidgetThumbsBatchTests tests the page in
/// process): by reference each thumbnail is an `<img>` (loaded with the page, not lazily: a
/// full-page screenshot or a printout shows every frame) whose `src`, relative to
/// the page, leads to the file in `--out`; a page that cannot reach `--out` going down embeds
/// them instead and says so; `--preview-embed` always embeds; `--preview-device` chooses the
/// frames; and the page's options without `--preview` are usage errors.
@Suite struct PreviewOptionTests {
    /// Markup, quotes, controls, and a byte that is not UTF-8 (`caf\xe9`).
    static let hostileNames = ["a<b>&\"q'.png", "ctl\u{1}\u{1B}[31m.png", RawPath.decode([0x63, 0x61, 0x66, 0xE9]) + ".png"]

    /// `names` in `directory/in`, each a distinct small PNG.
    static func inputs(_ names: [String], in directory: TemporaryDirectory) throws -> String {
        let folder = directory.file("in")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, name) in names.enumerated() {
            try RawFileNameTests.write(try SyntheticImage.numberedPNG(index), to: folder + "/" + name)
        }
        return folder
    }

    /// Every `src` of the page, unescaped.
    static func sources(_ html: String) -> [String] {
        HTMLScan.attributes(of: "img", in: html).compactMap { $0["src"] }.map {
            $0.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// The file a relative URL leads to from the page's folder, by its bytes (`%XX` decoded).
    static func target(of url: String, fromPageIn folder: String) throws -> String {
        var bytes = Array((folder + "/").utf8)
        var rest = Array(url.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%") {
                let hex = try #require(UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16), "\(url)")
                bytes.append(hex)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return RawPath.decode(bytes)
    }

    /// For every `src` of the page at `page`: a relative URL, no `..`, leading to a regular
    /// file inside `out`. Returns the distinct targets.
    static func checkLinks(_ html: String, page: String, out: String) throws -> Set<String> {
        let slash = try #require(page.lastIndex(of: "/"))
        let folder = String(page[..<slash])
        let realOut = try #require(PathLookup.resolved(out))
        var targets: Set<String> = []
        for url in sources(html) {
            #expect(!url.contains(":") && !url.hasPrefix("/") && !url.split(separator: "/").contains(".."), "\(url)")
            let path = try target(of: url, fromPageIn: folder)
            var status = stat()
            #expect(RawPath.withCString(path) { stat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFREG,
                    "\(url) leads to nothing")
            #expect(PathLookup.resolved(path)?.hasPrefix(realOut + "/") == true, "\(url) leads out of --out")
            targets.insert(path)
        }
        return targets
    }


    /// Hostile names are text on the page in both modes; by reference, each link leads to its
    /// thumbnail (the byte that is not UTF-8 included), one per output.
    @Test(arguments: [false, true])
    func hostileNamesAreTextAndLinksLeadToTheFiles(embed: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = try Self.inputs(Self.hostileNames, in: directory)
        let page = directory.file("page.html")
        let out = directory.file("out")
        let result = try WidgetThumbsBinary.run(["batch", folder, "--out", out, "--families", "small,medium", "--preview", page]
                                                + (embed ? ["--preview-embed"] : []), timeout: 120)
        #expect(result.status == 0, "\(result)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("<b>") && !html.contains("&\"q"))
        #expect(html.contains("a&lt;b&gt;&amp;&quot;q&#39;.png"))
        #expect(html.contains(#"ctl\u{1}\u{1b}[31m.png"#) && html.contains(#"caf\xe9.png"#))
        #expect(!html.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
                "a control character in the page")
        #expect(!html.contains("\u{FFFD}"))
        #expect(HTMLScan.attributes(of: "article", in: html).count == 3)
        if embed {
            #expect(Self.sources(html).isEmpty)
            #expect(html.components(separatedBy: "url(data:image/").count - 1 == 6)
        } else {
            #expect(!html.contains("data:image/"))
            #expect(try Self.checkLinks(html, page: page, out: out).count == 6)
            #expect(html.contains("caf%E9.systemSmall.") && html.contains("ctl%01%1B%5B31m.systemMedium."))
        }
    }

    /// One row per input, its families side by side: each Home Screen scene of a card draws
    /// that input's small and medium thumbnails, each frame its own family's file.
    @Test func eachInputIsOneRowWhoseFramesLinkItsOwnThumbnails() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = try Self.inputs(["one.png", "two.png", "three.png"], in: directory)
        let page = directory.file("page.html")
        let result = try WidgetThumbsBinary.run(["batch", folder, "--out", directory.file("out"), "--families", "small,medium",
                                                 "--preview", page, "-q"], timeout: 120)
        #expect(result.status == 0, "\(result)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let cards = html.components(separatedBy: "<article ").dropFirst()
        #expect(cards.count == 3)
        for card in cards {
            let input = try #require(HTMLScan.attributes(of: "article", in: "<article " + card).first?["data-input"])
            let stem = String(PathComponents.lastComponent(of: input).dropLast(".png".count))
            let scenes = card.components(separatedBy: "<section class=\"scene ").dropFirst()
            #expect(scenes.count == 4, "light, dark and two tinted: no accessory family, no Lock Screen")
            for scene in scenes {
                let frames = HTMLScan.attributes(of: "div", in: scene).filter { $0["data-family"] != nil }
                #expect(frames.map { $0["data-family"] } == ["systemSmall", "systemMedium"], "\(input)")
                let sources = scene.components(separatedBy: "<div class=\"frame ").dropFirst().map { Self.sources($0) }
                #expect(sources.map(\.count) == [1, 1])
                #expect(sources.first?.first?.hasPrefix("out/\(stem).systemSmall.") == true, "\(sources)")
                #expect(sources.last?.first?.hasPrefix("out/\(stem).systemMedium.") == true, "\(sources)")
            }
        }
        #expect(try Self.checkLinks(html, page: page, out: directory.file("out")).count == 6)
        #expect(HTMLScan.attributes(of: "img", in: html).allSatisfy { $0["loading"] == nil })
    }

    @Test func aPageAboveTheOutputFolderLinksDownToIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = try Self.inputs(["a.png"], in: directory)
        let out = directory.file("runs/today/out")
        let page = directory.file("page.html")
        let result = try WidgetThumbsBinary.run(["batch", folder, "--out", out, "--preview", page], timeout: 120)
        #expect(result.status == 0 && !result.stderr.contains("note:"), "\(result)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(Self.sources(html).allSatisfy { $0.hasPrefix("runs/today/out/") })
        #expect(try Self.checkLinks(html, page: page, out: out).count == 1)
    }

    /// A page in a folder beside `--out` (not above it) cannot link without climbing out of
    /// its folder: it embeds, says so, and `--contact-sheet` still names it.
    @Test func aPageOutsideTheOutputFolderEmbedsAndSaysSo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = try Self.inputs(["a.png", "b.png"], in: directory)
        let page = directory.file("pages/page.html")
        let result = try WidgetThumbsBinary.run(["batch", folder, "--out", directory.file("out"), "--contact-sheet", page],
                                                timeout: 120)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("note:") && result.stderr.contains("pages/page.html")
                && result.stderr.contains("embeds every thumbnail (2)"), "\(result.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(Self.sources(html).isEmpty)
        #expect(html.components(separatedBy: "url(data:image/").count - 1 == 2)
        let quiet = try WidgetThumbsBinary.run(["batch", folder, "--out", directory.file("out"), "--preview", page, "-q"],
                                               timeout: 120)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
    }

    @Test func previewEmbedWithoutAPageIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = try Self.inputs(["a.png"], in: directory)
        let result = try WidgetThumbsBinary.run(["batch", folder, "--out", directory.file("out"), "--preview-embed"])
        #expect(result.status == 64 && result.stderr.contains("'--preview-embed'") && result.stderr.contains("'--preview'"),
                "\(result)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("out")))
    }

    @Test func previewDeviceOptionChoosesTheFramesAndIsCheckedEarly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write("a.png", try SyntheticImage.numberedPNG(0))
        let sheet = directory.file("sheet.html")
        let result = try WidgetThumbsBinary.run(["batch", input, "--out", directory.file("out"), "--quiet",
                                                 "--preview", sheet, "--preview-device", "iPhone SE 2/3"])
        #expect(result.status == 0, "\(result)")
        let html = try String(contentsOfFile: sheet, encoding: .utf8)
        // Named rows of iOS 26/27 and 18 both match: the newest is drawn.
        let row = try #require(WidgetCatalog.builtIn.devices.filter { $0.isNamed("iPhone SE 2/3") }
            .max { ($0.osVersions.max() ?? 0) < ($1.osVersions.max() ?? 0) })
        let slot = try #require(row.slots(for: .systemSmall).first)
        let rule = try #require(HTMLScan.frameRule(.systemSmall, in: html))
        #expect(abs(rule.width - Double(slot.pixels.width) / Double(row.scale)) < 0.006)

        let unknown = try WidgetThumbsBinary.run(["batch", input, "--out", directory.file("out2"),
                                                  "--preview", sheet, "--preview-device", "iPhone 99"])
        #expect(unknown.status == 64 && unknown.stderr.contains("iPhone 99"), "\(unknown)")
        let alone = try WidgetThumbsBinary.run(["batch", input, "--out", directory.file("out3"),
                                                "--preview-device", "iPhone SE 2/3"])
        #expect(alone.status == 64 && alone.stderr.contains("'--preview'"), "\(alone)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("out2")))
    }
}
