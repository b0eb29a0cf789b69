import WidgetThumbnails

/// How a rendering-mode warning is printed on standard error, by `thumbnail` and `batch`:
/// `widget-thumbs: warning: <input> (<family>): <message>`, one line each, the input escaped.
enum RenderWarningLines {
    /// The lines for `warnings` of `input`'s output for `family`.
    static func lines(input: String, family: WidgetFamily?, warnings: [RenderWarning]) -> [String] {
        lines(input: input, output: family?.rawValue, warnings: warnings)
    }

    /// The same with the output named by `output` (a family, or a `--per-device` variant such
    /// as `accessoryCircular-112x112`, so the variants of one family are told apart).
    static func lines(input: String, output: String?, warnings: [RenderWarning]) -> [String] {
        let name = DisplayText.escaped(input) + (output.map { " (\($0))" } ?? "")
        return warnings.map { "\(WidgetThumbs.name): warning: \(name): \($0.message)" }
    }

    /// The line for an input decoded around its damage (`Thumbnail.damage`), the decoder's
    /// words escaped: `widget-thumbs: warning: <input>: the input is damaged (...)...`.
    static func damageLine(input: String, damage: String) -> String {
        "\(WidgetThumbs.name): warning: \(DisplayText.escaped(input)): \(DisplayText.escaped(InputDamage.message(damage)))"
    }
}
