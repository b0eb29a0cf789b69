/// WidgetKit on iOS, iPadOS, macOS, watchOS and visionOS: the rules that already live in
/// `Sizing/`, `Limits/` and `Logs/`, gathered behind `WidgetPlatform`. The device rows are the
/// catalogue's (`WidgetCatalog.devices`).
public struct WidgetKitPlatform: WidgetPlatform {
    /// A value with no state: the rules are the catalogue's and the library's constants.
    public init() {}

    /// Each Apple platform's name (`Platform`).
    public var names: [String] { Platform.allCases.map(\.rawValue) }

    /// "WidgetKit (iOS, iPadOS, macOS, watchOS, visionOS)".
    public var title: String { "WidgetKit (" + names.joined(separator: ", ") + ")" }

    /// The archival cap: a multiple of the slot's pixel area per cap rule (`WidgetCatalog.CapRule`).
    public var imageLimit: PlatformRule {
        PlatformRule(summary: "an image's pixel area is at most its slot's archival cap: the slot's area times the cap rule's multiplier "
                         + "(over it, the widget shows its placeholder)",
                     source: "Data/widget-catalog.json capRules: each rule's reference (logged imageTooLarge and totalArea lines)")
    }

    /// The widget extension's memory limit per platform (`WidgetCatalog.memoryLimits`, `BitmapCost`).
    public var memoryRule: PlatformRule {
        PlatformRule(summary: "every image the extension decodes counts width x height x 4 bytes (8 for 16-bit or wide colour) "
                         + "against the extension's memory limit: " + WidgetCatalog.builtIn.memoryLimitPhrases.joined(separator: ", "),
                     source: "Data/widget-catalog.json memoryLimits: each limit's reference")
    }

    /// chronod's timeline archive limit (`TimelineBudget`).
    public var transferLimit: TransferLimit {
        TransferLimit(bytes: TimelineBudget.limitBytes, what: "a timeline's archive: every entry with the images it carries",
                      source: TimelineBudget.limitSource)
    }

    /// The words of WidgetKit's archival, timeline, memory and ChronoServices lines.
    public var logKeyWords: [String] { WidgetLogEvent.widgetKitKeyWords }

    /// WidgetKit's failure in `line` (`WidgetLogEvent.parseWidgetKit`).
    public func logEvent(in line: Substring) -> WidgetLogEvent? { WidgetLogEvent.parseWidgetKit(line) }
}
