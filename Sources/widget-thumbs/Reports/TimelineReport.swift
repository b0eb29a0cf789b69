import WidgetThumbnails

/// `budget --entries N`: the timeline archive's bytes for both hand-overs, against the limit
/// (`TimelineBudget`, which holds the figures and their sources).
struct TimelineReport: Encodable {
    private enum CodingKeys: String, CodingKey {
        case entries, imageBytesPerEntry, imageBytesFrom, asData, decoded
    }

    /// The fields, with the limits' beside them (one object, as `--json` readers expect).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(imageBytesPerEntry, forKey: .imageBytesPerEntry)
        try container.encode(imageBytesFrom, forKey: .imageBytesFrom)
        try container.encode(asData, forKey: .asData)
        try container.encode(decoded, forKey: .decoded)
        try limits.encode(to: encoder)
    }

    struct HandOver: Encodable {
        var archiveBytes: Int
        var shareOfLimit: Double
        var fits: Bool
        /// The most entries of this image that fit.
        var maximumEntries: Int
    }

    /// The limit and the decoded factor with their sources, as `budget` and `explain` print them.
    struct Limits: Encodable {
        var limitBytes = TimelineBudget.limitBytes
        var limitSource = TimelineBudget.limitSource
        var decodedFactor = TimelineBudget.decodedFactor
        var decodedFactorSource = TimelineBudget.decodedFactorSource

        private enum CodingKeys: String, CodingKey {
            case limitBytes, limitSource, decodedFactor, decodedFactorSource
        }
    }

    /// `--entries N`, one spec for `budget` and `check`.
    static let entriesSpec = OptionSpec.value(
        "entries", valueName: "N", presence: .optional,
        help: "N timeline entries each carry the image: the timeline archive's bytes, handed over as data and decoded, "
            + "against the timeline limit (for a size rather than a file, the image's bytes are the per-image byte budget, "
            + "\(ImageByteLimit.defaultCap) bytes).")

    /// `--entries N` of `budget` and `check`: 1 to 100,000 entries, or nil.
    static func entries(_ arguments: ParsedArguments, _ option: OptionSpec) throws(UsageError) -> Int? {
        try arguments.value(option, expected: "a whole number of entries from 1 to 100000") {
            Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil }
        }
    }

    var entries: Int
    var imageBytesPerEntry: Int
    /// `file` (the file's bytes) or `byteBudget` (the per-image budget, for a size).
    var imageBytesFrom: String
    var limits = Limits()
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
            "  decoded = \(TableText.fixed(limits.decodedFactor, 2)) x the file's bytes: \(limits.decodedFactorSource)",
            "  limit: \(TableText.grouped(limits.limitBytes)) bytes, \(limits.limitSource)",
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
