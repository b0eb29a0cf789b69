/// GitHub Actions workflow commands (`::error file=...::message`), shown as annotations on a
/// pull request; a suppressed finding is not annotated. GitHub shows at most
/// `annotationsShown` annotations of each level in a step and drops the rest without a word,
/// so the findings are held to the end and printed errors first, and what was not annotated is
/// counted on a line of its own.
public struct GitHubReporter: CheckReporter {
    /// The name `--reporter` takes.
    public static let identifier = "github"
    /// Whether findings are printed as they are made: no, errors go first.
    public static let isRealtime = false
    /// The annotations of one level GitHub shows in one step (its documented limit).
    public static let annotationsShown = 10
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

    /// The annotations, errors first then warnings then notes, at most `annotationsShown` of
    /// each; the count of those left out; what was not checked; the counts.
    public func finish(_ summary: CheckSummary) -> CheckOutput {
        var lines: [String] = []
        var leftOut: [String] = []
        for level in [CheckLevel.error, .warning, .note] {
            let annotated = summary.findings.filter { $0.level == level }.compactMap(line(for:))
            lines += annotated.prefix(Self.annotationsShown)
            if annotated.count > Self.annotationsShown { leftOut.append("\(annotated.count - Self.annotationsShown) \(level.rawValue)(s)") }
        }
        let notes = summary.unchecked.map { "::notice file=\(Self.property($0.path)),title=not-checked::\(Self.data($0.reason))" }
        lines += notes.prefix(max(0, Self.annotationsShown - lines.count { $0.hasPrefix("::notice") }))
        if !leftOut.isEmpty {
            lines.append("widget-thumbs: \(leftOut.joined(separator: ", ")) not shown as annotations (GitHub shows "
                         + "\(Self.annotationsShown) of each level in a step); the text or SARIF output lists every finding")
        }
        return .text((lines + [summary.line]).joined(separator: "\n"))
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
