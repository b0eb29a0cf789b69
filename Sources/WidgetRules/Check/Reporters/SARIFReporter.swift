/// One SARIF 2.1.0 document (GitHub code scanning, CI dashboards): the rule list made from the
/// rules' descriptions, a result per finding (suppressions with the config's reason) and a note
/// per asset not checked.
public struct SARIFReporter: CheckReporter {
    /// The name `--reporter` takes.
    public static let identifier = "sarif"
    /// Whether findings are printed as they are made.
    public static let isRealtime = false
    /// A reporter.
    public init() {}

    /// The rule id of an asset listed but not checked (not a rule: nothing is evaluated).
    static let notCheckedID = "not-checked"

    /// The line printed for `finding` (nil: none).
    public func line(for finding: CheckFinding) -> String? { nil }

    /// What ends the output.
    public func finish(_ summary: CheckSummary) -> CheckOutput {
        let ids = CheckRules.ids
        let results = summary.findings.map { finding in
            SARIF.Result(ruleId: finding.rule, ruleIndex: ids.firstIndex(of: finding.rule) ?? ids.count, level: finding.level.rawValue,
                         message: .init(text: DisplayText.guarded(finding.fullMessage)),
                         locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: Self.uri(finding.file))))],
                         suppressions: finding.suppressed.map { [SARIF.Suppression(justification: $0)] })
        } + summary.unchecked.map { item in
            SARIF.Result(ruleId: Self.notCheckedID, ruleIndex: ids.count, level: "note", message: .init(text: DisplayText.guarded(item.reason)),
                         locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: Self.uri(item.path))))],
                         suppressions: nil)
        }
        let descriptors = CheckRules.all.map { rule in
            SARIF.Rule(id: rule.description.id, shortDescription: .init(text: rule.description.summary),
                       defaultConfiguration: .init(level: rule.description.defaultLevel.rawValue))
        } + [SARIF.Rule(id: Self.notCheckedID, shortDescription: .init(text: "Vector or non-image asset, listed but not checked"),
                        defaultConfiguration: .init(level: "note"))]
        let driver = SARIF.Driver(name: summary.toolName, version: summary.toolVersion, rules: descriptors)
        return .document(SARIF(runs: [.init(tool: .init(driver: driver), results: results)]))
    }

    /// A relative path as a relative URI reference (percent-encoded bytes); an absolute one as
    /// a file URI.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in RawPath.encode(CheckConfig.normalized(path)) {
            if pathAllowed.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// RFC 3986's characters of a path: unreserved, sub-delims, `:`, `@` and `/`.
    private static let pathAllowed: Set<UInt8> = {
        var allowed = Set("-._~!$&'()*+,;=:@/".utf8)
        allowed.formUnion(UInt8(ascii: "0")...UInt8(ascii: "9"))
        allowed.formUnion(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        allowed.formUnion(UInt8(ascii: "a")...UInt8(ascii: "z"))
        return allowed
    }()

    /// The SARIF 2.1.0 document, as typed values.
    struct SARIF: Encodable, Sendable {
        struct Run: Encodable, Sendable {
            var tool: Tool
            var results: [Result]
        }
        struct Tool: Encodable, Sendable { var driver: Driver }
        struct Driver: Encodable, Sendable {
            var name: String
            var version: String
            var rules: [Rule]
        }
        struct Rule: Encodable, Sendable {
            var id: String
            var shortDescription: Message
            var defaultConfiguration: Configuration
        }
        struct Configuration: Encodable, Sendable { var level: String }
        struct Message: Encodable, Sendable { var text: String }
        struct Result: Encodable, Sendable {
            var ruleId: String
            var ruleIndex: Int
            var level: String
            var message: Message
            var locations: [Location]
            var suppressions: [Suppression]?
        }
        struct Location: Encodable, Sendable { var physicalLocation: PhysicalLocation }
        struct PhysicalLocation: Encodable, Sendable { var artifactLocation: ArtifactLocation }
        struct ArtifactLocation: Encodable, Sendable { var uri: String }
        struct Suppression: Encodable, Sendable {
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
}
