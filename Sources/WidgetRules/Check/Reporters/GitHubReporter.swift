/// GitHub Actions workflow commands (`::error file=...::message`), shown as annotations on a
/// pull request; a suppressed finding is not annotated.
public struct GitHubReporter: CheckReporter {
    /// The name `--reporter` takes.
    public static let identifier = "github"
    /// Whether findings are printed as they are made.
    public static let isRealtime = true
    /// A reporter.
    public init() {}

    /// The line printed for `finding` (nil: none).
    public func line(for finding: CheckFinding) -> String? {
        guard finding.suppressed == nil else { return nil }
        let command = switch finding.level {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        let title = finding.rule + (finding.family.map { " (\($0.rawValue))" } ?? "")
        return "::\(command) file=\(Self.property(finding.file)),title=\(Self.property(title))::\(Self.data(finding.fullMessage))"
    }

    /// What ends the output.
    public func finish(_ summary: CheckSummary) -> CheckOutput {
        .text((summary.unchecked.map { "::notice file=\(Self.property($0.path)),title=not-checked::\(Self.data($0.reason))" }
            + [summary.line]).joined(separator: "\n"))
    }

    /// A workflow command's message: `%`, CR and LF escaped (GitHub's rules), terminal controls too.
    static func data(_ text: String) -> String { escapedForWorkflow(text, property: false) }

    /// A workflow command's property value: also `:` and `,`.
    static func property(_ text: String) -> String { escapedForWorkflow(text, property: true) }

    private static func escapedForWorkflow(_ text: String, property: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in DisplayText.guarded(text).unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
