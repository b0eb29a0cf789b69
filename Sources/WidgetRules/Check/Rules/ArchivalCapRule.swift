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
            // `RenderCost.FamilyCost`'s policy, applied to the slots as they are (a DeviceFit per
            // slot per image would cost more than the whole check).
            let over = slots.filter { size.area > $0.slot.capPixels }
            let failing = over.filter { scope.fails($0.slot) }
            let risky = over.filter { !scope.fails($0.slot) }
            // Evidence decides the level: over a logged cap (or one of devices the user chose),
            // the widget is blank there; over a cap nobody has logged, it may be.
            let reported = failing.isEmpty ? risky : failing
            guard let smallest = reported.min(by: { $0.slot.capPixels < $1.slot.capPixels }) else { return nil }
            let slotsText = "\(reported.count) of \(slots.count) slots"
            let smallestText = "smallest cap \(TableText.grouped(smallest.slot.capPixels)) px, the \(smallest.slot.pixels) slot on "
                + smallest.device.label
            let message = failing.isEmpty
                ? "\(size) (\(TableText.grouped(size.area)) px) is over the assumed \(family.rawValue) cap on \(slotsText): a risk"
                : "\(size) (\(TableText.grouped(size.area)) px) is over the \(family.rawValue) archival cap on \(slotsText): "
                    + "the widget shows its placeholder"
            let detail = failing.isEmpty
                ? "\(smallestText); no log shows that cap, and the devices were not named (name them to make it an error)"
                : "\(smallestText); the placeholder replaces the widget in every family"
                    + (risky.isEmpty ? "" : " (and over the assumed cap of \(risky.count) more slot(s), a risk)")
            return CheckFinding(
                file: scope.facts.path, rule: description.id, level: failing.isEmpty ? .warning : .error, family: family,
                devices: scope.names(reported.map(\.device)), message: message, detail: detail,
                fix: failing.isEmpty ? nil : scope.inPlaceFix(),
                numbers: FindingNumbers(pixels: size, scale: scope.facts.scale, slot: smallest.slot.pixels,
                                        capPixels: smallest.slot.capPixels, deviceIDs: scope.deviceIDs(reported.map(\.device))))
        }
    }
}
