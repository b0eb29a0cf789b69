import Foundation
import Testing
import WidgetThumbnails
import TestSupport

/// `widget-thumbs batch` run as a binary over a folder made at test time (BatchFixtures).
@Suite struct BatchCommandTests {
    @Test func recursiveRunReportsEveryInputAndWritesEveryGoodOne() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let out = fixtures.root.file("out")
        let result = try WidgetThumbsBinary.run(["batch", fixtures.folder, "--out", out, "--recursive", "--json"], timeout: 120)
        #expect(result.status == 1, "\(result)")
        let report = try BatchJSON(result.stdout)
        let expected = BatchFixtures.goodTop + BatchFixtures.badTop + BatchFixtures.goodNested + BatchFixtures.badNested
        #expect(Set(report.inputs.map(\.input)) == Set(expected.map(fixtures.path)))
        #expect(report.inputs.count == 17)
        #expect(report.summary.total == 17 && report.summary.ok == 12 && report.summary.failed == 5)
        // Input order: top-level files sorted byte-wise, then the nested folder's.
        #expect(report.inputs.map(\.input) == report.inputs.map(\.input).sorted { lhs, rhs in
            (lhs.contains("/nested/") ? 1 : 0, lhs) < (rhs.contains("/nested/") ? 1 : 0, rhs)
        })

        for item in report.inputs {
            let name = String(item.input.dropFirst(fixtures.folder.count + 1))
            if (BatchFixtures.goodTop + BatchFixtures.goodNested).contains(name) {
                #expect(item.status == "ok", "\(name): \(item.error ?? "")")
                let output = try #require(item.output, "\(name) has no output")
                let bytes = try InputFile.read(output, maxBytes: 1 << 20)
                #expect(bytes.count == item.bytes)
                #expect("sha256:" + SHA256Digest.of(bytes).hex == item.checksum)
                let info = try ImageDecoder.probe(bytes)
                #expect(info.size == PixelSize(width: item.width ?? 0, height: item.height ?? 0))
                #expect(item.timings?["total"] != nil && item.renderCost?.families.count == WidgetFamily.allCases.count)
            } else {
                #expect(item.status == "failed", "\(name)")
                #expect(item.output == nil)
                let error = try #require(item.error)
                #expect(result.stderr.contains("widget-thumbs: \(item.input): \(error)\n"), "\(result.stderr)")
            }
        }
        #expect(result.stderr.split(separator: "\n").count == 5, "\(result.stderr)")
        // Mirrored paths, the collision rule, format extensions, nothing else (no temporary files).
        let made = try filesUnder(out).keys.sorted()
        #expect(made == [".widget-thumbs.jsonl", "UPPER.jpg", "dup.jpg.jpg", "dup.png.webp", "gradient.jpg", "logo.webp",
                         "nested/a.jpg", "nested/b.webp", "nested/c.jpg", "opaque.jpg", "photo.jpg", "portrait.jpg",
                         "wide.webp"])
    }

    @Test func withoutRecursiveTheNestedFolderIsNotRead() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let out = fixtures.root.file("out")
        let result = try WidgetThumbsBinary.run(["batch", fixtures.folder, "--out", out, "--json"], timeout: 120)
        #expect(result.status == 1, "\(result)")
        let report = try BatchJSON(result.stdout)
        #expect(report.inputs.count == 13)
        #expect(!report.inputs.contains { $0.input.contains("/nested/") })
        #expect(!FileManager.default.fileExists(atPath: out + "/nested"))
    }

    @Test func aGoodRunExitsZeroAndAnExplicitNonImageFails() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let out = fixtures.root.file("out")
        let good = try WidgetThumbsBinary.run(["batch", fixtures.path("logo.png"), fixtures.path("nested/a.jpg"),
                                               "--out", out], timeout: 120)
        #expect(good.status == 0, "\(good)")
        #expect(good.stderr.isEmpty)
        #expect(good.stdout.split(separator: "\n").contains { $0.split(separator: " ").prefix(2) == ["ok", "2"] }, "\(good.stdout)")
        // A file argument goes to the top of --out.
        #expect(try filesUnder(out).keys.sorted() == [".widget-thumbs.jsonl", "a.jpg", "logo.webp"])

        let text = fixtures.path("notes.txt")
        let bad = try WidgetThumbsBinary.run(["batch", text, "--out", out, "--quiet"])
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr == "widget-thumbs: \(text): unsupported format: text, not JPEG, PNG, WebP or HEIF\n"
                || bad.stderr.hasPrefix("widget-thumbs: \(text): unsupported format"), "\(bad.stderr)")
    }

    @Test func jobsDoNotChangeTheBytes() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        var trees: [[String: Data]] = []
        for jobs in ["1", "2", "3"] {
            let out = fixtures.root.file("out-\(jobs)")
            let result = try WidgetThumbsBinary.run(["batch", fixtures.folder, "-r", "--out", out, "--jobs", jobs, "--json"],
                                                    timeout: 120)
            #expect(result.status == 1)
            var tree = try filesUnder(out)
            tree[".widget-thumbs.jsonl"] = nil // holds timings-free reports, but paths differ per folder
            trees.append(tree)
        }
        #expect(trees[0].count == BatchFixtures.goodCount)
        #expect(trees[0] == trees[1] && trees[1] == trees[2])
    }

    @Test func shardsAreDisjointAndTogetherTheFullRun() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let fullOut = fixtures.root.file("full")
        let full = try BatchJSON(try WidgetThumbsBinary.run(["batch", fixtures.folder, "-r", "--out", fullOut, "--json"],
                                                            timeout: 120).stdout)
        let shardOut = fixtures.root.file("sharded") // one shared folder, as on a cluster
        var seen: [String] = []
        for index in 0..<3 {
            let result = try WidgetThumbsBinary.run(["batch", fixtures.folder, "-r", "--out", shardOut, "--json",
                                                     "--shard", "\(index)/3"], timeout: 120)
            let shard = try BatchJSON(result.stdout)
            #expect(Set(shard.inputs.map(\.input)).isDisjoint(with: seen))
            seen += shard.inputs.map(\.input)
        }
        #expect(seen.sorted() == full.inputs.map(\.input).sorted())
        var fullTree = try filesUnder(fullOut)
        var shardTree = try filesUnder(shardOut)
        fullTree = fullTree.filter { !$0.key.hasPrefix(".") }
        #expect(shardTree.keys.filter { $0.hasPrefix(".widget-thumbs.shard-") }.count == 3)
        shardTree = shardTree.filter { !$0.key.hasPrefix(".") }
        #expect(shardTree == fullTree)
    }

    @Test func reRunSkipsUpToDateOutputsAndForceRedoesThem() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let out = fixtures.root.file("out")
        let arguments = ["batch", fixtures.folder, "-r", "--out", out, "--json"]
        let first = try BatchJSON(try WidgetThumbsBinary.run(arguments, timeout: 120).stdout)
        #expect(first.summary.ok == 12)
        let before = try filesUnder(out)

        let second = try BatchJSON(try WidgetThumbsBinary.run(arguments, timeout: 120).stdout)
        #expect(second.summary.ok == 0 && second.summary.skipped == 12 && second.summary.failed == 5)
        for (old, new) in zip(first.inputs, second.inputs) where old.status == "ok" {
            #expect(new.output == old.output && new.checksum == old.checksum && new.width == old.width)
            #expect(new.renderCost == old.renderCost)
        }

        // A changed input is redone; other settings redo everything.
        try Data(try ImageEncoder.encode(BatchFixtures.pattern(width: 333, height: 222, alpha: false), format: .jpeg,
                                         quality: 70)).write(to: URL(fileURLWithPath: fixtures.path("gradient.jpg")))
        let third = try BatchJSON(try WidgetThumbsBinary.run(arguments, timeout: 120).stdout)
        #expect(third.inputs.filter { $0.status == "ok" }.map(\.input) == [fixtures.path("gradient.jpg")])
        let smaller = try BatchJSON(try WidgetThumbsBinary.run(arguments + ["--max-side", "320"], timeout: 120).stdout)
        #expect(smaller.summary.ok == 12)

        let forced = try BatchJSON(try WidgetThumbsBinary.run(arguments + ["--max-side", "320", "--force"], timeout: 120).stdout)
        #expect(forced.summary.ok == 12 && forced.summary.skipped == 0)
        #expect(before.count == 13)
    }

    /// `--preview-embed`, with the page beside `--out` where it could link them.
    @Test func previewEmbedEmbedsEveryThumbnailAndNoNetworkReference() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let out = fixtures.root.file("out")
        let sheet = fixtures.root.file("index.html")
        let result = try WidgetThumbsBinary.run(["batch", fixtures.folder, "-r", "--out", out, "--json",
                                                 "--preview", sheet, "--preview-embed"], timeout: 120)
        let report = try BatchJSON(result.stdout)
        let html = try String(contentsOfFile: sheet, encoding: .utf8)
        #expect(!html.lowercased().contains("http://") && !html.lowercased().contains("https://"))
        #expect(!html.contains("src=") && !html.contains("href="))
        // The only url()s are the embedded images and the page's own SVG filters.
        for use in html.components(separatedBy: "url(").dropFirst() {
            #expect(use.hasPrefix("data:image/") || use.hasPrefix("#mode-"), "\(use.prefix(40))")
        }

        let cards = HTMLScan.attributes(of: "article", in: html)
        #expect(cards.count == 12)
        for item in report.inputs where item.status == "ok" {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: try #require(item.output)))
            let card = try #require(cards.first { $0["data-input"] == HTMLScan.escaped(item.input) }, "no card for \(item.input)")
            let style = try #require(card["style"])
            let mime = item.format == "jpeg" ? "image/jpeg" : "image/\(item.format ?? "")"
            let prefix = "--img0:url(data:\(mime);base64,"
            #expect(style.hasPrefix(prefix) && style.hasSuffix(")"), "\(style.prefix(60))")
            #expect(Data(base64Encoded: String(style.dropFirst(prefix.count).dropLast())) == bytes, "\(item.input)")
            #expect(html.contains("\(item.width ?? 0)x\(item.height ?? 0) px"))
        }
        for item in report.inputs where item.status == "failed" {
            #expect(html.contains(HTMLScan.escaped(item.error ?? "-")), "\(item.input) is not listed with its reason")
        }
        #expect(html.contains("systemSmall: fits everywhere"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Corpus.packageRoot.path + "/SampleImages")))
    func sampleImagesStayWithinTheBudget() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try WidgetThumbsBinary.run(["batch", Corpus.packageRoot.path + "/SampleImages", "--out",
                                                 directory.file("out"), "--json"], timeout: 600)
        let report = try BatchJSON(result.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(report.summary.ok >= 20)
        for item in report.inputs {
            let bytes = try #require(item.bytes, "\(item.input): \(item.error ?? "")")
            #expect(bytes <= 300_000, "\(item.input)")
            let long = max(item.width ?? 0, item.height ?? 0)
            let sourceLong = max(item.sourceWidth ?? 0, item.sourceHeight ?? 0)
            #expect((300...500).contains(long) || long == sourceLong, "\(item.input): \(long) from \(sourceLong)")
        }
    }
}
