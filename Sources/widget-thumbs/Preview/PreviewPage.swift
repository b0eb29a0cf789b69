import Foundation
import WidgetThumbnails
import WidgetThumbsBatch

/// `--contact-sheet FILE.html`: one self-contained page to look at a batch. Each output gets a
/// card: its facts, what the rendering modes do to it (`RenderAppearance`) and its warnings,
/// its per-family fit under the archival cap, and the output itself inside widget frames at
/// its family's slot size on one device (`PreviewDevice`), in every scene (`PreviewScene`):
/// full colour and accented on light and dark wallpapers, vibrant on the Lock Screen for the
/// accessory families. Failures are listed after the cards with their reasons.
///
/// No network, no file and no script: every thumbnail is embedded once, as a `data:` URI in a
/// CSS custom property of its card that each frame paints as its background, and the rendering
/// modes are inline SVG filters. For a thousand cards, `content-visibility: auto` keeps the
/// browser from laying out and painting (so decoding) cards off screen.
enum PreviewPage {
    /// `thumbnails` gives the bytes of each ok or skipped item's output, by index into `items`.
    static func html(items: [BatchItemReport], thumbnails: [Int: [UInt8]], summary: BatchSummary,
                     device: PreviewDevice) -> String {
        var cards: [String] = []
        var failures: [String] = []
        for (index, item) in items.enumerated() {
            if item.status == .failed {
                failures.append("<li><code>\(HTMLText.escape(item.input))</code>: \(HTMLText.escape(item.error ?? "failed"))</li>")
            } else if let bytes = thumbnails[index] {
                cards.append(PreviewCard(item: item, bytes: bytes, device: device).html)
            } else {
                failures.append("<li><code>\(HTMLText.escape(item.input))</code>: the thumbnail could not be read back</li>")
            }
        }
        let title = "widget-thumbs preview"
        var body = "<header class=\"top\"><h1>Widget preview</h1>\n<p class=\"summary\">\(summary.countText): "
            + "\(summary.ok) made, \(summary.skipped) up to date, \(summary.failed) failed. "
            + "\(SummaryTable.byteText(summary.bytesIn, 1)) in, \(SummaryTable.byteText(summary.bytesOut, 1)) out.</p>\n"
            + (summary.shard.map { "<p class=\"shard\">Shard \($0): this page shows this shard's outputs alone; "
                + "each shard writes its own page (NAME.shard-K-of-N.html).</p>\n" } ?? "")
            + "<p class=\"device\">Frames at the widget slots of \(HTMLText.escape(device.row.description)), "
            + "in points (slot pixels / \(device.row.scale)).</p></header>\n"
        body += filters + "\n"
        body += "<main class=\"cards\">\n" + cards.joined(separator: "\n") + "\n</main>\n"
        if !failures.isEmpty {
            body += "<section class=\"failed\"><h2>Failed (\(failures.count))</h2>\n<ul class=\"failures\">\n"
                + failures.joined(separator: "\n") + "\n</ul></section>\n"
        }
        body += footer(device)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>
            \(PreviewStyle.css)
            \(PreviewScene.all.map(\.css).joined(separator: "\n"))
            \(frameSizes(device))
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
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
    private static var filters: String {
        "<svg class=\"filters\" width=\"0\" height=\"0\" aria-hidden=\"true\">"
            + PreviewScene.all.compactMap(\.filter).joined() + "</svg>"
    }

    private static func footer(_ device: PreviewDevice) -> String {
        let notes = [
            "Device: \(device.row.description). Without --preview-device it is \(PreviewDevice.rule).",
            "Full colour: the thumbnail fills its frame (cover, centred) over the widget's background. "
                + "Accented (tinted and clear Home Screens): its luminance (Rec. 709 weights on the stored sRGB values, "
                + "the luma RenderAppearance measures) becomes the alpha of one flat tint over the tinted wallpaper, "
                + "so dark areas vanish. Vibrant (Lock Screen, accessory families): desaturated, so only grey level "
                + "and opacity are left and an opaque image is a solid slab.",
            WidgetFrameShape.footnote,
        ]
        return "<footer>\n" + notes.map { "<p>\(HTMLText.escape($0))</p>" }.joined(separator: "\n") + "\n</footer>\n"
    }
}

/// Text made safe for HTML text and quoted attribute values.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
