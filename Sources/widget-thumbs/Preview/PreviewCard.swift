import Foundation
import WidgetSnapshots
import WidgetThumbnails
import WidgetThumbsBatch

/// One output's card on the preview page: its facts on the left, its frames in every scene on
/// the right. The image is embedded once, in the card's `--img` custom property; the stored
/// image and every frame paint it as a background from there.
struct PreviewCard {
    /// What an output without a family is previewed as.
    static let familiesWithoutFamily: [WidgetFamily] = [.systemSmall, .systemMedium]

    let item: BatchItemReport
    let bytes: [UInt8]
    let device: PreviewDevice

    var html: String {
        let name = PathComponents.lastComponent(of: item.input)
        let families = item.family.map { [$0] } ?? Self.familiesWithoutFamily
        let frames = families.compactMap(device.frame(for:))
        let missing = families.filter { device.frame(for: $0) == nil }
        let shown = Self.browserViewable(bytes, format: item.format ?? .jpeg)
        // Base64 has no quote, parenthesis or space: the URI needs no CSS or HTML escaping.
        let image = "url(data:\(shown.format.mimeType);base64,\(Data(shown.bytes).base64EncodedString()))"
        var info = [
            "<div class=\"stored\" role=\"img\" aria-label=\"\(HTMLText.escape(name)) as stored\"></div>",
            "<h2 class=\"name\" title=\"\(HTMLText.escape(item.input))\">\(HTMLText.escape(name))</h2>",
        ]
        if let family = item.family { info.append("<p class=\"family\">\(family.rawValue)</p>") }
        if let note = shown.note { info.append("<p class=\"rendition\">\(HTMLText.escape(note))</p>") }
        info.append("<p class=\"facts\">\(facts.map(HTMLText.escape).joined(separator: "<br>"))</p>")
        if let appearance = item.appearance {
            info.append("<p class=\"appearance\">\(Self.appearanceFacts(appearance).map(HTMLText.escape).joined(separator: "<br>"))</p>")
            if !appearance.warnings.isEmpty {
                info.append("<ul class=\"warnings\">"
                    + appearance.warnings.map { "<li>\(HTMLText.escape($0.message))</li>" }.joined() + "</ul>")
            }
        }
        if let fits = fits { info.append(fits) }
        for family in missing {
            info.append("<p class=\"noslot\">\(family.rawValue): no slot on \(HTMLText.escape(device.row.label))</p>")
        }
        let scenes = PreviewScene.all.compactMap { scene(_: $0, frames: frames, name: name) }
        return "<article class=\"card\" style=\"--img:\(image)\" data-input=\"\(HTMLText.escape(item.input))\">\n"
            + "<div class=\"info\">\n" + info.joined(separator: "\n") + "\n</div>\n"
            + (scenes.isEmpty ? "" : "<div class=\"scenes\">\n" + scenes.joined(separator: "\n") + "\n</div>\n")
            + "</article>"
    }

    /// The scene's panel with a frame per family it shows, or nil when it shows none of them.
    private func scene(_ scene: PreviewScene, frames: [WidgetFrame], name: String) -> String? {
        let shown = frames.filter { scene.shows($0.family) }
        guard !shown.isEmpty else { return nil }
        let drawn = shown.map { frame in
            let label = "\(name), \(frame.family.rawValue), \(scene.mode.title), \(scene.title)"
            return "<div class=\"frame f-\(frame.family.rawValue)\" data-family=\"\(frame.family.rawValue)\" "
                + "data-mode=\"\(scene.mode.rawValue)\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\">"
                + "<div class=\"art\"></div></div>"
        }
        return "<section class=\"scene scene-\(scene.id)\" data-scene=\"\(scene.id)\">"
            + "<h3>\(scene.title) <span>\(scene.mode.title)</span></h3>"
            + "<div class=\"frames\">" + drawn.joined() + "</div></section>"
    }

    /// The archival-cap verdict of the item's family; for an item without one, every family's,
    /// folded under a count (a `details` element opens without script).
    private var fits: String? {
        let costs = (item.renderCost?.families ?? []).filter { item.family == nil || $0.family == item.family }
        guard !costs.isEmpty else { return nil }
        let list = "<ul class=\"fits\">" + costs.map(Self.verdict).joined() + "</ul>"
        guard item.family == nil else { return list }
        let fitting = costs.filter(\.fitsEverywhere).count
        let offered = costs.filter(\.isOffered).count
        let unoffered = costs.count - offered
        return "<details><summary>fits everywhere in \(fitting) of \(offered) families offered"
            + (unoffered > 0 ? ", \(unoffered) not offered on the chosen devices" : "") + "</summary>\(list)</details>"
    }

