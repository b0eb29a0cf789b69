/// `file-bytes`: more bytes than the per-image budget, which every timeline entry carries.
public struct FileBytesRule: CheckRule {
    /// The rule.
    public init() {}

    /// The rule's id, summary, level, rationale and examples.
    public var description: RuleDescription {
        RuleDescription(
            id: "file-bytes",
            summary: "Image file over the per-image byte budget",
            defaultLevel: .warning,
            rationale: "over the per-image budget of \(ImageByteLimit.defaultCap) bytes",
            triggeringExamples: [
                RuleExample("a 400 KB file", ImageFacts(path: "big.jpg", size: PixelSize(width: 500, height: 500), fileBytes: 400_000),
                            families: [.systemSmall], platforms: [.iOS]),
            ],
            nonTriggeringExamples: [
                RuleExample("a 100 KB file", ImageFacts(path: "ok.jpg", size: PixelSize(width: 500, height: 500), fileBytes: 100_000),
                            families: [.systemSmall], platforms: [.iOS]),
            ])
    }

    /// The findings of this rule for the image in `scope`.
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] {
        guard scope.isDrawn, scope.facts.fileBytes > ImageByteLimit.defaultCap else { return [] }
        return [CheckFinding(
            file: scope.facts.path, rule: description.id, level: .warning,
            message: "\(TableText.grouped(scope.facts.fileBytes)) bytes, over the per-image budget of "
                + "\(TableText.grouped(ImageByteLimit.defaultCap)) (every timeline entry carries them)",
            fix: scope.inPlaceFix(maxBytes: ImageByteLimit.defaultCap),
            numbers: FindingNumbers(pixels: scope.facts.size, bytes: scope.facts.fileBytes, limitBytes: ImageByteLimit.defaultCap))]
    }
}
