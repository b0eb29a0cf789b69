/// `appearance`: a rendering-mode warning (tinted, clear or vibrant rendering turns the image
/// into a slab or a silhouette), measured from the pixels with `--appearance`.
public struct AppearanceRule: CheckRule {
    /// The rule.
    public init() {}

    /// The rule's id, summary, level, rationale and examples.
    public var description: RuleDescription {
        RuleDescription(
            id: "appearance",
            summary: "Image that tinted, clear or vibrant rendering turns into a slab or silhouette",
            defaultLevel: .warning,
            rationale: "with --appearance, the rendering-mode warnings measured from the pixels",
            triggeringExamples: [
                RuleExample("a measured warning", ImageFacts(path: "dark.png", size: PixelSize(width: 600, height: 600), fileBytes: 50_000,
                                                             appearance: [.systemSmall: ["almost black: a dark slab when tinted"]]),
                            families: [.systemSmall], platforms: [.iOS]),
            ],
            nonTriggeringExamples: [
                RuleExample("pixels not measured", ImageFacts(path: "dark.png", size: PixelSize(width: 600, height: 600), fileBytes: 50_000),
                            families: [.systemSmall], platforms: [.iOS]),
            ])
    }

    /// The findings of this rule for the image in `scope`.
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] {
        guard let measured = scope.facts.appearance else { return [] }
        return scope.shown.flatMap { family in
            (measured[family] ?? []).map { warning in
                CheckFinding(file: scope.facts.path, rule: description.id, level: .warning, family: family,
                             message: warning)
            }
        }
    }
}
