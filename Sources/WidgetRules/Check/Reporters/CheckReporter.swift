/// How `check` prints: a reporter is a type with a name (`--reporter NAME`), and either prints
/// each finding as it is made (`isRealtime`: memory stays flat however many images) or holds
/// them for one document at the end. Every text from the checked tree is escaped for where it
/// goes (terminal, JSON, SARIF, GitHub workflow commands) inside the reporter.
public protocol CheckReporter: Sendable {
    /// The name `--reporter` takes.
    static var identifier: String { get }
    /// Prints findings as they come (the line reporters) rather than one document at the end.
    static var isRealtime: Bool { get }
    /// A reporter.
    init()
    /// What is printed for `finding` as it is made (realtime reporters; nil: nothing).
    func line(for finding: CheckFinding) -> String?
    /// What ends the output.
    func finish(_ summary: CheckSummary) -> CheckOutput
}

extension CheckReporter {
    /// Nothing as findings come: a document reporter prints them all at the end.
    public func line(for finding: CheckFinding) -> String? { nil }
}

/// What a reporter ends with: lines of text, or one document the caller encodes as JSON.
public enum CheckOutput: Sendable {
    /// Text, printed as it is (already escaped).
    case text(String)
    /// A JSON document.
    case document(any Encodable & Sendable)
}

/// The reporters, one row each.
public enum CheckReporters {
    /// Every reporter; the first is the default.
    public static let all: [any CheckReporter.Type] = [TextReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self]

    /// The reporter called `identifier`, or nil.
    public static func reporter(named identifier: String) -> (any CheckReporter.Type)? {
        all.first { $0.identifier == identifier }
    }
}

/// One short line a finding: `LEVEL: FILE (FAMILY): [RULE] MESSAGE`; with `verbose`, the
/// detail, every device and the fix on indented lines under it, and the notes. Then what was
/// not checked (with `verbose`; else counted) and the counts.
public struct TextReporter: CheckReporter {
    /// The name `--reporter` takes.
    public static let identifier = "text"
    /// Whether findings are printed as they are made.
    public static let isRealtime = true
    /// Also print each finding's detail, devices and fix (`check --verbose`).
    public var verbose = false

    /// A reporter of short lines.
    public init() {}

    /// A reporter, verbose or not.
    public init(verbose: Bool) { self.verbose = verbose }

    /// The line printed for `finding` (nil: none; a note only with `verbose`).
    public func line(for finding: CheckFinding) -> String? {
        guard verbose || finding.level != .note || finding.suppressed != nil else { return nil }
        let family = finding.family.map { " (\($0.rawValue))" } ?? ""
        let ignored = finding.suppressed.map { " [ignored: \(DisplayText.escaped($0))]" } ?? ""
        var text = "\(finding.level.rawValue): \(DisplayText.escaped(finding.file))\(family): [\(finding.rule)] "
            + DisplayText.guarded(finding.message) + ignored
        guard verbose else { return text }
        if let detail = finding.detail { text += "\n    " + DisplayText.guarded(detail) }
        if !finding.devices.isEmpty { text += "\n    on: " + DisplayText.guarded(finding.devices.joined(separator: "; ")) }
        if let fix = finding.fix { text += "\n    fix: \(fix)" }
        return text
    }

    /// What ends the output.
    public func finish(_ summary: CheckSummary) -> CheckOutput {
        .text(((verbose ? summary.unchecked.map { "not checked: \(DisplayText.escaped($0.path)): \(DisplayText.guarded($0.reason))" } : [])
            + summary.projectLines + summary.fixed.map(\.line) + [summary.line]).joined(separator: "\n"))
    }
}

/// One JSON document: the counts, every finding and what was not checked.
public struct JSONReporter: CheckReporter {
    /// The name `--reporter` takes.
    public static let identifier = "json"
    /// Whether findings are printed as they are made.
    public static let isRealtime = false
    /// A reporter.
    public init() {}

    /// The document.
    struct Document: Encodable, Sendable {
        var images: Int
        var errors: Int
        var warnings: Int
        var suppressed: Int
        var findings: [CheckFinding]
        var unchecked: [UncheckedAsset]
        var fixed: [FixedImage]
        var targets: [CheckedTarget]
        var outsideTargets: Int
    }

    /// What ends the output.
    public func finish(_ summary: CheckSummary) -> CheckOutput {
        .document(Document(images: summary.tally.images, errors: summary.tally.errors, warnings: summary.tally.warnings,
                           suppressed: summary.tally.suppressed, findings: summary.findings, unchecked: summary.unchecked,
                           fixed: summary.fixed, targets: summary.targets, outsideTargets: summary.outsideTargets))
    }
}
