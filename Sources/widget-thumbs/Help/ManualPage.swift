/// `widget-thumbs --generate-manual`: a manual page (man(7) macros, section 1) written from the
/// command specs: the root's overview and options, then each command with its usage line,
/// overview, arguments and options, with the same labels and texts as `--help`
/// (`HelpFormatter`). Every text is escaped for roff: a backslash, a line that would start
/// with a dot or an apostrophe, and characters outside ASCII.
enum ManualPage {
    static func page(root: CommandSpec, commands: [CommandSpec], version: String) -> String {
        let title = root.name.uppercased()
        var lines = [
            ".\\\" The manual page of \(root.name), written by '\(root.name) --generate-manual'.",
            ".TH \(quotedArgument(title)) 1 \"\" \(quotedArgument("\(root.name) \(version)")) \"User Commands\"",
            // No hyphenation: an option split at a line's end could not be copied.
            ".nh",
            ".SH NAME",
            "\(text(root.name)) \\- \(text(root.abstract))",
            ".SH SYNOPSIS",
        ]
        for command in commands {
            lines += [".PP", synopsis(command, path: [root.name])]
        }
        lines += [".SH DESCRIPTION"] + paragraphs(root.discussion)
        lines += [".SH OPTIONS"] + options(root.options + [.helpFlag])
        lines.append(".SH COMMANDS")
        for command in commands {
            lines += [".SS \(quotedArgument(command.name))", synopsis(command, path: [root.name]), ".PP", text(command.abstract)]
            lines += paragraphs(command.discussion)
            if !command.arguments.isEmpty {
                lines.append(".PP\nArguments:")
                for argument in command.arguments {
                    lines += [".TP", "\\fI<\(text(argument.name))>\\fR", text(argument.help)]
                }
            }
            lines.append(".PP\nOptions:")
            lines += options(command.options + [.helpFlag])
        }
        return lines.joined(separator: "\n")
    }

    /// `widget-thumbs batch [<input> ...] --out <dir> ...`, in bold and italics, as a filled
    /// paragraph (the line breaks between words, never inside one).
    private static func synopsis(_ command: CommandSpec, path: [String]) -> String {
        let usage = HelpFormatter.usage(for: command, path: path + [command.name])
        return "\\fB" + italicValues(text(usage)) + "\\fR"
    }

    /// A tagged paragraph per option: `-o, --out <dir>` and the help sentence with its notes.
    private static func options(_ options: [OptionSpec]) -> [String] {
        options.flatMap { option -> [String] in
            [".TP", "\\fB\(italicValues(text(option.label)))\\fR", text(option.helpWithValues)]
        }
    }

    /// Help's `--out <dir>` as `--out` in bold and `dir` in italics, never broken between
    /// them (`\~`, a space that does not break the line).
    private static func italicValues(_ roff: String) -> String {
        roff.replacingOccurrences(of: " <", with: "\\~<").replacingOccurrences(of: "<", with: "\\fI")
            .replacingOccurrences(of: ">", with: "\\fB")
    }

    /// A discussion as help lays it out: each line a paragraph, lines indented by the author
    /// (examples) kept as written.
    private static func paragraphs(_ discussion: String) -> [String] {
        guard !discussion.isEmpty else { return [] }
        var lines: [String] = []
        var inExample = false
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            let example = line.hasPrefix(" ")
            if example != inExample { lines.append(example ? ".PP\n.RS 4\n.nf" : ".fi\n.RE") }
            inExample = example
            if example {
                lines.append(text(String(line.drop { $0 == " " })))
            } else if !line.isEmpty {
                lines += [".PP", text(String(line))]
            }
        }
        if inExample { lines.append(".fi\n.RE") }
        return lines
    }

    /// `text` as roff input: one line (controls become spaces), a backslash as `\e`, a minus
    /// as `\-` (options stay minus signs to copy), quotes as typewriter quotes, characters
    /// outside ASCII as `\[uXXXX]`, and `\&` before a leading dot so the line is never read as
    /// a request (an apostrophe, the other control character, is already `\(aq`).
    static func text(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            // Typewriter quotes, as written: groff would print ' and ` as curly ones.
            case "'": escaped += "\\(aq"
            case "`": escaped += "\\(ga"
            case _ where scalar.properties.generalCategory == .control: escaped += " "
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") { escaped = "\\&" + escaped }
        return escaped
    }

    /// A macro argument in double quotes (a quote inside doubled, as groff reads it).
    private static func quotedArgument(_ value: String) -> String {
        "\"" + text(value).replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
