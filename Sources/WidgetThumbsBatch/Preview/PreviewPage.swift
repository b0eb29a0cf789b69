import Foundation
import WidgetThumbnails

/// `--preview PAGE.html`: one page to look at a batch. Each input gets a card: for each of
/// its outputs (one per family with `--families`) its facts, what the rendering modes do to it
/// (`RenderAppearance`) and its warnings, and its fit under the archival cap; and every output
/// inside widget frames at its family's slot size on one device (`PreviewDevice`), side by side
/// in every scene (`PreviewScene`): full colour and accented on light and dark wallpapers,
/// vibrant on the Lock Screen for the accessory families. Failures are listed after the cards
/// with their reasons.
///
/// No network and no script: each thumbnail is linked by a relative URL, or embedded once
/// (`PreviewImage`), and the rendering modes are inline SVG filters. Every card is laid out
/// and every image loaded with the page, so a screenshot of the whole page or a printout
/// shows every frame: the cards were `content-visibility: auto` and the images
/// `loading="lazy"`, and a full-page screenshot (DevTools, Puppeteer's `fullPage`) showed
/// the cards below the window as empty boxes. Printing keeps the wallpapers and embedded
/// thumbnails, which are backgrounds (`print-color-adjust: exact`), and a card on one page.
package enum PreviewPage {
    /// Writes the page at `path` through `OutputPlacement`, linking the thumbnails of `items`
    /// (the run's reports, their paths the files' own) when the page's folder is
    /// `outDirectory` or a folder above it and `embed` is false (`PreviewImage.collect`).
    /// `note` is told, before the page is written, why a page that could link embeds them
    /// instead, for want of a relative way down to `outDirectory`.
    package static func write(_ path: String, items: [BatchItemReport], summary: BatchSummary, device: PreviewDevice,
                              outDirectory: String, embed: Bool, inputs: InputIdentities,
                              note: (String) -> Void) throws(ImageError) {
        // The folder first: the links are worked out from where the page's folder really is.
        try OutputDirectories.create(parentOf: path)
        let (images, fallback) = PreviewImage.collect(items, page: path, outDirectory: outDirectory, embed: embed)
        if let fallback { note(fallback) }
        let page = html(items: items.map(\.withReadablePaths), images: images, summary: summary, device: device)
        try OutputPlacement.placeCommandOutput(Array(page.utf8), at: path, inputs: inputs)
    }

    /// `images` gives how each ok or skipped item's output is shown, by index into `items`;
    /// an item without one is listed as a failure.
    static func html(items: [BatchItemReport], images: [Int: PreviewImage], summary: BatchSummary,
                     device: PreviewDevice) -> String {
        var cards: [HTML] = []
        var failures: [HTML] = []
        var outputs: [PreviewCard.Output] = []
        func endCard() {
            if !outputs.isEmpty { cards.append(PreviewCard(outputs: outputs, device: device).html) }
            outputs = []
        }
        for (index, item) in items.enumerated() {
            if item.status == .failed {
                failures.append("<li><code>\(item.input)</code>: \(item.error ?? "failed")</li>")
            } else if let image = images[index] {
                // An input's outputs are next to each other, one per family: a new input, a
                // repeated family or an output without one starts the next card.
                if let last = outputs.last?.item,
                   last.input != item.input || item.family == nil || outputs.contains(where: { $0.item.family == item.family }) {
                    endCard()
                }
                outputs.append(PreviewCard.Output(item: item, image: image))
            } else {
                failures.append("<li><code>\(item.input)</code>: the thumbnail could not be read back</li>")
            }
        }
        endCard()
        let bytes = "\(BatchSummary.byteText(summary.bytesIn, 1)) in, \(BatchSummary.byteText(summary.bytesOut, 1)) out."
        let shard: HTML? = summary.shard.map {
            "<p class=\"shard\">Shard \($0.description): this page shows this shard's outputs alone; each shard writes its own page (NAME.shard-K-of-N.html).</p>\n"
        }
        let failed: HTML? = failures.isEmpty ? nil : """
            <section class="failed"><h2>Failed (\(failures.count))</h2>
            <ul class="failures">
            \(failures.joined(separator: "\n"))
            </ul></section>

            """
        let page: HTML = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>widget-thumbs preview</title>
            \(HTML.style(([PreviewStyle.css] + PreviewScene.all.map(\.css) + [frameSizes(device)]).joined(separator: "\n")))
            </head>
            <body>
            <header class="top"><h1>Widget preview</h1>
            <p class="summary">\(summary.countText): \(summary.ok) made, \(summary.skipped) up to date, \(summary.failed) failed. \(bytes)</p>
            \(shard)<p class="device">Frames at the widget slots of \(device.row.description), in points (slot pixels / \(device.row.scale)).</p></header>
            \(filters)
            <main class="cards">
            \(cards.joined(separator: "\n"))
            </main>
            \(failed)\(footer(device))</body>
            </html>

            """
        return page.markup
    }

    /// One rule per family the device has a slot for: its size in points and its corners.
    private static func frameSizes(_ device: PreviewDevice) -> String {
        WidgetFamily.allCases.compactMap { family in
            device.frame(for: family).map { frame in
                ".f-\(family.rawValue){width:\(CSSNumber.text(frame.widthPoints))px;"
                    + "height:\(CSSNumber.text(frame.heightPoints))px;border-radius:\(frame.shape.css)}"
            }
        }.joined(separator: "\n")
    }

    /// The scenes' SVG filters, once for the page.
    private static var filters: HTML {
        "<svg class=\"filters\" width=\"0\" height=\"0\" aria-hidden=\"true\">\(PreviewScene.all.compactMap(\.filter).joined())</svg>"
    }

    private static func footer(_ device: PreviewDevice) -> HTML {
        let notes = [
            "Device: \(device.row.description). Without --preview-device it is \(PreviewDevice.rule).",
            "Full colour: the thumbnail fills its frame (cover, centred) over the widget's background. "
                + "Accented (tinted and clear Home Screens): its luminance (Rec. 709 weights on the stored sRGB values, "
                + "the luma RenderAppearance measures) becomes the alpha of one flat tint over the tinted wallpaper, "
                + "so dark areas vanish. Vibrant (Lock Screen, accessory families): desaturated, so only grey level "
                + "and opacity are left and an opaque image is a solid slab.",
            WidgetFrameShape.footnote,
        ]
        return "<footer>\n\(notes.map { "<p>\($0)</p>" as HTML }.joined(separator: "\n"))\n</footer>\n"
    }
}
