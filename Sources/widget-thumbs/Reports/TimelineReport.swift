import WidgetThumbnails

/// `budget --entries N`: the timeline archive's bytes for both hand-overs, against the limit
/// (`TimelineBudget`, which holds the figures and their sources).
struct TimelineReport: Encodable {
    struct HandOver: Encodable {
        var archiveBytes: Int
        var shareOfLimit: Double
        var fits: Bool
        /// The most entries of this image that fit.
        var maximumEntries: Int
    }

    var entries: Int
    var imageBytesPerEntry: Int
    /// `file` (the file's bytes) or `byteBudget` (the per-image budget, for a size).
    var imageBytesFrom: String
    var limitBytes = TimelineBudget.limitBytes
    var limitSource = TimelineBudget.limitSource
    var decodedFactor = TimelineBudget.decodedFactor
    var decodedFactorSource = TimelineBudget.decodedFactorSource
    var asData: HandOver
    var decoded: HandOver

    init(entries: Int, imageBytes: Int, fromFile: Bool) {
        self.entries = entries
        imageBytesPerEntry = imageBytes
        imageBytesFrom = fromFile ? "file" : "byteBudget"
        let budget = TimelineBudget(entries: entries, imageBytesPerEntry: imageBytes)
        func handOver(_ kind: TimelineBudget.HandOver) -> HandOver {
            HandOver(archiveBytes: budget.archiveBytes(kind),
                     shareOfLimit: Double(budget.archiveBytes(kind)) / Double(TimelineBudget.limitBytes),
                     fits: budget.fits(kind), maximumEntries: budget.maximumEntries(kind))
        }
        asData = handOver(.data)
        decoded = handOver(.decoded)
    }

    var text: String {
        func line(_ name: String, _ value: HandOver) -> String {
            "  \(name)\(TableText.grouped(value.archiveBytes)) bytes, \(TableText.fixed(value.shareOfLimit * 100, 1))% of the limit: "
                + (value.fits ? "fits" : "OVER: chronod refuses the timeline") + " (at most \(TableText.grouped(value.maximumEntries)) entries)"
        }
        let source = imageBytesFrom == "file" ? "the file's bytes" : "the per-image byte budget; pass a file for its own bytes"
        return [
            "timeline:  \(entries) entries x \(TableText.grouped(imageBytesPerEntry)) image bytes (\(source))",
            line("as data (UIImage(data:)):                        ", asData),
            line("decoded (UIImage(cgImage:), Image(decorative:)): ", decoded),
            "  decoded = \(TableText.fixed(decodedFactor, 2)) x the file's bytes: \(decodedFactorSource)",
            "  limit: \(TableText.grouped(limitBytes)) bytes, \(limitSource)",
        ].joined(separator: "\n")
    }
}

/// `budget --json`: the render cost's document, plus `timeline` with `--entries`.
struct BudgetDocument: Encodable {
    var cost: RenderCost
    var timeline: TimelineReport?

    private enum CodingKeys: String, CodingKey { case timeline }

    func encode(to encoder: any Encoder) throws {
        try cost.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(timeline, forKey: .timeline)
    }
}
