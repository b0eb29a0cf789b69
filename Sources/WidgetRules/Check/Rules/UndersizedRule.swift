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
            rationale: "drawn upscaled, with the factor: smaller than the slot it fills, or than its frame in points times the "
                + "device's scale; never for an image nothing sizes",
            triggeringExamples: [
                RuleExample("a 100x100 image in a small widget", ImageFacts(path: "small.png", size: PixelSize(width: 100, height: 100),
                                                                           fileBytes: 10_000),
                            families: [.systemSmall], platforms: [.iOS]),
                RuleExample("a 100x100 avatar the code frames at 50x50 pt (150x150 px on @3 iPhones)",
                            ImageFacts(path: "avatar.png", size: PixelSize(width: 100, height: 100), fileBytes: 10_000,
                                       drawn: .framed(width: 50, height: 50)),
                            families: [.systemSmall], platforms: [.iOS]),
            ],
            nonTriggeringExamples: [
                RuleExample("a 150x150 avatar framed at 50x50 pt: sharp on @3", ImageFacts(
                    path: "avatar.png", size: PixelSize(width: 150, height: 150), fileBytes: 10_000, drawn: .framed(width: 50, height: 50)),
                            families: [.systemSmall], platforms: [.iOS]),
                RuleExample("a 100x100 image nothing says the size of", ImageFacts(
                    path: "logo.png", size: PixelSize(width: 100, height: 100), fileBytes: 10_000, drawn: .unknown),
                            families: [.systemSmall], platforms: [.iOS]),
                RuleExample("a 600x600 image covers every iPhone's small slot", ImageFacts(path: "bg.png", size: PixelSize(width: 600, height: 600),
                                                                                          fileBytes: 200_000),
                            families: [.systemSmall], platforms: [.iOS]),
            ])
    }

    /// The findings of this rule for the image in `scope`: against the slot for an image that
    /// fills it, against its frame times each drawing device's scale for one the code or the
    /// config frames, and never for one nothing says the size of (an avatar drawn at 50 pt is
    /// not a blurry background).
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] {
        switch scope.facts.drawn {
        case .fillsSlot: fillingSlot(scope)
        case .framed(let width, let height): framed(scope, width: width, height: height)
        case .unknown: []
        }
    }

    private func fillingSlot(_ scope: CheckScope) -> [CheckFinding] {
        let size = scope.facts.size
        return scope.shown.compactMap { family in
            let upscaled = scope.slots(family).map { item in
                (item, max(Double(item.slot.pixels.width) / Double(size.width), Double(item.slot.pixels.height) / Double(size.height)))
            }.filter { $0.1 > Self.tolerance }
            guard let worst = upscaled.max(by: { $0.1 < $1.1 }) else { return nil }
            return CheckFinding(
                file: scope.facts.path, rule: description.id, level: .warning, family: family,
                devices: scope.names(upscaled.map(\.0.device)),
                message: "\(size) is smaller than the \(family.rawValue) slot it fills: upscaled up to \(TableText.fixed(worst.1, 2))x, blurry",
                detail: "the \(worst.0.slot.pixels) slot on \(worst.0.device.label)"
                    + (scope.facts.drawnEvidence.map { "; it fills the slot (\($0))" } ?? ""),
                fix: scope.largerOriginalFix(),
                numbers: FindingNumbers(pixels: size, scale: scope.facts.scale, slot: worst.0.slot.pixels, upscale: worst.1,
                                        deviceIDs: scope.deviceIDs(upscaled.map(\.0.device))))
        }
    }

    /// Drawn in a frame of `width` x `height` points (a side may be unknown): the picture is
    /// fitted into the frame (the smaller ratio of the sides given, so a letterboxed image is
    /// not called blurry for the side it does not fill).
    private func framed(_ scope: CheckScope, width: Double?, height: Double?) -> [CheckFinding] {
        let size = scope.facts.size
        let upscaled = scope.drawingRows.compactMap { row -> (DeviceClass, Double)? in
            let ratios = [width.map { $0 * Double(row.scale) / Double(size.width) },
                          height.map { $0 * Double(row.scale) / Double(size.height) }].compactMap { $0 }
            guard let factor = ratios.min(), factor > Self.tolerance else { return nil }
            return (row, factor)
        }
        guard let worst = upscaled.max(by: { $0.1 < $1.1 }) else { return [] }
        let frame = PointFrame(width: width, height: height)
        return [CheckFinding(
            file: scope.facts.path, rule: description.id, level: .warning,
            devices: scope.names(upscaled.map(\.0)),
            message: "\(size) is drawn at \(frame) pt: upscaled up to \(TableText.fixed(worst.1, 2))x on @\(worst.0.scale) devices, blurry",
            detail: "\(frame.pixels(scale: worst.0.scale)) px at @\(worst.0.scale)"
                + (scope.facts.drawnEvidence.map { "; the frame from \($0)" } ?? ""),
            fix: scope.largerOriginalFix(),
            numbers: FindingNumbers(pixels: size, scale: scope.facts.scale, upscale: worst.1, deviceIDs: scope.deviceIDs(upscaled.map(\.0))))]
    }

    /// A frame in points, a side possibly unknown.
    struct PointFrame: CustomStringConvertible {
        var width: Double?
        var height: Double?

        /// `50x50`, `50x?`.
        var description: String { "\(Self.text(width))x\(Self.text(height))" }

        /// The frame's pixels at `scale` (`150x150`, `150x?`).
        func pixels(scale: Int) -> String {
            "\(Self.text(width.map { ($0 * Double(scale)).rounded(.up) }))x\(Self.text(height.map { ($0 * Double(scale)).rounded(.up) }))"
        }

        private static func text(_ side: Double?) -> String {
            guard let side else { return "?" }
            return side == side.rounded() ? String(Int(side)) : TableText.fixed(side, 1)
        }
    }
}
