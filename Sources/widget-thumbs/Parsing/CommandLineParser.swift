/// Turns the words after a command's name into `ParsedArguments`, checked against the
/// command's `CommandSpec`. Conventions (swift-argument-parser's): `--name value`,
/// `--name=value`, `-n value`, flags take no value, `--` ends the options, options and
/// arguments may be interleaved, and the first problem found is the error reported.
enum CommandLineParser {
    /// True when `-h` or `--help` appears before `--`: help wins over any other problem.
    static func asksForHelp(_ tokens: [String]) -> Bool {
        for token in tokens {
            if token == "--" { return false }
            if token == "-h" || token == "--help" { return true }
        }
        return false
    }

    static func parse(_ tokens: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var optionValues: [String: [String]] = [:]
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if optionsEnded || !(looksLikeOption(token) || isShortOption(token, in: spec)) {
                positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            let (option, inlineValue) = try lookUp(token, in: spec)
            switch option.kind {
            case .flag:
                if let inlineValue { throw .unexpectedValue(inlineValue, for: option) }
                optionValues[option.name, default: []].append("")
            case .value:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < tokens.count, !looksLikeOption(tokens[index]) {
                    value = tokens[index]
                    index += 1
                } else {
                    throw .missingValue(option)
                }
                if let allowed = option.allowedValues, !allowed.contains(value) {
                    throw .invalidValue(value, for: option)
                }
                optionValues[option.name, default: []].append(value)
            }
        }
        let argumentValues = try assign(positionals, to: spec.arguments)
        for option in spec.options where option.presence == .required && optionValues[option.name] == nil {
            throw .missingOption(option)
        }
        return ParsedArguments(spec: spec, optionValues: optionValues, argumentValues: argumentValues)
    }

    /// `-` alone (standard input, by convention) and words that start with a minus and a digit
    /// (`-5`, `-1/2`) are values, not options: no option is spelt that way, and a value that
    /// looks wrong deserves "invalid value", not "missing value".
    static func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        let second = token.unicodeScalars.dropFirst().first!
        return !(0x30...0x39).contains(second.value) && Double(token) == nil
    }

    /// `-0` style flags: a minus and a digit is a value unless the command declares that letter.
    private static func isShortOption(_ token: String, in spec: CommandSpec) -> Bool {
        token.count == 2 && token.hasPrefix("-") && spec.option(short: token.last!) != nil
    }

    private static func lookUp(_ token: String, in spec: CommandSpec) throws(UsageError) -> (OptionSpec, String?) {
        if token.hasPrefix("--") {
            let body = token.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let option = spec.option(named: name) { return (option, inlineValue) }
            let known = spec.options.map(\.longForm) + ["--help"]
            throw .unknownOption("--\(name)", suggestion: NameSuggestion.closest(to: "--\(name)", among: known))
        }
        let letters = token.dropFirst()
        if letters.count == 1, let letter = letters.first, let option = spec.option(short: letter) {
            return (option, nil)
        }
        throw .unknownOption(token, suggestion: nil)
    }

    /// Hands positional words to the declared arguments in order.
    private static func assign(_ words: [String], to arguments: [ArgumentSpec]) throws(UsageError) -> [String: [String]] {
        var remaining = words[...]
        var assigned: [String: [String]] = [:]
        for argument in arguments {
            switch argument.arity {
            case .one:
                guard let word = remaining.popFirst() else { throw .missingArgument(argument) }
                assigned[argument.name] = [word]
            case .optional:
                if let word = remaining.popFirst() { assigned[argument.name] = [word] }
            case .oneOrMore:
                guard !remaining.isEmpty else { throw .missingArgument(argument) }
                assigned[argument.name] = Array(remaining)
                remaining = []
            case .zeroOrMore:
                assigned[argument.name] = Array(remaining)
                remaining = []
            }
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
        return assigned
    }
}
