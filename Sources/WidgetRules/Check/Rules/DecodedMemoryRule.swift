/// `decoded-memory`: decoded, the image takes the extension's whole memory (error) or over
/// half of it (warning); every widget rendered at once shares that memory.
public struct DecodedMemoryRule: CheckRule {
    /// The rule.
    public init() {}

    /// The rule's id, summary, level, rationale and examples.
    public var description: RuleDescription {
        RuleDescription(
            id: "decoded-memory",
            summary: "Decoded image too large for the widget extension's memory",
            defaultLevel: .error,
            rationale: "the decoded bitmap against the extension's memory limit (error at 100%, warning over 50%)",
            triggeringExamples: [
                RuleExample("a 4000x4000 photo decodes to 64 MB", ImageFacts(path: "photo.jpg", size: PixelSize(width: 4000, height: 4000),
                                                                            fileBytes: 2_000_000), families: [.systemSmall]),
            ],
            nonTriggeringExamples: [
                RuleExample("a 600x600 image decodes to 1.4 MB", ImageFacts(path: "bg.png", size: PixelSize(width: 600, height: 600),
                                                                           fileBytes: 200_000), families: [.systemSmall]),
            ])
    }

    /// The findings of this rule for the image in `scope`.
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] {
        guard scope.isDrawn else { return [] }
        let drawing = scope.drawingRows
        let catalog = scope.context.catalog
        let limit = BitmapCost.memoryLimitBytes(of: drawing, in: catalog)
        let size = scope.facts.size
        let decoded = BitmapCost.decodedBytes(size, bytesPerPixel: scope.facts.bytesPerPixel)
        guard decoded * 2 > limit else { return [] }
        return [CheckFinding(
            file: scope.facts.path, rule: description.id, level: decoded >= limit ? .error : .warning,
            devices: scope.names(drawing.filter { catalog.memoryLimitBytes(for: $0.platform) == limit }),
            message: "decoded, \(size) takes \(TableText.grouped(decoded)) bytes, "
                + "\(TableText.fixed(Double(decoded) / Double(limit) * 100, 1))% of the widget extension's \(limit / 1_048_576) MB",
            detail: "shared by every widget rendered at once\(scope.facts.note.map { "; \($0)" } ?? "")",
            fix: scope.inPlaceFix(),
            numbers: FindingNumbers(pixels: size, scale: scope.facts.scale, bytes: decoded, limitBytes: limit,
                                    deviceIDs: scope.deviceIDs(drawing.filter { catalog.memoryLimitBytes(for: $0.platform) == limit })))]
    }
}
