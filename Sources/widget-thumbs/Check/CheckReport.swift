import Foundation
import WidgetThumbnails

/// `check`'s findings in each output: text lines, one JSON document, SARIF 2.1.0 and GitHub
/// Actions workflow commands. Text from the files (names) is escaped in every one.
struct CheckReport: Encodable {
    var images: Int
    var errors: Int
    var warnings: Int
    var suppressed: Int
    var findings: [CheckFinding]
    var unchecked: [UncheckedAsset]

    init(run: CheckRun, unchecked: [UncheckedAsset]) {
        images = run.checked
        findings = run.findings
        self.unchecked = unchecked
        errors = run.errors
        warnings = run.warnings
        suppressed = run.suppressed
    }

    var summary: String {
        "\(images) image(s) checked: \(errors) error(s), \(warnings) warning(s), \(suppressed) suppressed by the config, "
            + "\(unchecked.count) not checked"
    }

    /// One finding as a text line.
    static func textLine(_ finding: CheckFinding) -> String {
        let family = finding.family.map { " (\($0.rawValue))" } ?? ""
        let ignored = finding.suppressed.map { " [ignored: \(DisplayText.escaped($0))]" } ?? ""
        return "\(finding.level.rawValue): \(DisplayText.escaped(finding.file))\(family): [\(finding.rule.rawValue)] "
            + DisplayText.guarded(finding.fullMessage) + ignored
    }

    /// One finding as a GitHub workflow command, or nil for a suppressed one.
    static func githubLine(_ finding: CheckFinding) -> String? {
        guard finding.suppressed == nil else { return nil }
        let command = switch finding.level {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        let title = finding.rule.rawValue + (finding.family.map { " (\($0.rawValue))" } ?? "")
        return "::\(command) file=\(property(finding.file)),title=\(property(title))::\(data(finding.fullMessage))"
    }

    /// The text output after the streamed findings: the unchecked assets and the summary.
    var textTail: String {
        (unchecked.map { "not checked: \(DisplayText.escaped($0.path)): \(DisplayText.guarded($0.reason))" } + [summary])
            .joined(separator: "\n")
    }

    /// The GitHub output after the streamed findings.
    var githubTail: String {
        (unchecked.map { "::notice file=\(Self.property($0.path)),title=not-checked::\(Self.data($0.reason))" } + [summary])
            .joined(separator: "\n")
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

    // MARK: - SARIF 2.1.0

    struct SARIF: Encodable {
        struct Run: Encodable {
            var tool: Tool
            var results: [Result]
        }
        struct Tool: Encodable { var driver: Driver }
        struct Driver: Encodable {
            var name = WidgetThumbs.name
            var version = WidgetThumbs.version
            var rules: [Rule]
        }
        struct Rule: Encodable {
            var id: String
            var shortDescription: Message
            var defaultConfiguration: Configuration
        }
        struct Configuration: Encodable { var level: String }
        struct Message: Encodable { var text: String }
        struct Result: Encodable {
            var ruleId: String
            var ruleIndex: Int
            var level: String
            var message: Message
            var locations: [Location]
            var suppressions: [Suppression]?
        }
        struct Location: Encodable { var physicalLocation: PhysicalLocation }
        struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation }
        struct ArtifactLocation: Encodable { var uri: String }
        struct Suppression: Encodable {
            var kind = "external"
            var justification: String
        }

        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]

        private enum CodingKeys: String, CodingKey {
            case version, schema = "$schema", runs
        }
    }

    var sarif: SARIF {
        let rules = CheckRule.allCases
        let results = findings.map { finding in
            SARIF.Result(ruleId: finding.rule.rawValue, ruleIndex: rules.firstIndex(of: finding.rule)!, level: finding.level.rawValue,
                         message: .init(text: DisplayText.guarded(finding.fullMessage)),
                         locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: Self.uri(finding.file))))],
                         suppressions: finding.suppressed.map { [SARIF.Suppression(justification: $0)] })
        } + unchecked.map { item in
            SARIF.Result(ruleId: "not-checked", ruleIndex: rules.count, level: "note", message: .init(text: item.reason),
                         locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: Self.uri(item.path))))],
                         suppressions: nil)
        }
        let descriptors = rules.map { rule in
            SARIF.Rule(id: rule.rawValue, shortDescription: .init(text: rule.summary),
                       defaultConfiguration: .init(level: Self.defaultLevel(rule)))
        } + [SARIF.Rule(id: "not-checked", shortDescription: .init(text: "Vector or non-image asset, listed but not checked"),
                        defaultConfiguration: .init(level: "note"))]
        return SARIF(runs: [.init(tool: .init(driver: .init(rules: descriptors)), results: results)])
    }

    static func defaultLevel(_ rule: CheckRule) -> String {
        switch rule {
        case .archivalCap, .decodedMemory, .timelineArchive, .unreadable: "error"
        case .undersized, .fileBytes, .appearance: "warning"
        case .notDrawn: "note"
        }
    }

    /// A relative path as a relative URI reference (percent-encoded); an absolute one as a file URI.
    static func uri(_ path: String) -> String {
        let encoded = CheckConfig.normalized(path).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
