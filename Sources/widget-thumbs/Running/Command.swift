import WidgetThumbnails

/// A subcommand of `widget-thumbs`: one file in Commands/ declares its spec, turns parsed
/// words into typed values, and runs. Registered in `WidgetThumbs.commands`.
///
/// The three phases follow swift-argument-parser: parse (from `spec`, by `CommandLineParser`),
/// validate (`init`, which throws `UsageError` before any work starts: exit 64), run.
protocol Command {
    static var spec: CommandSpec { get }

    /// Reads typed values from `arguments` and checks them against each other.
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// Does the work. A command with one input throws its failure (exit 1); a command with
    /// many reports each failure with `console.report` and returns `.failure` at the end.
    func run(_ console: Console) throws(ImageError) -> ExitStatus
}
