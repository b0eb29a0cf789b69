import Foundation
import TestSupport
import Testing
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// The preview page's HTML, without a browser (PreviewBrowserTests looks at the rendered
/// pixels): escaping, no script or network reference, each image once, failures listed, the
/// frames each item gets and their sizes from the catalogue.
@Suite struct PreviewPageTests {
    static func item(_ input: String, family: WidgetFamily? = nil, status: BatchItemReport.Status = .ok,
                     error: String? = nil) -> BatchItemReport {
        var item = BatchItemReport(input: input, status: status)
        item.family = family
        item.error = error
        if status != .failed {
            item.width = 32
            item.height = 24
            item.format = .png
        }
        return item
    }

    /// The page embedding `thumbnails` (by index into `items`).
    static func page(_ items: [BatchItemReport], thumbnails: [Int: [UInt8]],
                     device: PreviewDevice? = PreviewDevice.newestPhone(in: .builtIn)) throws -> String {
        let images = Dictionary(uniqueKeysWithValues: thumbnails.map { index, bytes in
            (index, PreviewImage.embedded(bytes, format: items[index].format ?? .jpeg))
        })
        return try page(items, images: images, device: device)
    }

    static func page(_ items: [BatchItemReport], images: [Int: PreviewImage],
                     device: PreviewDevice? = PreviewDevice.newestPhone(in: .builtIn)) throws -> String {
        var summary = BatchSummary(jobs: 1, shard: nil)
        for item in items { summary.add(item) }
        return PreviewPage.html(items: items, images: images, summary: summary, device: try #require(device))
    }

    @Test func namesAndReasonsAreEscaped() throws {
        let hostile = "in/<b>bold</b> & \"quoted\" 'single'.png"
        let failure = "<script>alert(1)</script>.jpg"
        let html = try Self.page([Self.item(hostile), Self.item(failure, status: .failed, error: "decode failed: <img src=x>")],
                                 thumbnails: [0: try SyntheticImage.numberedPNG(1)])
        #expect(!html.contains("<b>bold"))
        #expect(!html.contains("<img"))
        #expect(!html.lowercased().contains("<script"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;single&#39;.png"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;.jpg"))
        #expect(html.contains("decode failed: &lt;img src=x&gt;"))
    }

    @Test func pageHasNoScriptAndNoNetworkOrFileReference() throws {
        let items = (0..<5).map { Self.item("in/\($0).png", family: [nil, .systemSmall, .accessoryCircular][$0 % 3]) }
        let thumbnails = Dictionary(uniqueKeysWithValues: try (0..<5).map { ($0, try SyntheticImage.numberedPNG($0)) })
        let html = try Self.page(items, thumbnails: thumbnails)
        let lower = html.lowercased()
        #expect(!lower.contains("<script") && !lower.contains("javascript:"))
        #expect(lower.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "an event handler attribute")
        #expect(!lower.contains("http:") && !lower.contains("https:") && !lower.contains("file:"))
        #expect(!lower.contains("src=") && !lower.contains("href=") && !lower.contains("@import"))
        // Every url() is an embedded image or a fragment of this page.
        for use in html.components(separatedBy: "url(").dropFirst() {
            if use.hasPrefix("#") {
                let id = use.dropFirst().prefix { $0 != ")" }
                #expect(html.contains("id=\"\(id)\""), "url(#\(id)) names nothing in the page")
            } else {
                #expect(use.hasPrefix("data:image/png;base64,"), "\(use.prefix(40))")
            }
        }
    }

    @Test func eachImageIsEmbeddedOnceAndPaintedByEveryFrame() throws {
        let families: [WidgetFamily?] = [nil, .systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular]
        let items = families.enumerated().map { Self.item("in/\($0.offset).png", family: $0.element) }
        let images = try (0..<items.count).map { try SyntheticImage.numberedPNG($0, alpha: $0 % 2 == 1) }
        let html = try Self.page(items, thumbnails: Dictionary(uniqueKeysWithValues: images.enumerated().map { ($0.offset, $0.element) }))
        for image in images {
            #expect(html.components(separatedBy: Data(image).base64EncodedString()).count == 2)
        }
        #expect(html.components(separatedBy: "data:image/").count == items.count + 1)
        // Frames hold no image of their own: they paint the card's --img.
        let frames = html.components(separatedBy: "<div class=\"frame ").count - 1
        #expect(frames > items.count)
        #expect(html.contains("var(--img)"))
    }

    /// With --families an input's outputs are one row: 17 inputs of 4 families make 17 cards,
    /// each with the 4 outputs' facts and, in every Home Screen scene, the 4 frames side by side
    /// in the run's order, each painting its own output's embedded image (the Lock Screen
    /// draws the accessory one alone).
    @Test func eachInputIsOneRowWithEveryFamilysFrame() throws {
        let families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular]
        var items: [BatchItemReport] = []
        var thumbnails: [Int: [UInt8]] = [:]
        for input in 0..<17 {
            for family in families {
                thumbnails[items.count] = try SyntheticImage.numberedPNG(items.count)
                items.append(Self.item("photos/\(input).jpg", family: family))
            }
        }
        let html = try Self.page(items, thumbnails: thumbnails)
        let cards = Array(html.components(separatedBy: "<article ").dropFirst())
        #expect(cards.count == 17)
        for (input, card) in cards.enumerated() {
            let article = try #require(HTMLScan.attributes(of: "article", in: "<article " + card).first)
            #expect(article["data-input"] == "photos/\(input).jpg")
            // The card holds each of its outputs' images once, in family order.
            let style = try #require(article["style"])
            for (part, _) in families.enumerated() {
                let base64 = Data(try #require(thumbnails[input * families.count + part])).base64EncodedString()
                #expect(style.contains("--img\(part):url(data:image/png;base64,\(base64))"), "card \(input), output \(part)")
            }
            let outputs = HTMLScan.attributes(of: "section", in: card).compactMap { $0["data-family"] }
            #expect(outputs == families.map(\.rawValue))
            let scenes = card.components(separatedBy: "<section class=\"scene ").dropFirst()
            #expect(scenes.count == 5)
            for scene in scenes {
                let frames = HTMLScan.attributes(of: "div", in: scene).filter { $0["data-family"] != nil }
                let expected = scene.hasPrefix("scene-lock-screen") ? [WidgetFamily.accessoryRectangular] : families
                #expect(frames.map { $0["data-family"] } == expected.map(\.rawValue), "card \(input)")
                let arts = HTMLScan.attributes(of: "div", in: scene).filter { $0["class"] == "art" }
                let parts = expected.map { families.firstIndex(of: $0) ?? -1 }
                #expect(arts.map { $0["style"] } == parts.map { "--img:var(--img\($0))" }, "card \(input)")
            }
        }
    }

    @Test func failuresAreListedWithTheirReasons() throws {
        let items = [Self.item("in/good.png"), Self.item("in/broken.jpg", status: .failed, error: "corrupt data: premature end"),
                     Self.item("in/vanished.png")]
        let html = try Self.page(items, thumbnails: [0: try SyntheticImage.numberedPNG(0)])
        let failed = try #require(html.range(of: "<h2>Failed (2)</h2>"))
        let section = html[failed.upperBound...]
        #expect(section.contains("<code>in/broken.jpg</code>: corrupt data: premature end"))
        #expect(section.contains("<code>in/vanished.png</code>: the thumbnail could not be read back"))
        #expect(!section.contains("in/good.png"))
        #expect(html.components(separatedBy: "<article ").count == 2)
    }

    /// Which frames each card gets: an item without a family the small and medium frames, a
    /// system family its own; the four Home Screen scenes for all, the Lock Screen's vibrant
    /// frame for an accessory family alone.
    /// A 530x530 systemSmall (the largest iPhone slot) is under every logged cap and over
    /// visionOS's assumed one (its 316 px slot's own area): the card says risk, not failure.
    @Test func overAnAssumedCapIsShownAsARisk() throws {
        var item = Self.item("in/small.png", family: .systemSmall)
        item.renderCost = RenderCost(size: PixelSize(width: 530, height: 530))
        let html = try Self.page([item], thumbnails: [0: try SyntheticImage.numberedPNG(0)])
        #expect(html.contains("systemSmall: fits under every logged cap; risk: over an assumed cap on Apple Vision Pro"), "\(html)")
        #expect(!html.contains("over the archival cap"))
    }

    @Test func framesFollowTheItemsFamily() throws {
        let items = [Self.item("in/plain.png"), Self.item("in/small.png", family: .systemLarge),
                     Self.item("in/glyph.png", family: .accessoryRectangular)]
        let thumbnails = Dictionary(uniqueKeysWithValues: try (0..<3).map { ($0, try SyntheticImage.numberedPNG($0)) })
        let html = try Self.page(items, thumbnails: thumbnails)
        let cards = Array(html.components(separatedBy: "<article ").dropFirst())
        #expect(cards.count == 3)
        func frames(_ card: String) -> [(family: String, mode: String)] {
            HTMLScan.attributes(of: "div", in: card).compactMap { attributes in
                guard let family = attributes["data-family"], let mode = attributes["data-mode"] else { return nil }
                return (family, mode)
            }
        }
        let plain = frames(cards[0])
        #expect(Set(plain.map { $0.family }) == ["systemSmall", "systemMedium"])
        #expect(plain.filter { $0.mode == "fullColor" }.count == 4 && plain.filter { $0.mode == "accented" }.count == 4)
        #expect(!plain.contains { $0.mode == "vibrant" })
        let large = frames(cards[1])
        #expect(large.allSatisfy { $0.family == "systemLarge" } && large.count == 4)
        let glyph = frames(cards[2])
        #expect(glyph.allSatisfy { $0.family == "accessoryRectangular" })
        #expect(glyph.filter { $0.mode == "vibrant" }.count == 1 && glyph.count == 5)
    }

    /// Frames are the slot in points, slot pixels over the device's scale, from the catalogue;
    /// the default device is the newest current iPhone: highest OS, then largest screen, then scale.
    @Test func framesHaveTheSlotSizeOfTheDefaultDevice() throws {
        func area(_ row: DeviceClass) -> Double { (row.screen?.width ?? 0) * (row.screen?.height ?? 0) }
        let phones = WidgetCatalog.builtIn.devices.filter { $0.platform == .iOS && $0.droppedBy == nil }
        let newestOS = phones.compactMap { $0.osVersions.max() }.max()
        let newest = phones.filter { $0.osVersions.max() == newestOS }
        let largest = newest.map(area).max()
        let candidates = newest.filter { area($0) == largest }.sorted { $0.scale > $1.scale }
        let expected = try #require(candidates.first)
        let html = try Self.page([Self.item("in/a.png")], thumbnails: [0: try SyntheticImage.numberedPNG(0)])
        #expect(html.contains(expected.label))
        for family in WidgetFamily.allCases {
            guard let slot = expected.slots(for: family).first else {
                #expect(HTMLScan.frameRule(family, in: html) == nil, "\(family) has no slot on \(expected.id)")
                continue
            }
            let rule = try #require(HTMLScan.frameRule(family, in: html), "no rule for \(family)")
            #expect(abs(rule.width - Double(slot.pixels.width) / Double(expected.scale)) < 0.006, "\(family)")
            #expect(abs(rule.height - Double(slot.pixels.height) / Double(expected.scale)) < 0.006, "\(family)")
        }
    }

    /// 21.6 pt, from WidgetKit's logged key for a medium widget; a circle for accessoryCircular;
    /// the footer states both and the source.
    @Test func cornersAndTheirSourceAreStated() throws {
        let html = try Self.page([Self.item("in/a.png")], thumbnails: [0: try SyntheticImage.numberedPNG(0)])
        #expect(HTMLScan.frameRule(.systemSmall, in: html)?.radius == "21.6px")
        #expect(HTMLScan.frameRule(.systemMedium, in: html)?.radius == "21.6px")
        #expect(HTMLScan.frameRule(.accessoryCircular, in: html)?.radius == "50%")
        let footer = try #require(html.range(of: "<footer>")).upperBound
        let text = html[footer...]
        #expect(text.contains("21.6 pt") && text.contains("systemMedium::338.00/158.00/21.60"))
        #expect(text.contains("accessoryCircular is a circle"))
        #expect(text.contains("No radius is published for accessoryRectangular"))
    }

    @Test func appearanceAndWarningsAreShown() throws {
        var item = Self.item("in/photo.jpg", family: .accessoryCircular)
        let pixels = [UInt8](repeating: 40, count: 16 * 16 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let appearance = RenderAppearance(measuring: RGBAImage(width: 16, height: 16, pixels: pixels), storesAlpha: false,
                                          family: .accessoryCircular)
        item.appearance = appearance
        let html = try Self.page([item], thumbnails: [0: try SyntheticImage.numberedPNG(0)])
        #expect(!appearance.warnings.isEmpty)
        for warning in appearance.warnings { #expect(html.contains(HTMLScan.escaped(warning.message))) }
        #expect(html.contains(String(format: "mean luma %.2f", appearance.meanLuminance)))
        #expect(html.contains("100% faint when accented") && html.contains("opaque"))
    }

    /// A HEIC thumbnail was embedded as `data:image/heic`, which browsers
    /// do not show. It is embedded as a JPEG (opaque) or PNG (with transparency) of its decoded
    /// pixels, and the card says so (PreviewBrowserTests looks at the frames).
    @Test(arguments: [false, true])
    func heicIsEmbeddedAsAViewableRenditionClass12(alpha: Bool) throws {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), 120, alpha && x < 32 ? 0 : 255] }
        }
        let heic = try ImageEncoder.encode(RGBAImage(width: 64, height: 48, pixels: pixels), format: .heic, quality: 80)
        var item = Self.item("in/photo.png")
        item.format = .heic
        item.width = 64
        item.height = 48
        let html = try Self.page([item], thumbnails: [0: heic])
        #expect(!html.contains("data:image/heic"))
        let shown = alpha ? "image/png" : "image/jpeg"
        let start = try #require(html.range(of: "data:\(shown);base64,"), "no \(shown) in the page")
        let base64 = String(html[start.upperBound...].prefix { $0 != ")" })
        let embedded = try ImageDecoder.decode(Array(try #require(Data(base64Encoded: base64))))
        #expect(embedded.image.width == 64 && embedded.image.height == 48)
        #expect(embedded.image.pixels[3] == (alpha ? 0 : 255), "the rendition keeps the transparency")
        #expect(html.contains("Shown here as a \(alpha ? "PNG" : "JPEG") re-encoded from the decoded HEIC"))
        #expect(html.contains("HEIC"), "the facts still name the stored format")
    }
}
