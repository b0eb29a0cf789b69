/// A command line that does not fit the command's spec. Printed as `Error: <message>` with the
/// usage line and a pointer to `--help`, exit status 64 (EX_USAGE), before any work starts.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }

    static func unknownOption(_ token: String, suggestion: String?) -> UsageError {
        UsageError("Unknown option '\(token)'" + didYouMean(suggestion))
    }

    static let missingSubcommand = UsageError("Missing subcommand")

    static func unknownSubcommand(_ name: String, suggestion: String?) -> UsageError {
        UsageError("Unknown subcommand '\(name)'" + didYouMean(suggestion))
    }

    static func missingValue(_ option: OptionSpec) -> UsageError {
        UsageError("Missing value for '\(option.synopsis)'")
    }

    static func unexpectedValue(_ value: String, for option: OptionSpec) -> UsageError {
        UsageError("The flag '\(option.longForm)' takes no value, but was given '\(value)'")
    }

    static func invalidValue(_ value: String, for option: OptionSpec, expected: String? = nil) -> UsageError {
        var message = "The value '\(value)' is invalid for '\(option.synopsis)'"
        if let allowed = option.allowedValues {
            message += ". Please provide one of " + allowed.map { "'\($0)'" }.joined(separator: ", ")
        } else if let expected {
            message += ": expected \(expected)"
        }
        return UsageError(message)
    }

    static func missingArgument(_ argument: ArgumentSpec) -> UsageError {
        UsageError("Missing expected argument '<\(argument.name)>'")
    }

    static func missingOption(_ option: OptionSpec) -> UsageError {
        UsageError("Missing expected argument '\(option.synopsis)'")
    }

    static func unexpectedArgument(_ token: String) -> UsageError {
        UsageError("Unexpected argument '\(token)'")
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { ". Did you mean '\($0)'?" } ?? ""
    }
}