    private var facts: [String] {
        let format = item.format ?? .jpeg
        let quality = item.quality.map { String(format: " q%g", $0) } ?? ""
        var facts = [
            "\(item.width ?? 0)x\(item.height ?? 0) px, \(SummaryTable.byteText(item.bytes ?? bytes.count, 1))",
            "\(format.rawValue.uppercased())\(quality)" + (item.encodes.map { $0 > 1 ? ", \($0) encodes" : "" } ?? ""),
        ]
        if let sourceWidth = item.sourceWidth, let sourceHeight = item.sourceHeight {
            facts.append("from \(sourceWidth)x\(sourceHeight) \(item.sourceFormat?.rawValue.uppercased() ?? "")")
        }
        // The source size is as stored, the crop upright: a crop of the whole picture is no news.
        if let crop = item.crop, crop.x != 0 || crop.y != 0
            || Set([crop.size.width, crop.size.height]) != Set([item.sourceWidth, item.sourceHeight].compactMap { $0 }) {
            facts.append("cover crop \(crop) of the upright original")
        }
        if let colour = item.colour { facts.append(colour.description) }
        if item.status == .skipped { facts.append("up to date (not redone)") }
        return facts
    }

    /// What the page embeds for a thumbnail: its own bytes, or for HEIC, which browsers do not
    /// show (Chromium paints an empty slab: issue #28, class 12), a rendition re-encoded from
    /// the decoded thumbnail (PNG when it has transparency, else JPEG quality 92), with a note
    /// saying so; the note says so too when the HEIC cannot be decoded.
    static func browserViewable(_ bytes: [UInt8], format: StoredFormat) -> (bytes: [UInt8], format: StoredFormat, note: String?) {
        guard format == .heic else { return (bytes, format, nil) }
        do throws(ImageError) {
            let image = try ImageDecoder.decode(bytes).image
            let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
            let shownFormat: StoredFormat = opaque ? .jpeg : .png
            let shown = try ImageEncoder.encode(image, format: shownFormat, quality: 92)
            return (shown, shownFormat, "Shown here as a \(shownFormat.name) re-encoded from the decoded HEIC "
                        + "(browsers cannot show HEIC); the facts are the HEIC's.")
        } catch {
            return (bytes, format, "The HEIC could not be decoded for this page (\(error.description)); "
                        + "browsers cannot show it either, so the frames are empty.")
        }
    }

    /// Mean luma, the faint share and the transparency, in words.
    static func appearanceFacts(_ appearance: RenderAppearance) -> [String] {
        let transparency = !appearance.hasTransparency ? "opaque"
            : appearance.transparentShare > 0 ? "\(percent(appearance.transparentShare)) transparent"
            : "translucent (no pixel fully transparent)"
        return [
            "mean luma \(String(format: "%.2f", appearance.meanLuminance))",
            "\(percent(appearance.faintShare)) faint when accented",
            transparency,
        ]
    }

    private static func percent(_ share: Double) -> String {
        share > 0 && share < 0.01 ? "<1%" : "\(Int((share * 100).rounded()))%"
    }

    /// Short enough for a card: every device, or the first few by name (all of them in the
    /// tooltip).
    private static func verdict(_ cost: RenderCost.FamilyCost) -> String {
        if !cost.isOffered {
            return "<li class=\"unoffered\">\(cost.family.rawValue): not offered on the chosen devices</li>"
        }
        if cost.fitsEverywhere {
            return "<li class=\"fit\">\(cost.family.rawValue): fits everywhere</li>"
        }
        if cost.failingDevices.isEmpty {
            // Over an assumed cap only (visionOS, Mac): a labelled risk, not a failure.
            let risky = cost.risks.map(\.deviceName)
            return "<li class=\"fit\" title=\"\(HTMLText.escape(risky.joined(separator: ", ")))\">\(cost.family.rawValue): "
                + "fits under every logged cap; risk: over an assumed cap on \(HTMLText.escape(risky.joined(separator: ", ")))</li>"
        }
        let failing = cost.failingDevices.map(\.deviceName)
        let devices = failing.joined(separator: ", ")
        let text = failing.count == cost.devices.count
            ? "over the archival cap on every device (\(failing.count))"
            : "over the archival cap on \(failing.count) of \(cost.devices.count): "
                + failing.prefix(2).joined(separator: ", ") + (failing.count > 2 ? ", +\(failing.count - 2) more" : "")
        return "<li class=\"over\" title=\"\(HTMLText.escape(devices))\">\(cost.family.rawValue): \(HTMLText.escape(text))</li>"
    }
}
