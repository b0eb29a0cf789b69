import WidgetThumbnails

/// What `verify` prints: the committed revision, whether it is clean, and each finding.
struct VerifyReport: Encodable {
    struct Finding: Encodable {
        var kind: String
        var path: String
        var detail: String
    }

    var revision: UInt64?
    var clean: Bool
    var problems: [Finding]
    var warnings: [Finding]

    init(_ report: VerificationReport) {
        revision = report.revision
        clean = report.isClean
        problems = report.problems.map(Self.finding)
        warnings = report.warnings.map(Self.finding)
    }

    private static func finding(_ finding: VerificationReport.Finding) -> Finding {
        Finding(kind: finding.kind.rawValue, path: finding.path, detail: finding.detail)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(clean, forKey: .clean)
        try container.encode(problems, forKey: .problems)
        try container.encode(warnings, forKey: .warnings)
    }

    private enum CodingKeys: String, CodingKey {
        case revision, clean, problems, warnings
    }

    /// One line per finding (`problem: <path>: <kind>: <detail>`), then a summary. Paths and
    /// details come from the container (file names, JSON), so they are shown escaped.
    var lines: String {
        func line(_ label: String, _ finding: Finding) -> String {
            "\(label): \(StoreText.shown(finding.path)): \(finding.kind): \(StoreText.described(finding.detail))"
        }
        let findings = problems.map { line("problem", $0) } + warnings.map { line("warning", $0) }
        let subject = revision.map { "revision \($0)" } ?? "no committed revision"
        let verdict = clean ? "clean" : Self.count(problems.count, "problem")
        let summary = "\(subject): \(verdict), \(Self.count(warnings.count, "warning"))"
        return (findings + [summary]).joined(separator: "\n")
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
