/// One thing `check` looks for, as a value: what it is called, what it says, how loud it is by
/// default, why it matters, and examples that are the rule's own tests (WidgetRulesTests runs
/// every rule on its examples). A rule is registered by one row in `CheckRules.all`; the
/// command's help and SARIF's rule list are made from these descriptions.
public protocol CheckRule: Sendable {
    /// The rule's id, summary, level, rationale and examples.
    var description: RuleDescription { get }
    /// The findings of this rule for one image in its scope (none when it does not apply).
    func evaluate(_ scope: CheckScope) -> [CheckFinding]
}

/// How loud a finding is. An error fails the run (exit 1); a warning and a note do not.
public enum CheckLevel: String, Sendable, Codable, CaseIterable {
    /// Fails the run: the widget breaks on a device the check covers.
    case error
    /// A risk or a loss of quality; the run passes.
    case warning
    /// Information: nothing is wrong.
    case note
}

/// What a rule says about itself: written once, used for help, SARIF and tests.
public struct RuleDescription: Sendable {
    /// The rule id of SARIF, GitHub annotations and the config's `ignore` (`archival-cap`).
    public let id: String
    /// One line: what a finding of this rule means.
    public let summary: String
    /// The level a finding usually has (a rule may raise or lower one by what it measured).
    public let defaultLevel: CheckLevel
    /// When the rule fires and why it matters, for the command's help.
    public let rationale: String
    /// Images the rule must report.
    public let triggeringExamples: [RuleExample]
    /// Images the rule must leave alone.
    public let nonTriggeringExamples: [RuleExample]

    /// A description; the examples default to none (a rule the engine reports itself).
    public init(id: String, summary: String, defaultLevel: CheckLevel, rationale: String,
                triggeringExamples: [RuleExample] = [], nonTriggeringExamples: [RuleExample] = []) {
        self.id = id
        self.summary = summary
        self.defaultLevel = defaultLevel
        self.rationale = rationale
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// An image and the options it is checked with: a rule's example.
public struct RuleExample: Sendable {
    /// What the example shows.
    public let note: String
    /// The image.
    public let facts: ImageFacts
    /// `--families`, or nil for the default.
    public let families: [WidgetFamily]?
    /// `--entries`, or nil.
    public let entries: Int?
    /// `--platform`, or empty for the catalogue's default devices.
    public let platforms: [Platform]

    /// An example checked against `families` (nil: the default) on the default devices, or
    /// those of `platforms`.
    public init(_ note: String, _ facts: ImageFacts, families: [WidgetFamily]? = nil, entries: Int? = nil,
                platforms: [Platform] = []) {
        self.note = note
        self.facts = facts
        self.families = families
        self.entries = entries
        self.platforms = platforms
    }

    /// The context the example is checked in: the built-in catalogue.
    public var context: CheckContext {
        let selection = DeviceSelection(names: [], platforms: platforms, osVersion: nil)
        let devices = (try? WidgetCatalog.builtIn.devices(selection)) ?? WidgetCatalog.builtIn.currentDevices
        return CheckContext(catalog: .builtIn, devices: devices, selection: selection, families: families, entries: entries)
    }
}
