/// What the parser found on a command line, looked up by the specs that declared it, so a
/// command reads `arguments.value(Self.out)` and never a string key of its own.
struct ParsedArguments: Sendable {
    let spec: CommandSpec
    /// Values per option name, in the order given. A flag records one empty string per use.
    let optionValues: [String: [String]]
    /// Values per argument name, in the order given.
    let argumentValues: [String: [String]]

    func isSet(_ flag: OptionSpec) -> Bool {
        optionValues[flag.name]?.isEmpty == false
    }

    /// Whether `option` was on the command line (a defaulted one left out was not given,
    /// though `value(_:)` returns its default).
    func wasGiven(_ option: OptionSpec) -> Bool {
        optionValues[option.name] != nil
    }

    /// The last value given for `option`, or its default, or nil.
    func value(_ option: OptionSpec) -> String? {
        optionValues[option.name]?.last ?? option.defaultValue
    }

    /// Every value given for `option` (an option given twice keeps both), or its default.
    func values(_ option: OptionSpec) -> [String] {
        optionValues[option.name] ?? option.defaultValue.map { [$0] } ?? []
    }

    /// The value of a required option or a defaulted one; the parser has made sure it exists.
    func required(_ option: OptionSpec) -> String {
        guard let value = value(option) else {
            preconditionFailure("\(option.longForm) is neither required nor defaulted in \(spec.name)'s spec")
        }
        return value
    }

    /// The value of a `.one` argument; the parser has made sure it exists.
    func required(_ argument: ArgumentSpec) -> String {
        guard let value = argumentValues[argument.name]?.first else {
            preconditionFailure("<\(argument.name)> is not a required argument of \(spec.name)")
        }
        return value
    }

    func values(_ argument: ArgumentSpec) -> [String] {
        argumentValues[argument.name] ?? []
    }

    /// `option`'s value (or default) converted by `parse`; a value `parse` rejects is a usage
    /// error that says what was `expected`.
    func value<Value>(_ option: OptionSpec, expected: String,
                      _ parse: (String) -> Value?) throws(UsageError) -> Value? {
        guard let text = value(option) else { return nil }
        guard let parsed = parse(text) else {
            throw UsageError.invalidValue(text, for: option, expected: expected)
        }
        return parsed
    }
}
