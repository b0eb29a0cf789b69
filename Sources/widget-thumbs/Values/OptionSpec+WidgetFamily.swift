import WidgetThumbnails

extension OptionSpec {
    /// `--family <family>`, optional, its values the WidgetKit family names. Shared by every
    /// command that sizes or reports for one family.
    static func widgetFamily(help: String) -> OptionSpec {
        .value("family", valueName: "family", presence: .optional,
               allowedValues: WidgetFamily.allCases.map(\.rawValue), help: help)
    }
}
