import Foundation
import WidgetSnapshots
import WidgetThumbnails

/// One input's card on the preview page: on the left its name and, for each of its outputs
/// (one per family with `--families`), the stored image, facts and fit; on the right every
/// scene, with each output's frames side by side.
///
/// A linked image is an `<img>` wherever it is drawn (the browser fetches and decodes it once),
/// loaded with the page, not lazily: a lazy image is fetched only once it nears the window,
/// which a full-page screenshot or a printout never scrolls (`PreviewPage`). An embedded one is written once, in the card's `--img<k>` custom
/// property, and every element that draws it paints `var(--img)` as its background, pointed
/// at `--img<k>` by its style.
struct PreviewCard {
    /// What an output without a family is previewed as.
    static let familiesWithoutFamily: [WidgetFamily] = [.systemSmall, .systemMedium]

    /// One output of the input: its report and how the page shows it.
    struct Output {
        var item: BatchItemReport
        var image: PreviewImage
    }

    /// In the batch's order (families in the order the run made them).
    let outputs: [Output]
    let device: PreviewDevice

    private var input: String { outputs.first?.item.input ?? "" }
    private var name: String { PathComponents.lastComponent(of: input) }

    var html: HTML {
        let embedded: [HTML] = outputs.enumerated().compactMap { index, output in
            guard case .embedded(let uri) = output.image.source else { return nil }
            return "--img\(index):url(\(uri))"
        }
        let style: HTML? = embedded.isEmpty ? nil : " style=\"\(embedded.joined(separator: ";"))\""
        let infos = outputs.enumerated().map { info(of: $0.element, index: $0.offset) }
        let scenes = PreviewScene.all.compactMap(scene)
        let scenesHTML: HTML? = scenes.isEmpty ? nil : "<div class=\"scenes\">\n\(scenes.joined(separator: "\n"))\n</div>\n"
        return """
            <article class="card"\(style) data-input="\(input)">
            <div class="info">
            <h2 class="name" title="\(input)">\(name)</h2>
            \(infos.joined(separator: "\n"))
            </div>
            \(scenesHTML)</article>
            """
    }

    /// An element drawing output `index`'s image: `<img>` for a linked one, else an element
    /// whose background is the card's `--img<index>`.
    private func image(_ index: Int, element: HTML, label: String?) -> HTML {
        let role: HTML? = label.map { " role=\"img\" aria-label=\"\($0)\"" }
        switch outputs[index].image.source {
        case .linked(let url):
            return "<img class=\"\(element)\" src=\"\(url)\" alt=\"\(label ?? "")\">"
        case .embedded:
            return "<div class=\"\(element)\" style=\"--img:var(--img\(index))\"\(role)></div>"
        }
    }

    /// The output's facts: what it is, what the modes do to it, and its fit.
    private func info(of output: Output, index: Int) -> HTML {
        let item = output.item
        let families = item.family.map { [$0] } ?? Self.familiesWithoutFamily
        // A family or an Android span (`android-2x2`): which of the input's outputs this is.
        var lines: [HTML] = [image(index, element: "stored", label: "\(name)\(item.outputLabel.map { ", \($0)" } ?? "") as stored")]
        if let label = item.outputLabel { lines.append("<p class=\"family\">\(label)</p>") }
        if let note = output.image.note { lines.append("<p class=\"rendition\">\(note)</p>") }
        lines.append("<p class=\"facts\">\(facts(item).map { "\($0)" as HTML }.joined(separator: "<br>"))</p>")
        if let appearance = item.appearance {
            lines.append("<p class=\"appearance\">\(Self.appearanceFacts(appearance).map { "\($0)" as HTML }.joined(separator: "<br>"))</p>")
            if !appearance.warnings.isEmpty {
                lines.append("<ul class=\"warnings\">\(appearance.warnings.map { "<li>\($0.message)</li>" as HTML }.joined())</ul>")
            }
        }
        if let damage = item.damage {
            lines.append("<ul class=\"warnings damage\"><li>\(InputDamage.message(damage))</li></ul>")
        }
        if let fits = fits(item) { lines.append(fits) }
        for family in families where device.frame(for: family) == nil {
            lines.append("<p class=\"noslot\">\(family.rawValue): no slot on \(device.row.label)</p>")
        }
        let family: HTML? = item.family.map { " data-family=\"\($0.rawValue)\"" }
        return "<section class=\"output\"\(family)>\n\(lines.joined(separator: "\n"))\n</section>"
    }

