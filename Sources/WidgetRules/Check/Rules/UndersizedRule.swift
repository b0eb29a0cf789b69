/// `undersized`: smaller than the slot it fills, so it is drawn upscaled, blurry.
public struct UndersizedRule: CheckRule {
    /// The rule.
    public init() {}

    /// Upscaling by at most this factor is not called blurry (rounding of the slot's points).
    static let tolerance = 1.01

    /// The rule's id, summary, level, rationale and examples.
    public var description: RuleDescription {
        RuleDescription(
            id: "undersized",
            summary: "Image smaller than the widget slot it fills: drawn upscaled, blurry",
            defaultLevel: .warning,
            rationale: "smaller than the slot it fills, with the upscale factor",
            triggeringExamples: [
                RuleExample("a 100x100 image in a small widget", ImageFacts(path: "small.png", size: PixelSize(width: 100, height: 100),
                                                                           fileBytes: 10_000),
                            families: [.systemSmall], platforms: [.iOS]),
            ],
            nonTriggeringExamples: [
                RuleExample("a 600x600 image covers every iPhone's small slot", ImageFacts(path: "bg.png", size: PixelSize(width: 600, height: 600),
                                                                                          fileBytes: 200_000),
                            families: [.systemSmall], platforms: [.iOS]),
            ])
    }

    /// The findings of this rule for the image in `scope`.
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] {
        let size = scope.facts.size
        return scope.shown.compactMap { family in
            let upscaled = scope.slots(family).map { item in
                (item, max(Double(item.slot.pixels.width) / Double(size.width), Double(item.slot.pixels.height) / Double(size.height)))
            }.filter { $0.1 > Self.tolerance }
            guard let worst = upscaled.max(by: { $0.1 < $1.1 }) else { return nil }
            return CheckFinding(
                file: scope.facts.path, rule: description.id, level: .warning, family: family,
                devices: scope.names(upscaled.map(\.0.device)),
                message: "\(size) is smaller than the \(family.rawValue) slot it fills: drawn upscaled up to "
                    + "\(TableText.fixed(worst.1, 2))x (\(worst.0.slot.pixels) on \(worst.0.device.label)), blurry",
                fix: scope.fix(family, source: .largerOriginal))
        }
    }
}
