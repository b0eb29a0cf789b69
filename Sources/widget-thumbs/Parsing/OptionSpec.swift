/// One `--name` a command accepts: a flag (present or not) or an option that takes a value.
/// Declared once; the parser, the usage line and the help text all read it.
struct OptionSpec: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `--json`: present or absent, no value.
        case flag
        /// `--out <file.pam>`: takes one value, shown in help as `<valueName>`.
        case value(valueName: String)
    }

    /// Whether a value option must be given, and what it means when it is not.
    enum Presence: Sendable, Equatable {
        case required
        /// Absent means absent (the command decides what that means).
        case optional
        /// Absent means this value; help shows it as `default: ...`.
        case defaulted(String)
    }

    /// The long name without dashes, kebab-case: `out`, `max-bytes`.
    var name: String
    var short: Character?
    var kind: Kind
    var presence: Presence
    /// The only values accepted (help shows them as `values: ...`), or nil for any value.
    var allowedValues: [String]?
    var help: String
    /// Older long names still accepted, without dashes: the parser files their values under
    /// `name`, and help names them once after the help sentence.
    var aliases: [String] = []
    /// How the value completes in a shell when neither `allowedValues` nor the value name says
    /// it (`valueKind`); set with `completing`.
    var declaredValueKind: ValueKind?

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, presence: .optional, allowedValues: nil, help: help)
    }

    static func value(_ name: String, short: Character? = nil, valueName: String, presence: Presence,
                      allowedValues: [String]? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value(valueName: valueName), presence: presence,
                   allowedValues: allowedValues, help: help)
    }

    /// An option whose values are the raw values of an enum, defaulting to one of them.
    static func choice<Choice: CaseIterable & RawRepresentable>(
        _ name: String, short: Character? = nil, valueName: String, default value: Choice, help: String
    ) -> OptionSpec where Choice.RawValue == String {
        .value(name, short: short, valueName: valueName, presence: .defaulted(value.rawValue),
               allowedValues: Choice.allCases.map(\.rawValue), help: help)
    }

    /// `-h, --help`, which every command answers (`CommandLineParser.asksForHelp`); listed last
    /// in help, the manual page and the completions.
    static let helpFlag = OptionSpec.flag("help", short: "h", help: "Show help information.")

    var longForm: String { "--\(name)" }

    /// The same option, also accepted as `--<alias>` for each of `aliases`.
    func alias(_ aliases: String...) -> OptionSpec {
        var copy = self
        copy.aliases += aliases
        return copy
    }

    /// `--out <file.pam>` or `--json`: how errors and the usage line name the option.
    var synopsis: String {
        switch kind {
        case .flag: longForm
        case .value(let valueName): "\(longForm) <\(valueName)>"
        }
    }

    var defaultValue: String? {
        if case .defaulted(let value) = presence { return value }
        return nil
    }
}
