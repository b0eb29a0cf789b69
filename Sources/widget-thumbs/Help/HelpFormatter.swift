/// Generates `--help` text and the one-line usage from a `CommandSpec`, in
/// swift-argument-parser's shape: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, each entry
/// indented two spaces with descriptions aligned in one column.
enum HelpFormatter {
    /// Descriptions start at this column; longer labels put their description on the next line.
    static let descriptionColumn = 26

    /// The help text for `spec`, reached as `path` (for example `["widget-thumbs", "decode"]`).
    static func help(for spec: CommandSpec, path: [String]) -> String {
        var sections: [String] = []
        var overview = "OVERVIEW: \(spec.abstract)"
        if !spec.discussion.isEmpty {
            overview += "\n\n" + TextWrapping.paragraphs(spec.discussion).joined(separator: "\n")
        }
        sections.append(overview)
        sections.append("USAGE: \(usage(for: spec, path: path))")
        if !spec.arguments.isEmpty {
            sections.append(section("ARGUMENTS:", spec.arguments.map { ($0.synopsisForHelp, $0.help) }))
        }
        sections.append(section("OPTIONS:", (spec.options + [.helpFlag]).map { ($0.label, $0.helpWithValues) }))
        if !spec.subcommands.isEmpty {
            let entries = spec.subcommands.map { ($0.name, $0.abstract) }
            sections.append(section("SUBCOMMANDS:", entries)
                + "\n\n  See '\(path.joined(separator: " ")) help <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n")
    }

    /// `widget-thumbs decode <file> --out <file.pam>`: arguments, then options in declared
    /// order, optional ones in brackets.
    static func usage(for spec: CommandSpec, path: [String]) -> String {
        var words = path
        // The root's own options (--version) are not part of running a subcommand.
        guard spec.subcommands.isEmpty else { return (words + ["<subcommand>"]).joined(separator: " ") }
        words += spec.arguments.map(\.synopsis)
        for option in spec.options {
            words.append(option.presence == .required ? option.synopsis : "[\(option.synopsis)]")
        }
        return words.joined(separator: " ")
    }

    private static func section(_ title: String, _ entries: [(label: String, text: String)]) -> String {
        ([title] + entries.flatMap(entryLines)).joined(separator: "\n")
    }

    private static func entryLines(label: String, text: String) -> [String] {
        let indent = String(repeating: " ", count: descriptionColumn)
        let wrapped = TextWrapping.lines(text, width: TextWrapping.screenWidth - descriptionColumn)
        let head = "  " + label
        if head.count > descriptionColumn - 2 {
            return [head] + wrapped.map { indent + $0 }
        }
        let padding = String(repeating: " ", count: descriptionColumn - head.count)
        return [head + padding + wrapped[0]] + wrapped.dropFirst().map { indent + $0 }
    }
}

private extension ArgumentSpec {
    var synopsisForHelp: String { "<\(name)>" }
}

/// The help entry's two halves, also the manual page's (`ManualPage`).
extension OptionSpec {
    /// `-o, --out <file.pam>` or `--out <file.pam>`.
    var label: String {
        guard let short else { return synopsis }
        return "-\(short), \(synopsis)"
    }

    /// The help sentence followed by `(values: a, b; default: x; also --alias)` when any applies.
    var helpWithValues: String {
        var notes: [String] = []
        if !aliases.isEmpty { notes.append("also " + aliases.map { "--\($0)" }.joined(separator: ", ")) }
        if let allowedValues { notes.append("values: " + allowedValues.joined(separator: ", ")) }
        if let defaultValue { notes.append("default: \(defaultValue)") }
        return notes.isEmpty ? help : "\(help) (\(notes.joined(separator: "; ")))"
    }
}
