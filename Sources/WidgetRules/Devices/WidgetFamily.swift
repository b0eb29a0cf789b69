/// WidgetKit's widget families (the names match `WidgetFamily`'s cases in Swift). Which
/// platform offers which family, at what size, is the catalogue's (`WidgetCatalog`).
public enum WidgetFamily: String, Sendable, Codable, CaseIterable {
    /// The small square widget.
    case systemSmall
    /// The wide widget.
    case systemMedium
    /// The large square widget.
    case systemLarge
    /// The extra-large landscape widget (iPad, Mac, visionOS).
    case systemExtraLarge
    /// The extra-large portrait widget (visionOS 26; iOS, iPadOS and macOS 27).
    case systemExtraLargePortrait
    /// The round accessory (Lock Screen, watch face, visionOS 27).
    case accessoryCircular
    /// The rectangular accessory (Lock Screen, watch Smart Stack, visionOS 27).
    case accessoryRectangular
    /// The one-line accessory (Lock Screen, watch face).
    case accessoryInline
    /// The watch face's corner complication.
    case accessoryCorner

    /// The Lock Screen and watch-face families, drawn in vibrant or accented modes where only
    /// opacity and grey level carry anything.
    public var isAccessory: Bool {
        switch self {
        case .accessoryCircular, .accessoryRectangular, .accessoryInline, .accessoryCorner: true
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .systemExtraLargePortrait: false
        }
    }

    /// The short name: `systemSmall` -> `small`, `accessoryCircular` -> `circular`.
    public var shortName: String {
        var name = rawValue
        for prefix in ["system", "accessory"] where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// The family named in full (`systemSmall`) or by its short name (`small`), as
    /// `--families` and the config write them.
    public init?(name: String) {
        guard let family = WidgetFamily(rawValue: name) ?? WidgetFamily.allCases.first(where: { $0.shortName == name }) else {
            return nil
        }
        self = family
    }
}
