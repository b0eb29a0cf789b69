import Foundation
import Glibc
import Testing
import TestSupport
import WidgetThumbnails
@testable import widget_thumbs
@testable import WidgetThumbsBatch

/// The preview page by reference: each thumbnail is an `<img loading="lazy">` whose `src`,
/// relative to the page, leads to the file in `--out`; a page that cannot reach `--out` going
/// down embeds them instead and says so; `--preview-embed` always embeds.
@Suite struct PreviewLinkTests {
    /// Markup, quotes, controls, and a byte that is not UTF-8 (`caf\xe9`).
    static let hostileNames = ["a<b>&\"q'.png", "ctl\u{1}\u{1B}[31m.png", RawPath.decode([0x63, 0x61, 0x66, 0xE9]) + ".png"]

    /// `names` in `directory/in`, each a distinct small PNG.
    static func inputs(_ names: [String], in directory: TemporaryDirectory) throws -> String {
        let folder = directory.file("in")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, name) in names.enumerated() {
            try RawFileNameTests.write(try PreviewPageTests.png(index), to: folder + "/" + name)
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

    // MARK: the route and the URL

    @Test func theRouteGoesDownFromThePageFolderOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for folder in ["a/b/out/sub", "a/bout", "other"] {
            try FileManager.default.createDirectory(atPath: directory.file(folder), withIntermediateDirectories: true)
        }
        let out = directory.file("a/b/out")
        #expect(PreviewLink.route(fromPageAt: directory.file("page.html"), to: out) == ["a", "b", "out"])
        #expect(PreviewLink.route(fromPageAt: out + "/page.html", to: out) == [])
        #expect(PreviewLink.route(fromPageAt: out + "/sub/page.html", to: out) == nil, "the page is inside --out")
        #expect(PreviewLink.route(fromPageAt: directory.file("other/page.html"), to: out) == nil, "a sibling folder")
        #expect(PreviewLink.route(fromPageAt: directory.file("a/b/page.html"), to: directory.file("a/bout")) == nil,
                "a/b is a prefix of a/bout's name, not a folder above it")
        // Through a symlink either way: the route is the real folders.
        #expect(symlink(directory.file("a/b"), directory.file("link")) == 0)
        #expect(PreviewLink.route(fromPageAt: directory.file("page.html"), to: directory.file("link/out")) == ["a", "b", "out"])
        #expect(PreviewLink.route(fromPageAt: directory.file("link/page.html"), to: out) == ["out"])
        #expect(PreviewLink.route(fromPageAt: directory.file("missing/page.html"), to: out) == nil)
    }

    @Test func urlsStayInTheOutputFolderAndArePercentEncoded() {
        #expect(PreviewLink.url(["my out"], output: "/x/out/sub/a b.jpg", outDirectory: "/x/out") == "my%20out/sub/a%20b.jpg")
        #expect(PreviewLink.url([], output: "/x/out/a.jpg", outDirectory: "/x/out/") == "a.jpg")
        #expect(PreviewLink.url([], output: "/x/out/../secret.jpg", outDirectory: "/x/out") == nil)
        #expect(PreviewLink.url([], output: "/x/out/./a.jpg", outDirectory: "/x/out") == nil)
        #expect(PreviewLink.url([], output: "/x/out//a.jpg", outDirectory: "/x/out") == nil)
        #expect(PreviewLink.url([], output: "/x/outside.jpg", outDirectory: "/x/out") == nil)
        #expect(PreviewLink.url([], output: "/x/out", outDirectory: "/x/out") == nil)
        let latin1 = RawPath.decode([0x63, 0x61, 0x66, 0xE9])
        #expect(PreviewLink.percentEncoded(latin1 + #"<"'():\%#?&.jpg"#) == "caf%E9%3C%22%27%28%29%3A%5C%25%23%3F%26.jpg")
        #expect(PreviewLink.percentEncoded("é~_-.AZaz09") == "%C3%A9~_-.AZaz09")
    }

    // MARK: through the binary

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
        #expect(HTMLScan.attributes(of: "img", in: html).allSatisfy { $0["loading"] == "lazy" })
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
}
