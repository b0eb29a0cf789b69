/// Everything the command line knows about one command: its name, what it is for, and what it
/// accepts. Parsing, the usage line and the help text are all generated from this value.
struct CommandSpec: Sendable {
    var name: String
    /// One line: the OVERVIEW.
    var abstract: String
    /// Paragraphs shown under the overview in `--help`; empty for none.
    var discussion: String
    var arguments: [ArgumentSpec]
    var options: [OptionSpec]
    /// Only the root command has subcommands.
    var subcommands: [CommandSpec]

    init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
         options: [OptionSpec] = [], subcommands: [CommandSpec] = []) {
        precondition(arguments.dropLast().allSatisfy { [.one, .optional].contains($0.arity) },
                     "only the last argument of \(name) may take several values")
        let names = options.flatMap { [$0.name] + $0.aliases }
        precondition(Set(names).count == names.count, "duplicate option in \(name)")
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    /// The option spelt `--name`, by its name or one of its aliases.
    func option(named name: String) -> OptionSpec? { options.first { $0.name == name || $0.aliases.contains(name) } }

    func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }
}
