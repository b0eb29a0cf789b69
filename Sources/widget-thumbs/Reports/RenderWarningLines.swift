import WidgetThumbnails

/// How a rendering-mode warning is printed on standard error, by `thumbnail` and `batch`:
/// `widget-thumbs: warning: <input> (<family>): <message>`, one line each, the input escaped.
enum RenderWarningLines {
    /// The lines for `warnings` of `input`'s output for `family`.
    static func lines(input: String, family: WidgetFamily?, warnings: [RenderWarning]) -> [String] {
        let name = DisplayText.escaped(input) + (family.map { " (\($0.rawValue))" } ?? "")
        return warnings.map { "\(WidgetThumbs.name): warning: \(name): \($0.message)" }
    }
}
