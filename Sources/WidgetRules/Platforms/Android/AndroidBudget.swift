/// What `budget --platform android` prints: the cap M for the screen, each bitmap's share, the
/// largest bitmap alone, and per cell span the largest slot at the density with its cost as
/// ARGB_8888 and RGB_565; with a target SDK of 37 or later, what Android 17 counts. Text or JSON.
package struct AndroidBudget: Encodable, Sendable {
    package struct Span: Encodable, Sendable {
        /// `4x2`.
        package var cells: String
        package var minDp: [Int]
        package var maxDp: [Int]
        /// The largest slot in pixels at the density (rounded down).
        package var slot: [Int]
        package var argb8888Bytes: Int
        package var rgb565Bytes: Int
        /// Whether one ARGB_8888 bitmap of the slot is within the share.
        package var fitsShare: Bool
        /// How many such bitmaps the whole cap holds.
        package var fitInCap: Int
        /// The largest ARGB_8888 size of the slot's shape within the share (the slot when it fits).
        package var fittingARGB8888: [Int]
    }

    package var screen: [Int]
    /// The catalogue's screen of that size: id and label (escaped), or nil.
    package var screenID: String?
    package var screenLabel: String?
    package var screenSource: String?
    package var density: String?
    package var dpi: Int?
    package var capBytes: Int
    package var formula: String
    package var formulaSource: String
    package var bitmaps: Int
    package var shareBytes: Int
    package var largestARGB8888Square: Int
    package var largestRGB565Square: Int
    package var spans: [Span]
    package var cellSource: String?
    package var targetSDK: Int?
    /// With a target SDK of 37 or later: what Android 17 counts, and its source.
    package var android17: [String]?
    package var android17Source: String?
    package var uriNote: String

    /// The budget of `target`; `spans` (the cell spans asked for) replace its one span, and
    /// with neither every span of the table is listed.
    package init(_ target: AndroidTarget, spans asked: [AndroidCellSpan] = [], catalog: WidgetCatalog) {
        screen = [target.screen.width, target.screen.height]
        screenID = target.catalogued.map { DisplayText.escaped($0.id, limit: 200) }
        screenLabel = target.catalogued.map { DisplayText.escaped($0.label, limit: 200) }
        screenSource = target.catalogued.flatMap { catalog.source($0.source)?.reference }.map { DisplayText.escaped($0, limit: 600) }
        density = target.density?.description
        dpi = target.density?.dpi
        capBytes = target.capBytes
        formula = "\(AndroidBitmapCap.bytesPerScreenPixel) x \(target.screen.width) x \(target.screen.height)"
        formulaSource = AndroidBitmapCap.source
        bitmaps = target.bitmaps
        shareBytes = target.shareBytes
        largestARGB8888Square = AndroidBitmapCap.largestSquareSide(within: target.shareBytes, .argb8888)
        largestRGB565Square = AndroidBitmapCap.largestSquareSide(within: target.shareBytes, .rgb565)
        let chosen = !asked.isEmpty ? asked : target.cells.map { [$0] } ?? catalog.androidCells?.spans ?? []
        spans = target.density.map { density in
            chosen.map { span in
                let slot = span.largestSlot(at: density)
                let argb = AndroidBitmapCap.bytes(of: slot, .argb8888)
                let fitting = AndroidBitmapCap.largestFitting(slot, within: target.shareBytes, .argb8888)
                return Span(cells: span.description, minDp: [span.minimum.width, span.minimum.height],
                            maxDp: [span.maximum.width, span.maximum.height], slot: [slot.width, slot.height],
                            argb8888Bytes: argb, rgb565Bytes: AndroidBitmapCap.bytes(of: slot, .rgb565),
                            fitsShare: argb <= target.shareBytes, fitInCap: argb > 0 ? target.capBytes / argb : 0,
                            fittingARGB8888: [fitting.width, fitting.height])
            }
        } ?? []
        cellSource = catalog.androidCells.flatMap { catalog.source($0.source)?.reference }.map { DisplayText.escaped($0, limit: 600) }
        targetSDK = target.targetSDK
        android17 = target.countsLikeAndroid17 ? AndroidPlatform.android17Counts : nil
        android17Source = target.countsLikeAndroid17 ? AndroidPlatform.android17Source : nil
        uriNote = AndroidPlatform.uriNote
    }

    package var text: String {
        let mebibytes = TableText.fixed(Double(capBytes) / 1_048_576, 2)
        var lines = [
            "screen:  \(screen[0])x\(screen[1]) px" + (screenLabel.map { " (\($0), \(screenID ?? ""))" } ?? " (not in the catalogue)")
                + (density.map { ", density \($0) (\(dpi ?? 0) dpi)" } ?? ""),
            "cap M:   \(TableText.grouped(capBytes)) bytes = \(formula) (\(mebibytes) MiB) of bitmaps per widget update",
            "share:   \(TableText.grouped(shareBytes)) bytes per bitmap (\(bitmaps) distinct bitmap\(bitmaps == 1 ? "" : "s") an update, "
                + "--bitmaps; partial updates add up)",
            "largest: one bitmap of the share is at most \(largestARGB8888Square)x\(largestARGB8888Square) as ARGB_8888, "
                + "\(largestRGB565Square)x\(largestRGB565Square) as RGB_565",
            "",
        ]
        if spans.isEmpty {
            lines.append("cells:   no density for this screen: give --density D (px a dp, e.g. 2.625) for each span's slot")
        } else {
            var rows = [["cells", "max dp", "slot px at \(density ?? "")", "ARGB_8888 bytes", "RGB_565 bytes", "ARGB_8888 within the share"]]
            for span in spans {
                let within = span.fitsShare
                    ? "yes (the cap holds \(span.fitInCap))"
                    : "no: at most \(span.fittingARGB8888[0])x\(span.fittingARGB8888[1])"
                rows.append([span.cells, "\(span.maxDp[0])x\(span.maxDp[1])", "\(span.slot[0])x\(span.slot[1])",
                             TableText.grouped(span.argb8888Bytes), TableText.grouped(span.rgb565Bytes), within])
            }
            lines += TableText.aligned(rows)
            lines.append("slots are the largest frame of each span, dp x dpi / 160 rounded down; the launcher may give less (min dp)")
        }
        if let android17 {
            lines += ["", "target SDK \(targetSDK ?? AndroidPlatform.android17TargetSDK) (Android 17 rules) counts:"]
            lines += android17.map { "  - \($0)" }
            lines.append("  (\(android17Source ?? ""))")
        } else if let targetSDK {
            lines += ["", "target SDK \(targetSDK): on Android 17 the stricter count (bitmap-backed Icons, every size bucket) is only "
                + "logged as a warning; from target SDK \(AndroidPlatform.android17TargetSDK) it throws"]
        }
        lines += ["", "note: \(uriNote)", "", "formula: \(formulaSource)"]
        if let cellSource { lines.append("cells:   \(cellSource)") }
        if let screenSource { lines.append("screen:  \(screenSource)") }
        return lines.joined(separator: "\n")
    }
}
