/// `not-drawn`: a variant no chosen device draws in the checked families (a 1x one: no
/// current device is @1x), said as a note.
public struct NotDrawnRule: CheckRule {
    /// The rule.
    public init() {}

    /// The rule's id, summary, level, rationale and examples.
    public var description: RuleDescription {
        RuleDescription(
            id: "not-drawn",
            summary: "Variant that no chosen device draws in the checked families",
            defaultLevel: .note,
            rationale: "a variant no chosen device draws (a 1x one: no device is @1x), as a note",
            triggeringExamples: [
                RuleExample("a 1x variant", ImageFacts(path: "A.imageset/a.png", size: PixelSize(width: 170, height: 170), fileBytes: 10_000,
                                                       scale: 1, assetSet: "A.imageset"), families: [.systemSmall]),
            ],
            nonTriggeringExamples: [
                RuleExample("a 3x variant", ImageFacts(path: "A.imageset/a@3x.png", size: PixelSize(width: 510, height: 510),
                                                       fileBytes: 10_000, scale: 3, assetSet: "A.imageset"), families: [.systemSmall]),
            ])
    }

    /// The findings of this rule for the image in `scope`.
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] {
        guard !scope.isDrawn else { return [] }
        let scale = scope.facts.scale.map { "@\($0)x " } ?? ""
        return [CheckFinding(file: scope.facts.path, rule: description.id, level: .note,
                             message: "\(scale)variant not drawn in \(scope.wanted.map(\.rawValue).joined(separator: ", ")) on any chosen device")]
    }
}
