import WidgetThumbnails

/// The root command: routes the first word to a subcommand, and answers `--help`, `help`,
/// and `--version` itself.
enum WidgetThumbs {
    static let name = "widget-thumbs"
    /// The one place the version is written.
    static let version = "0.1.0"

    /// Every subcommand, in the order help lists them. A new command is a file in Commands/
    /// and one line here.
    static var commands: [any Command.Type] {
        [BatchCommand.self, ThumbnailCommand.self, DecodeCommand.self, InspectCommand.self, BudgetCommand.self, DevicesCommand.self,
         ExplainCommand.self, CheckCommand.self,
         CommitCommand.self, ReadCommand.self, VerifyCommand.self, GCCommand.self, RecoverCommand.self]
    }

    static var spec: CommandSpec {
        CommandSpec(
            name: name,
            abstract: "Small, upright, colour-correct thumbnails for iOS widgets.",
            discussion: """
                Reads \(ReadableFormats.names()) (decided by content, not by file name); a folder \
                walk takes the files named .\(ReadableFormats.walkedExtensions.joined(separator: ", .")).

                Exit status: 0 all good; 1 some input failed, a check found a problem, or standard \
                output could not be written (a full disk: the message says so on standard error); \
                64 usage error; commit adds 3 (stale) and 4 (conflict), read 5 (current.json is lost \
                while snapshots exist: run recover), and commit, gc and recover 75 (another writer \
                held the lock; try again later).
                """,
            options: [.flag("version", help: "Show the version."),
                      .flag("verbose", help: """
                          With --version: the image libraries' versions, libheif's codecs, and the \
                          loaded library files with the Debian packages they came from.
                          """)]
                + generators.options,
            subcommands: commands.map { $0.spec })
    }

    /// `help` and `help <subcommand>`, answered here (`helpTermination`): described for the
    /// manual page and the completions, which list it with the subcommands.
    static var helpCommand: CommandSpec {
        CommandSpec(name: "help", abstract: "Show the help of \(name) or of one subcommand.",
                    arguments: [ArgumentSpec("subcommand", arity: .optional, help: "The subcommand whose help to show.",
                                             completing: .words(commands.map { $0.spec.name }))])
    }

    /// What the manual page and the completions document: every subcommand, then `help`.
    static var documentedCommands: [CommandSpec] { spec.subcommands + [helpCommand] }

    static let completionScript = OptionSpec.value(
        "generate-completion-script", valueName: "shell", presence: .optional,
        allowedValues: CompletionScript.Shell.allCases.map(\.rawValue),
        help: "Print a completion script for the shell (commands, options and their values) and exit.")
    static let manual = OptionSpec.flag(
        "generate-manual", help: "Print the manual page (roff, section 1: every command and option) and exit.")

    /// The two root options that print a generated text: parsed as a command of their own.
    static var generators: CommandSpec {
        CommandSpec(name: name, abstract: "", options: [completionScript, manual])
    }

    /// Runs the tool for `arguments` (the first is the program's own name). Last, the one
    /// check every command shares: a write on standard output that failed (`Console`) is said
    /// on standard error and turns success into exit status 1; another failure's own status
    /// (3, 4, 75, ...) says more, and stands.
    static func main(_ arguments: [String], console: Console) -> ExitStatus {
        let status = termination(for: Array(arguments.dropFirst()), console: console).emit(to: console)
        guard let error = console.outputError else { return status }
        console.report(error)
        return status == .success ? .failure : status
    }

    private static func termination(for words: [String], console: Console) -> Termination {
        let root = [name]
        // No words at all is a mistake (or argv could not be read), not a request for help.
        guard let first = words.first else {
            return .usageError(.missingSubcommand, spec, path: root)
        }
        let rest = Array(words.dropFirst())
        switch first {
        case "-h", "--help":
            return .help(spec, path: root)
        case "--version", "--verbose":
            // --verbose only says how much --version prints; either order.
            let verbose = first == "--verbose" || rest.first == "--verbose"
            guard first == "--version" || rest.first == "--version" else {
                return .usageError(UsageError("'--verbose' goes with '--version'"), spec, path: root)
            }
            if let extra = rest.dropFirst(verbose ? 1 : 0).first {
                return .usageError(.unexpectedArgument(extra), spec, path: root)
            }
            return .version(verbose: verbose)
        case "help":
            return helpTermination(topic: rest)
        case _ where generators.options.contains(where: { first == $0.longForm || first.hasPrefix($0.longForm + "=") }):
            return generatedText(words)
        default:
            if CommandLineParser.looksLikeOption(first) {
                let known = spec.options.map(\.longForm) + ["--help"]
                return .usageError(.unknownOption(first, suggestion: NameSuggestion.closest(to: first, among: known)),
                                   spec, path: root)
            }
            guard let command = command(named: first) else {
                return .usageError(unknownSubcommand(first), spec, path: root)
            }
            return run(command, rest, console: console)
        }
    }

    /// `--generate-completion-script <shell>` or `--generate-manual`, alone.
    private static func generatedText(_ words: [String]) -> Termination {
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try CommandLineParser.parse(words, for: generators)
        } catch {
            return .usageError(error, spec, path: [name])
        }
        if let shell = parsed.value(completionScript).flatMap(CompletionScript.Shell.init(rawValue:)) {
            guard !parsed.isSet(manual) else {
                return .usageError(UsageError("'--generate-manual' and '--generate-completion-script' print one text each; choose one"),
                                   spec, path: [name])
            }
            return .text(CompletionScript.script(for: shell, root: spec, commands: documentedCommands))
        }
        return .text(ManualPage.page(root: spec, commands: documentedCommands, version: version))
    }

    /// `help` alone is the root help; `help <command>` that command's.
    private static func helpTermination(topic: [String]) -> Termination {
        guard let name = topic.first, name != "-h", name != "--help" else { return .help(spec, path: [Self.name]) }
        guard let command = command(named: name) else {
            return .usageError(unknownSubcommand(name), spec, path: [Self.name])
        }
        if let extra = topic.dropFirst().first {
            return .usageError(.unexpectedArgument(extra), spec, path: [Self.name])
        }
        return .help(command.spec, path: [Self.name, name])
    }

    private static func run(_ command: any Command.Type, _ words: [String], console: Console) -> Termination {
        let path = [name, command.spec.name]
        if CommandLineParser.asksForHelp(words) { return .help(command.spec, path: path) }
        let instance: any Command
        do throws(UsageError) {
            instance = try command.init(CommandLineParser.parse(words, for: command.spec))
        } catch {
            return .usageError(error, command.spec, path: path)
        }
        do throws(ImageError) {
            return .finished(try instance.run(console))
        } catch {
            return .failure(error)
        }
    }

    private static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    private static func unknownSubcommand(_ name: String) -> UsageError {
        .unknownSubcommand(name, suggestion: NameSuggestion.closest(to: name, among: commands.map { $0.spec.name }))
    }
}
