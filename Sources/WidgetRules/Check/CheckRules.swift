/// Every `check` rule, one row each: a new rule adds its file in `Rules/` and a row here (as a
/// new input format adds its folder and a row in the decoders' table).
public enum CheckRules {
    /// The rules, in the order their findings are made for an image.
    public static let all: [any CheckRule] = [
        ArchivalCapRule(),
        UndersizedRule(),
        AppearanceRule(),
        DecodedMemoryRule(),
        FileBytesRule(),
        TimelineArchiveRule(),
        NotDrawnRule(),
        UnreadableRule(),
    ]

    /// The rules over a project's widgets rather than one image (`AndroidSlotRule`, over what
    /// the engine's Android reader finds): described here so help, SARIF and the config know
    /// them too.
    public static let projectRules: [RuleDescription] = [AndroidSlotRule().description]

    /// Every rule's description: the image rules, then the project rules.
    public static var descriptions: [RuleDescription] { all.map(\.description) + projectRules }

    /// The rule ids, in order.
    public static var ids: [String] { descriptions.map(\.id) }

    /// The image rule with `id`, or nil.
    public static func rule(id: String) -> (any CheckRule)? {
        all.first { $0.description.id == id }
    }

    /// Every rule's findings for one image; a level quieter each for an image that may not be
    /// drawn at all (`ImageFacts.mayNotBeDrawn`).
    public static func evaluate(_ facts: ImageFacts, in context: CheckContext, plans: CheckPlans) -> [CheckFinding] {
        let scope = CheckScope(facts, in: context, plans: plans)
        let findings = all.flatMap { $0.evaluate(scope) }
        guard facts.mayNotBeDrawn else { return findings }
        return findings.map { finding in
            var quieter = finding
            quieter.level = finding.level == .error ? .warning : .note
            quieter.detail = [finding.detail, facts.drawnEvidence].compactMap { $0 }.joined(separator: "; ")
            return quieter
        }
    }
}

/// The findings of a run counted as they come, with the config's suppressions applied: what
/// every reporter ends with.
public struct CheckTally: Sendable, Encodable {
    /// Images checked.
    public var images = 0
    /// Unsuppressed errors (the run fails when there is one).
    public var errors = 0
    /// Unsuppressed warnings.
    public var warnings = 0
    /// Unsuppressed notes (the text reporter prints them with `--verbose`).
    public var notes = 0
    /// Findings an `ignore` entry suppressed.
    public var suppressed = 0
    /// Images with an error that `check --fix` would rewrite in place.
    public var fixable = 0

    /// Nothing counted yet.
    public init() {}

    /// `finding` with the config's suppression applied, counted.
    public mutating func count(_ finding: CheckFinding, config: CheckConfig) -> CheckFinding {
        var finding = finding
        finding.suppressed = config.ignore(finding.rule, at: finding.file)?.reason
        if finding.suppressed != nil {
            suppressed += 1
        } else if finding.level == .error {
            errors += 1
        } else if finding.level == .warning {
            warnings += 1
        } else {
            notes += 1
        }
        return finding
    }
}

/// A whole run: the counts, the findings a document reporter holds (empty for a line reporter,
/// which printed them as they came), and what was not checked.
public struct CheckSummary: Sendable {
    /// The counts.
    public var tally: CheckTally
    /// The findings, for the document reporters.
    public var findings: [CheckFinding]
    /// What was listed but not checked.
    public var unchecked: [UncheckedAsset]
    /// What `check --fix` rewrote.
    public var fixed: [FixedImage] = []
    /// The widget targets a project gave (empty for plain folders and files).
    public var targets: [CheckedTarget] = []
    /// Images in the checked projects that no widget target bundles (counted, not checked).
    public var outsideTargets = 0
    /// The program that checked, as SARIF names its driver.
    public var toolName: String
    /// Its version.
    public var toolVersion: String

    /// A summary of a run by `toolName` `toolVersion`.
    public init(tally: CheckTally, findings: [CheckFinding], unchecked: [UncheckedAsset], toolName: String, toolVersion: String) {
        self.tally = tally
        self.findings = findings
        self.unchecked = unchecked
        self.toolName = toolName
        self.toolVersion = toolVersion
    }

    /// The closing line of the text reporters.
    public var line: String {
        "\(tally.images) image(s) checked: \(tally.errors) error(s), \(tally.warnings) warning(s), \(tally.notes) note(s), "
            + "\(tally.suppressed) suppressed by the config, \(unchecked.count) not checked"
            + (fixed.isEmpty ? "" : ", \(fixed.count) rewritten by --fix")
    }

    /// The lines that say what a project gave: each widget target, then the images left out.
    public var projectLines: [String] {
        targets.map(\.line)
            + (targets.isEmpty ? [] : ["\(TableText.grouped(outsideTargets)) image(s) in other targets or in no target: not checked"])
    }
}
