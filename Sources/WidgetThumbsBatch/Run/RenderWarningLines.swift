import WidgetThumbnails

/// How a rendering-mode warning is printed on standard error, by `thumbnail` and `batch`:
/// `<program>: warning: <input> (<output>): <message>`, one line each, the input escaped.
package enum RenderWarningLines {
    /// The lines for `warnings` of `input`'s output named by `output` (a family, or a
    /// `--per-device` variant such as `accessoryCircular-112x112`, so the variants of one family
    /// are told apart).
    package static func lines(program: String, input: String, output: String?, warnings: [RenderWarning]) -> [String] {
        let name = DisplayText.escaped(input) + (output.map { " (\($0))" } ?? "")
        return warnings.map { "\(program): warning: \(name): \($0.message)" }
    }

    /// The line for an input decoded around its damage (`Thumbnail.damage`), the decoder's
    /// words escaped: `<program>: warning: <input>: the input is damaged (...)...`.
    package static func damageLine(program: String, input: String, damage: String) -> String {
        "\(program): warning: \(DisplayText.escaped(input)): \(DisplayText.escaped(InputDamage.message(damage)))"
    }
}

/// The rendering-mode warnings of a table run, grouped by kind (`--families all` over 17
/// photos printed 36 lines, which drowned the failures): a kind that one output earns prints
/// its usual line; a kind that several earn prints one line with their count and the first of
/// them in input order (never by timing). Each output's warnings stay in the JSON.
package final class WarningTally: Sendable {
    private struct Kind {
        var count: Int
        var first: (index: Int, part: Int)
        var input: String
        /// Which of its input's outputs (`BatchItemReport.outputLabel`).
        var output: String?
        var warning: RenderWarning
    }

    private let kinds = Locked([RenderWarning.Code: Kind]())

    package init() {}

    /// Counts the warnings of the `part`th output of the `index`th input.
    package func add(_ report: BatchItemReport, index: Int, part: Int) {
        for warning in report.appearance?.warnings ?? [] {
            let seen = Kind(count: 0, first: (index, part), input: report.input, output: report.outputLabel, warning: warning)
            kinds.withLock { kinds in
                var kind = kinds[warning.code] ?? seen
                kind.count += 1
                if (index, part) < kind.first { (kind.first, kind.input, kind.output, kind.warning) = (seen.first, seen.input, seen.output, warning) }
                kinds[warning.code] = kind
            }
        }
    }

    /// One line per kind, by kind name, headed by `program`.
    package func lines(program: String) -> [String] {
        kinds.withLock { $0.sorted { $0.key.rawValue < $1.key.rawValue } }.map { code, kind in
            let line = RenderWarningLines.lines(program: program, input: kind.input, output: kind.output,
                                                warnings: [kind.warning])[0]
            guard kind.count > 1 else { return line }
            let prefix = "\(program): warning: "
            return prefix + "\(code.rawValue) on \(kind.count) outputs (--json lists each), first " + line.dropFirst(prefix.count)
        }
    }
}
