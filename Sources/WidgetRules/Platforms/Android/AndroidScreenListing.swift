/// What `devices --platform android` prints: every Android screen with its cap and, at its
/// density, the slot of each cell span; then the cell table, the formula and the sources. A
/// user's `--catalog` text is untrusted: the table escapes it (`DisplayText.escaped`), JSON
/// writes controls as `\uXXXX`.
package struct AndroidScreenListing: Encodable, Sendable {
    package struct Screen: Encodable, Sendable {
        package var id: String
        package var label: String
        package var names: [String]
        package var pixels: [Int]
        package var density: String
        package var dpi: Int
        /// The cap M in bytes: 6 x W x H.
        package var capBytes: Int
        package var note: String?
        package var source: String
        /// The source's kind (measured, published, inferred, approximate).
        package var status: String
        /// Each span's largest slot at the screen's density.
        package var slots: [Slot]
    }

    package struct Slot: Encodable, Sendable {
        package var cells: String
        package var pixels: [Int]
        package var argb8888Bytes: Int
    }

    package struct Span: Encodable, Sendable {
        package var cells: [Int]
        package var minDp: [Int]
        package var maxDp: [Int]
    }

    package struct Source: Encodable, Sendable {
        package var id: String
        package var kind: String
        package var reference: String
    }

    package var platform = "android"
    package var formula: String
    package var formulaSource: String
    package var screens: [Screen]
    package var cells: [Span]
    package var cellSource: String?
    package var sources: [Source]

    package init(catalog: WidgetCatalog) {
        formula = "\(AndroidBitmapCap.bytesPerScreenPixel) x W x H bytes of bitmaps per widget update"
        formulaSource = AndroidBitmapCap.source
        let spans = catalog.androidCells?.spans ?? []
        screens = catalog.androidScreens.map { screen in
            Screen(id: screen.id, label: screen.label, names: screen.names, pixels: [screen.pixels.width, screen.pixels.height],
                   density: screen.density.description, dpi: screen.density.dpi, capBytes: screen.capBytes, note: screen.note,
                   source: screen.source, status: catalog.source(screen.source)?.kind.rawValue ?? "-",
                   slots: spans.map { span in
                       let slot = span.largestSlot(at: screen.density)
                       return Slot(cells: span.description, pixels: [slot.width, slot.height],
                                   argb8888Bytes: AndroidBitmapCap.bytes(of: slot, .argb8888))
                   })
        }
        cells = spans.map {
            Span(cells: [$0.columns, $0.rows], minDp: [$0.minimum.width, $0.minimum.height], maxDp: [$0.maximum.width, $0.maximum.height])
        }
        cellSource = catalog.androidCells?.source
        let used = Set(catalog.androidScreens.map(\.source) + (catalog.androidCells.map { [$0.source] } ?? []))
        sources = catalog.sources.filter { used.contains($0.id) }.map { Source(id: $0.id, kind: $0.kind.rawValue, reference: $0.reference) }
    }

    package var text: String {
        var rows = [["screen", "px", "density", "cap M (bytes)", "4x2 slot px", "status: source", "id"]]
        for screen in screens {
            let fourByTwo = screen.slots.first { $0.cells == "4x2" }.map { "\($0.pixels[0])x\($0.pixels[1])" } ?? "-"
            rows.append([DisplayText.escaped(screen.label), "\(screen.pixels[0])x\(screen.pixels[1])", "\(screen.density) (\(screen.dpi))",
                         TableText.grouped(screen.capBytes), fourByTwo, "\(screen.status): \(DisplayText.escaped(screen.source))",
                         DisplayText.escaped(screen.id)])
        }
        var lines = ["Android screens (cap M = \(formula)):"] + TableText.aligned(rows).map { "  " + $0 }
        for screen in screens {
            if let note = screen.note { lines.append("  note (\(DisplayText.escaped(screen.id))): \(DisplayText.escaped(note))") }
        }
        lines += ["", "cell spans (handheld, dp; slot px = max dp x dpi / 160, rounded down):"]
        lines += TableText.aligned([["cells", "min dp", "max dp"]] + cells.map {
            ["\($0.cells[0])x\($0.cells[1])", "\($0.minDp[0])x\($0.minDp[1])", "\($0.maxDp[0])x\($0.maxDp[1])"]
        }).map { "  " + $0 }
        lines += ["", "formula: \(formulaSource)", "", "sources:"]
        lines += sources.map { "  \(DisplayText.escaped($0.id)) (\($0.kind)): \(DisplayText.escaped($0.reference))" }
        return lines.joined(separator: "\n")
    }
}
