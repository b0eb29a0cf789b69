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
        errors = findings.filter { $0.level == .error && $0.suppressed == nil }.count
        warnings = findings.filter { $0.level == .warning && $0.suppressed == nil }.count
        suppressed = findings.filter { $0.suppressed != nil }.count
    }

    var summary: String {
        "\(images) image(s) checked: \(errors) error(s), \(warnings) warning(s), \(suppressed) suppressed by the config, "
            + "\(unchecked.count) not checked"
    }

    var text: String {
        var lines: [String] = []
        for finding in findings {
            let family = finding.family.map { " (\($0.rawValue))" } ?? ""
            let ignored = finding.suppressed.map { " [ignored: \(DisplayText.escaped($0))]" } ?? ""
            lines.append("\(finding.level.rawValue): \(DisplayText.escaped(finding.file))\(family): [\(finding.rule.rawValue)] "
                + DisplayText.guarded(finding.fullMessage) + ignored)
        }
        for item in unchecked {
            lines.append("not checked: \(DisplayText.escaped(item.path)): \(DisplayText.guarded(item.reason))")
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// GitHub Actions workflow commands: `::error file=F,title=T::message`, one per finding.
    var github: String {
        var lines: [String] = []
        for finding in findings where finding.suppressed == nil {
            let command = switch finding.level {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            let title = finding.rule.rawValue + (finding.family.map { " (\($0.rawValue))" } ?? "")
            lines.append("::\(command) file=\(Self.property(finding.file)),title=\(Self.property(title))::\(Self.data(finding.fullMessage))")
        }
        for item in unchecked {
            lines.append("::notice file=\(Self.property(item.path)),title=not-checked::\(Self.data(item.reason))")
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// A workflow command's message: `%`, CR and LF escaped (GitHub's rules), terminal controls too.
    static func data(_ text: String) -> String {
        DisplayText.guarded(text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// A workflow command's property value: also `:` and `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
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
