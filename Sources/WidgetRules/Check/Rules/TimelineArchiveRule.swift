/// `timeline-archive`: with `--entries N`, the timeline archive of N entries carrying the
/// image is over the limit, and chronod refuses the whole timeline.
public struct TimelineArchiveRule: CheckRule {
    /// The rule.
    public init() {}

    /// The rule's id, summary, level, rationale and examples.
    public var description: RuleDescription {
        RuleDescription(
            id: "timeline-archive",
            summary: "Timeline archive over the limit: chronod refuses the timeline",
            defaultLevel: .error,
            rationale: "with --entries N, the timeline archive against the \(TimelineBudget.limitBytes)-byte timeline limit",
            triggeringExamples: [
                RuleExample("50 entries of a 300 KB file", ImageFacts(path: "cover.jpg", size: PixelSize(width: 500, height: 500),
                                                                     fileBytes: 300_000),
                            families: [.systemSmall], entries: 50, platforms: [.iOS]),
            ],
            nonTriggeringExamples: [
                RuleExample("5 entries of a 100 KB file", ImageFacts(path: "cover.jpg", size: PixelSize(width: 500, height: 500),
                                                                    fileBytes: 100_000),
                            families: [.systemSmall], entries: 5, platforms: [.iOS]),
                RuleExample("no --entries", ImageFacts(path: "cover.jpg", size: PixelSize(width: 500, height: 500), fileBytes: 300_000),
                            families: [.systemSmall], platforms: [.iOS]),
            ])
    }

    /// The findings of this rule for the image in `scope`.
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] {
        guard scope.isDrawn, let entries = scope.context.entries else { return [] }
        let budget = TimelineBudget(entries: entries, imageBytesPerEntry: scope.facts.fileBytes)
        guard !budget.fits(.decoded) else { return [] }
        return [CheckFinding(
            file: scope.facts.path, rule: description.id, level: budget.fits(.data) ? .warning : .error,
            message: "\(entries) entries of it: \(TableText.grouped(budget.archiveBytes(.data))) bytes as data, "
                + "\(TableText.grouped(budget.archiveBytes(.decoded))) decoded, against the timeline limit of "
                + "\(TableText.grouped(TimelineBudget.limitBytes)) bytes"
                + (budget.fits(.data) ? ": hand it over as data (UIImage(data:)), not decoded" : ""),
            fix: FixCommand([.literal("widget-thumbs"), .literal("budget"), .path(scope.facts.path),
                             .literal("--entries"), .literal(String(entries))]))]
    }
}
