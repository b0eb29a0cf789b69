import Foundation
import WidgetThumbnails

/// `--contact-sheet FILE.html`: one self-contained page to look at a batch. Every thumbnail
/// is embedded as a `data:` URI and the CSS is inline, so the page has no network or file
/// references and can be mailed or archived as is. Each card shows the source name, pixel
/// size, bytes, format and quality, colour handling, and per widget family whether the
/// thumbnail fits under the archival pixel cap on every device class (or on which it is
/// over). Failures are listed after the cards with their reasons.
enum ContactSheet {
    /// `thumbnails` gives the bytes of each ok or skipped item's output, by index into `items`.
    static func html(items: [BatchItemReport], thumbnails: [Int: [UInt8]], summary: BatchSummary) -> String {
        var cards: [String] = []
        var failures: [String] = []
        for (index, item) in items.enumerated() {
            if item.status == .failed {
                failures.append("<li><code>\(escape(item.input))</code>: \(escape(item.error ?? "failed"))</li>")
            } else if let bytes = thumbnails[index] {
                cards.append(card(item, bytes: bytes))
            } else {
                failures.append("<li><code>\(escape(item.input))</code>: the thumbnail could not be read back</li>")
            }
        }
        let title = "widget-thumbs contact sheet"
        var body = "<h1>\(title)</h1>\n<p class=\"summary\">\(summary.total) inputs: \(summary.ok) made, "
            + "\(summary.skipped) up to date, \(summary.failed) failed. "
            + "\(SummaryTable.byteText(summary.bytesIn, 1)) in, \(SummaryTable.byteText(summary.bytesOut, 1)) out.</p>\n"
        body += "<div class=\"grid\">\n" + cards.joined(separator: "\n") + "\n</div>\n"
        if !failures.isEmpty {
            body += "<h2>Failed (\(failures.count))</h2>\n<ul class=\"failures\">\n" + failures.joined(separator: "\n") + "\n</ul>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>\(style)</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    private static func card(_ item: BatchItemReport, bytes: [UInt8]) -> String {
        let format = item.format ?? .jpeg
        let mime = format.mimeType
        let name = InputDiscovery.lastComponent(of: item.input)
        let size = "\(item.width ?? 0)x\(item.height ?? 0)"
        let quality = item.quality.map { String(format: " q%g", $0) } ?? ""
        var facts = [
            "\(size) px, \(SummaryTable.byteText(item.bytes ?? bytes.count, 1))",
            "\(format.rawValue.uppercased())\(quality)" + (item.encodes.map { $0 > 1 ? ", \($0) encodes" : "" } ?? ""),
        ]
        if let sourceWidth = item.sourceWidth, let sourceHeight = item.sourceHeight {
            facts.append("from \(sourceWidth)x\(sourceHeight) \(item.sourceFormat?.rawValue.uppercased() ?? "")")
        }
        if let colour = item.colour { facts.append(colour.description) }
        if item.status == .skipped { facts.append("up to date (not redone)") }
        let verdicts = (item.renderCost?.families ?? []).map(verdict).joined()
        return """
            <figure class="card">
            <div class="frame"><img src="data:\(mime);base64,\(Data(bytes).base64EncodedString())" alt="\(escape(name))" width="\(item.width ?? 0)" height="\(item.height ?? 0)"></div>
            <figcaption>
            <div class="name" title="\(escape(item.input))">\(escape(name))</div>
            <div class="facts">\(facts.map(escape).joined(separator: "<br>"))</div>
            <ul class="families">\(verdicts)</ul>
            </figcaption>
            </figure>
            """
    }

    /// Short enough for a card: every device, or the first few by name (all of them in the
    /// tooltip).
    private static func verdict(_ cost: RenderCost.FamilyCost) -> String {
        if cost.fitsEverywhere {
            return "<li class=\"fits\">\(cost.family.rawValue): fits everywhere</li>"
        }
        let failing = cost.failingDevices.map(\.deviceName)
        let devices = failing.joined(separator: ", ")
        let text = failing.count == cost.devices.count
            ? "over the archival cap on every device (\(failing.count))"
            : "over the archival cap on \(failing.count) of \(cost.devices.count): "
                + failing.prefix(2).joined(separator: ", ") + (failing.count > 2 ? ", +\(failing.count - 2) more" : "")
        return "<li class=\"over\" title=\"\(escape(devices))\">\(cost.family.rawValue): \(escape(text))</li>"
    }

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

    private static let style = """
        body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1d1d1f;background:#f5f5f7}
        h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin-top:32px}
        .summary{color:#555;margin:0 0 16px}
        .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:16px}
        .card{margin:0;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);overflow:hidden}
        .frame{height:240px;display:flex;align-items:center;justify-content:center;
        background:repeating-conic-gradient(#e8e8ea 0% 25%,#fff 0% 50%) 50%/16px 16px}
        .frame img{max-width:100%;max-height:240px;width:auto;height:auto}
        figcaption{padding:10px 12px}
        .name{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .facts{color:#444;font-size:12px;margin:4px 0}
        .families{list-style:none;padding:0;margin:6px 0 0;font-size:11px}
        .families li{padding:1px 0 1px 14px;position:relative;overflow-wrap:anywhere}
        .families li::before{position:absolute;left:0}
        .fits{color:#1a7f37}.fits::before{content:"\\2713"}
        .over{color:#b3261e}.over::before{content:"\\2717"}
        .failures li{margin:4px 0;color:#b3261e}.failures code{color:#1d1d1f}
        """
}
