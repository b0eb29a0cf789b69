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

    /// What ends the output.
    public func finish(_ summary: CheckSummary) -> CheckOutput {
        let ids = CheckRules.ids
        let results = Self.grouped(summary.findings).map { group in
            let first = group[0]
            let level = [CheckLevel.error, .warning, .note].first { level in group.contains { $0.level == level } } ?? first.level
            let message = group.count == 1 ? first.fullMessage
                : group.map { ($0.family.map { "\($0.rawValue): " } ?? "") + $0.fullMessage }.joined(separator: " | ")
            let suppressed = group.allSatisfy { $0.suppressed != nil } ? first.suppressed : nil
            return SARIF.Result(ruleId: first.rule, ruleIndex: ids.firstIndex(of: first.rule) ?? ids.count, level: level.rawValue,
                                message: .init(text: DisplayText.guarded(message)),
                                locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: Self.uri(first.file))))],
                                partialFingerprints: Self.fingerprint(rule: first.rule, file: first.file),
                                suppressions: suppressed.map { [SARIF.Suppression(justification: $0)] })
        } + summary.unchecked.map { item in
            SARIF.Result(ruleId: Self.notCheckedID, ruleIndex: ids.count, level: "note", message: .init(text: DisplayText.guarded(item.reason)),
                         locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: Self.uri(item.path))))],
                         partialFingerprints: Self.fingerprint(rule: Self.notCheckedID, file: item.path), suppressions: nil)
        }
        let descriptors = CheckRules.descriptions.map { rule in
            SARIF.Rule(id: rule.id, shortDescription: .init(text: rule.summary), defaultConfiguration: .init(level: rule.defaultLevel.rawValue))
        } + [SARIF.Rule(id: Self.notCheckedID, shortDescription: .init(text: "Vector or non-image asset, listed but not checked"),
                        defaultConfiguration: .init(level: "note"))]
        let driver = SARIF.Driver(name: summary.toolName, version: summary.toolVersion, rules: descriptors)
        return .document(SARIF(runs: [.init(tool: .init(driver: driver), results: results)]))
    }

    /// The findings by file and rule, in the order each pair first came: one SARIF result
    /// each (a file over its cap in four families is one alert, not four).
    static func grouped(_ findings: [CheckFinding]) -> [[CheckFinding]] {
        var order: [String: Int] = [:]
        var groups: [[CheckFinding]] = []
        for finding in findings {
            let key = finding.rule + "\u{0}" + finding.file
            if let index = order[key] { groups[index].append(finding) } else {
                order[key] = groups.count
                groups.append([finding])
            }
        }
        return groups
    }

    /// What code scanning matches an alert across runs by: the rule and the file, hashed
    /// (FNV-1a, 64 bits), so an alert stays the same alert while its figures change.
    static func fingerprint(rule: String, file: String) -> [String: String] {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in RawPath.encode(rule + "\u{0}" + CheckConfig.normalized(file)) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return ["widgetThumbs/v1": String(repeating: "0", count: 16 - hex.count) + hex]
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
            var partialFingerprints: [String: String]
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
