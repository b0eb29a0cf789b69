/// `unreadable`: a file that cannot be read as an image, or a path that cannot be read at all.
/// The engine reports it when the read fails (there are no facts to evaluate), through
/// `finding(_:reason:)`, so its id and level are stated here once.
public struct UnreadableRule: CheckRule {
    /// The rule.
    public init() {}

    /// The rule's id, summary, level, rationale and examples.
    public var description: RuleDescription {
        RuleDescription(id: "unreadable", summary: "File that cannot be read as an image", defaultLevel: .error,
                        rationale: "a file that cannot be read as an image, or a path that cannot be read")
    }

    /// Nothing: a file that was read has facts, and is not unreadable.
    public func evaluate(_ scope: CheckScope) -> [CheckFinding] { [] }

    /// The finding for `path`, which could not be read for `reason` (escaped by the caller).
    public static func finding(_ path: String, reason: String) -> CheckFinding {
        CheckFinding(file: path, rule: UnreadableRule().description.id, level: .error, message: reason)
    }
}
