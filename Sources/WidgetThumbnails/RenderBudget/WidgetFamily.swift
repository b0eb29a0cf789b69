/// WidgetKit's widget families (the names match `WidgetFamily`'s cases in Swift on iOS).
public enum WidgetFamily: String, Sendable, Codable, CaseIterable {
    /// The small square home-screen widget.
    case systemSmall
    /// The wide home-screen widget.
    case systemMedium
    /// The large square home-screen widget.
    case systemLarge
    /// The extra-large iPad home-screen widget.
    case systemExtraLarge
    /// The round Lock Screen accessory.
    case accessoryCircular
    /// The rectangular Lock Screen accessory.
    case accessoryRectangular
    /// The one-line Lock Screen accessory.
    case accessoryInline

    /// Home-screen families have a measured archival cap (4.4 x slot area); the Lock Screen
    /// accessory families do not, so we hold them to their slot's own area.
    public var archivalCapMultiplier: Double {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: 4.4
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: 1.0
        }
    }
}
