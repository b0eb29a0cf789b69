/// `archival-cap`: the pixel area is over the archival cap of a slot the image is drawn in, so
/// WidgetKit shows the widget's placeholder there, in every family of the widget.
public struct ArchivalCapRule: CheckRule {
    /// The rule.
    public init() {}

    /// The rule's id, summary, level, rationale and examples.
    public var description: RuleDescription {
        RuleDescription(
            id: "archival-cap",
            summary: "Image over WidgetKit's archival cap: the widget shows its placeholder",
            defaultLevel: .error,
            rationale: "the pixel area is over the slot's archival cap (the widget shows its placeholder), naming the devices",
            triggeringExamples: [
                RuleExample("a 4000x4000 photo in a small widget", ImageFacts(path: "photo.jpg", size: PixelSize(width: 4000, height: 4000),
                                                                             fileBytes: 2_000_000), families: [.systemSmall]),
            ],
            nonTriggeringExamples: [
                RuleExample("a 600x600 small background on iPhone", ImageFacts(path: "bg.png", size: PixelSize(width: 600, height: 600),
                                                                                fileBytes: 200_000),
                            families: [.systemSmall], platforms: [.iOS]),
            ])
    }

    /// The findings of this rule for the image in `scope`.
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] {
        let size = scope.facts.size
        return scope.shown.compactMap { family in
            let slots = scope.slots(family)
            let over = slots.filter { size.area > $0.slot.capPixels }
            guard let smallest = over.min(by: { $0.slot.capPixels < $1.slot.capPixels }) else { return nil }
            return CheckFinding(
                file: scope.facts.path, rule: description.id, level: .error, family: family,
                devices: scope.names(over.map(\.device)),
                message: "\(size) = \(TableText.grouped(size.area)) px is over the archival cap of \(family.rawValue) on "
                    + "\(over.count) of \(slots.count) slots (smallest: \(TableText.grouped(smallest.slot.capPixels)) px, "
                    + "\(smallest.slot.pixels) slot on \(smallest.device.label)): the widget shows its placeholder there, in every family",
                fix: scope.fix(family))
        }
    }
}