    /// The scene's panel with every output's frames it shows, or nil when it shows none.
    private func scene(_ scene: PreviewScene) -> HTML? {
        var drawn: [HTML] = []
        for (index, output) in outputs.enumerated() {
            let families = output.item.family.map { [$0] } ?? Self.familiesWithoutFamily
            for frame in families.compactMap(device.frame(for:)) where scene.shows(frame.family) {
                let label = "\(name), \(frame.family.rawValue), \(scene.mode.title), \(scene.title)"
                let art = image(index, element: "art", label: nil)
                let family = frame.family.rawValue
                drawn.append("""
                    <div class="frame f-\(family)" data-family="\(family)" data-mode="\(scene.mode.rawValue)" \
                    role="img" aria-label="\(label)">\(art)</div>
                    """)
            }
        }
        guard !drawn.isEmpty else { return nil }
        return """
            <section class="scene scene-\(scene.id)" data-scene="\(scene.id)"><h3>\(scene.title) <span>\(scene.mode.title)</span></h3>\
            <div class="frames">\(drawn.joined())</div></section>
            """
    }

    /// The archival-cap verdict of the item's family; for an item without one, every family's,
    /// folded under a count (a `details` element opens without script).
    private func fits(_ item: BatchItemReport) -> HTML? {
        let costs = (item.renderCost?.families ?? []).filter { item.family == nil || $0.family == item.family }
        guard !costs.isEmpty else { return nil }
        let list: HTML = "<ul class=\"fits\">\(costs.map(Self.verdict).joined())</ul>"
        guard item.family == nil else { return list }
        let fitting = costs.filter(\.fitsEverywhere).count
        let offered = costs.filter(\.isOffered).count
        let unoffered = costs.count - offered
        let notOffered = unoffered > 0 ? ", \(unoffered) not offered on the chosen devices" : ""
        return "<details><summary>fits everywhere in \(fitting) of \(offered) families offered\(notOffered)</summary>\(list)</details>"
    }

    private func facts(_ item: BatchItemReport) -> [String] {
        let format = item.format ?? .jpeg
        let quality = item.quality.map { String(format: " q%g", $0) } ?? ""
        var facts = [
            "\(item.width ?? 0)x\(item.height ?? 0) px, \(BatchSummary.byteText(item.bytes ?? 0, 1))",
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
    private static func verdict(_ cost: RenderCost.FamilyCost) -> HTML {
        let family = cost.family.rawValue
        if !cost.isOffered {
            return "<li class=\"unoffered\">\(family): not offered on the chosen devices</li>"
        }
        if cost.fitsEverywhere {
            return "<li class=\"fit\">\(family): fits everywhere</li>"
        }
        if cost.failingDevices.isEmpty {
            // Over an assumed cap only (visionOS, Mac): a labelled risk, not a failure.
            let risky = cost.risks.map(\.deviceName).joined(separator: ", ")
            return "<li class=\"fit\" title=\"\(risky)\">\(family): fits under every logged cap; risk: over an assumed cap on \(risky)</li>"
        }
        let failing = cost.failingDevices.map(\.deviceName)
        let text = failing.count == cost.devices.count
            ? "over the archival cap on every device (\(failing.count))"
            : "over the archival cap on \(failing.count) of \(cost.devices.count): "
                + failing.prefix(2).joined(separator: ", ") + (failing.count > 2 ? ", +\(failing.count - 2) more" : "")
        return "<li class=\"over\" title=\"\(failing.joined(separator: ", "))\">\(family): \(text)</li>"
    }
}
