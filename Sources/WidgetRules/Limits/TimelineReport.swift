/// `budget --entries N`: the timeline archive's bytes for both hand-overs, against the limit
/// (`TimelineBudget`, which holds the figures and their sources).
package struct TimelineReport: Encodable, Sendable {
    private enum CodingKeys: String, CodingKey {
        case entries, imageBytesPerEntry, imageBytesFrom, asData, decoded
    }

    /// The fields, with the limits' beside them (one object, as `--json` readers expect).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(imageBytesPerEntry, forKey: .imageBytesPerEntry)
        try container.encode(imageBytesFrom, forKey: .imageBytesFrom)
        try container.encode(asData, forKey: .asData)
        try container.encode(decoded, forKey: .decoded)
        try limits.encode(to: encoder)
    }

    package struct HandOver: Encodable, Sendable {
        package var archiveBytes: Int
        package var shareOfLimit: Double
        package var fits: Bool
        /// The most entries of this image that fit.
        package var maximumEntries: Int
    }

    /// The limit and the decoded factor with their sources, as `budget` and `explain` print them.
    package struct Limits: Encodable, Sendable {
        package init() {}
        package var limitBytes = TimelineBudget.limitBytes
        package var limitSource = TimelineBudget.limitSource
        package var decodedFactor = TimelineBudget.decodedFactor
        package var decodedFactorSource = TimelineBudget.decodedFactorSource

        private enum CodingKeys: String, CodingKey {
            case limitBytes, limitSource, decodedFactor, decodedFactorSource
        }
    }

    package var entries: Int
    package var imageBytesPerEntry: Int
    /// `file` (the file's bytes) or `byteBudget` (the per-image budget, for a size).
    package var imageBytesFrom: String
    package var limits = Limits()
    package var asData: HandOver
    package var decoded: HandOver

    package init(entries: Int, imageBytes: Int, fromFile: Bool) {
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

    package var text: String {
        func line(_ name: String, _ value: HandOver) -> String {
            "  \(name)\(TableText.grouped(value.archiveBytes)) bytes, \(TableText.fixed(value.shareOfLimit * 100, 1))% of the limit: "
                + (value.fits ? "fits" : "OVER: chronod refuses the timeline") + " (at most \(TableText.grouped(value.maximumEntries)) entries)"
        }
        let source = imageBytesFrom == "file" ? "the file's bytes" : "the per-image byte budget; pass a file for its own bytes"
        return [
            "timeline:  \(entries) entries x \(TableText.grouped(imageBytesPerEntry)) image bytes (\(source))",
            line("as data (UIImage(data:)):                        ", asData),
            line("decoded (UIImage(cgImage:), Image(decorative:)): ", decoded),
            "  decoded = \(TableText.fixed(limits.decodedFactor, 2)) x the file's bytes: \(limits.decodedFactorSource)",
            "  limit: \(TableText.grouped(limits.limitBytes)) bytes, \(limits.limitSource)",
        ].joined(separator: "\n")
    }
}

/// `budget --json`: the render cost's document, plus `timeline` with `--entries`.
package struct BudgetDocument: Encodable, Sendable {
    package var cost: RenderCost
    package var timeline: TimelineReport?

    package init(cost: RenderCost, timeline: TimelineReport?) {
        self.cost = cost
        self.timeline = timeline
    }

    private enum CodingKeys: String, CodingKey { case timeline }

    package func encode(to encoder: any Encoder) throws {
        try cost.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(timeline, forKey: .timeline)
    }
}
