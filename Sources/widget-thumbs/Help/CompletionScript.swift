/// `widget-thumbs --generate-completion-script bash|zsh|fish`: a completion script written from
/// the command specs, as swift-argument-parser writes its own. Commands, each command's options
/// (with `-h, --help`), option values by `OptionSpec.valueKind` (the allowed values, files,
/// folders) and arguments by `ArgumentSpec.valueKind`: an option or a value added to a spec is
/// completed with nothing changed here. Every word and description is quoted for its shell.
enum CompletionScript {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The script for `shell`: `root`'s own options, then each of `commands` (its subcommands
    /// and `help`) with its options and arguments.
    static func script(for shell: Shell, root: CommandSpec, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: bash(root: root, commands: commands)
        case .zsh: zsh(root: root, commands: commands)
        case .fish: fish(root: root, commands: commands)
        }
    }

    // MARK: bash

    private static func bash(root: CommandSpec, commands: [CommandSpec]) -> String {
        let function = "_" + identifier(root.name)
        let rootWords = commands.map(\.name) + (root.options + [.helpFlag]).flatMap(\.spellings)
        var lines = [
            "# bash completion for \(root.name), written by '\(root.name) --generate-completion-script bash'.",
            "# Load it with: source <(\(root.name) --generate-completion-script bash)",
            "",
            "# Adds to COMPREPLY each word after the first that starts with the first.",
            "\(function)_offer() {",
            "    local word",
            "    for word in \"${@:2}\"; do",
            "        [[ $word == \"$1\"* ]] && COMPREPLY+=(\"$word\")",
            "    done",
            "}",
            "",
            "# Files (-f) or folders (-d) named from the word being completed.",
            "\(function)_paths() {",
            "    compopt -o filenames 2>/dev/null",
            "    mapfile -t COMPREPLY < <(compgen \"$1\" -- \"$2\")",
            "}",
            "",
            "\(function)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    # --name=value: bash splits at '=', so the option is the word before it.",
            "    if [[ $prev == = && $COMP_CWORD -ge 2 ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi",
            "    [[ $cur == = ]] && cur=",
            "    COMPREPLY=()",
            "    if ((COMP_CWORD == 1)); then",
            "        \(function)_offer \"$cur\" \(rootWords.map(singleQuoted).joined(separator: " "))",
            "        return",
            "    fi",
            "    case ${COMP_WORDS[1]} in",
        ]
        // The root's options that take a value: that value is the second word.
        for option in root.options {
            guard let kind = option.valueKind else { continue }
            lines.append("    \(option.spellings.map(singleQuoted).joined(separator: "|")))")
            lines.append("        ((COMP_CWORD == 2)) && \(bashCompletion(kind, function: function)) ;;")
        }
        for command in commands {
            lines.append("    \(singleQuoted(command.name)))")
            lines.append("        case $prev in")
            for option in command.options {
                guard let kind = option.valueKind else { continue }
                lines.append("        \(option.spellings.map(singleQuoted).joined(separator: "|"))) "
                             + "\(bashCompletion(kind, function: function)); return ;;")
            }
            lines.append("        esac")
            let words = (command.options + [.helpFlag]).flatMap(\.spellings).map(singleQuoted).joined(separator: " ")
            lines.append("        if [[ $cur == -* ]]; then \(function)_offer \"$cur\" \(words); return; fi")
            if let kind = argumentKind(command) {
                lines.append("        \(bashCompletion(kind, function: function))")
            }
            lines.append("        ;;")
        }
        lines += ["    esac", "}", "", "complete -F \(function) \(singleQuoted(root.name))"]
        return lines.joined(separator: "\n")
    }

    private static func bashCompletion(_ kind: ValueKind, function: String) -> String {
        switch kind {
        case .text: ":"
        case .file: "\(function)_paths -f \"$cur\""
        case .directory: "\(function)_paths -d \"$cur\""
        case .words(let words): "\(function)_offer \"$cur\" " + words.map(singleQuoted).joined(separator: " ")
        }
    }

    // MARK: zsh

    private static func zsh(root: CommandSpec, commands: [CommandSpec]) -> String {
        let function = "_" + root.name
        var lines = [
            "#compdef \(root.name)",
            "# zsh completion for \(root.name), written by '\(root.name) --generate-completion-script zsh'.",
            "# Install it as \(function) in a folder of $fpath.",
            "",
            "\(function)() {",
            "    local curcontext=$curcontext state line",
            "    typeset -A opt_args",
            "    _arguments -C \\",
        ]
        for option in root.options + [.helpFlag] {
            lines += zshOptionSpecs(option).map { "        \(singleQuoted($0)) \\" }
        }
        lines += [
            "        '1: :->command' \\",
            "        '*:: :->argument'",
            "    case $state in",
            "    command)",
            "        local -a commands",
            "        commands=(",
        ]
        for command in commands {
            lines.append("            " + singleQuoted(zshEscaped(command.name, also: ":") + ":" + summary(command.abstract)))
        }
        lines += [
            "        )",
            "        _describe -t commands \(singleQuoted(root.name + " command")) commands ;;",
            "    argument)",
            "        case $words[1] in",
        ]
        for command in commands {
            var specs = (command.options + [.helpFlag]).flatMap(zshOptionSpecs)
            for argument in command.arguments {
                let prefix = switch argument.arity {
                case .one: ":"
                case .optional: "::"
                case .oneOrMore, .zeroOrMore: "*:"
                }
                specs.append(prefix + zshEscaped(argument.name, also: ":") + ":" + zshAction(argument.valueKind))
            }
            lines.append("        \(singleQuoted(command.name)))")
            lines.append("            _arguments \\")
            lines += specs.map { "                \(singleQuoted($0)) \\" }
            lines.append("                ;;")
        }
        lines += ["        esac ;;", "    esac", "}", "", "\(function) \"$@\""]
        return lines.joined(separator: "\n")
    }

    /// `--out=[The folder ...]:dir:_files -/` and `-o[...]:dir:_files -/`, each repeatable
    /// (`*`) as the parser allows: the last value given wins, and `--device` adds up.
    private static func zshOptionSpecs(_ option: OptionSpec) -> [String] {
        let description = "[" + zshEscaped(summary(option.help), also: "[]", spaces: false) + "]"
        var value = ""
        if let kind = option.valueKind, case .value(let valueName) = option.kind {
            value = ":" + zshEscaped(valueName, also: ":") + ":" + zshAction(kind)
        }
        return option.spellings.map { spelling in
            "*" + spelling + (value.isEmpty || !spelling.hasPrefix("--") ? "" : "=") + description + value
        }
    }

    private static func zshAction(_ kind: ValueKind) -> String {
        switch kind {
        case .text: " "
        case .file: "_files"
        case .directory: "_files -/"
        case .words(let words): "(" + words.map { zshEscaped($0, also: "()[]:") }.joined(separator: " ") + ")"
        }
    }

    /// A backslash before each backslash, space (unless `spaces` is false: a description in
    /// brackets keeps them) and character of `also`: what _arguments and _describe take as
    /// themselves inside their own syntax.
    private static func zshEscaped(_ text: String, also special: String, spaces: Bool = true) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || (spaces && character == " ") || special.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: fish

    private static func fish(root: CommandSpec, commands: [CommandSpec]) -> String {
        let complete = "complete -c \(fishQuoted(root.name))"
        var lines = [
            "# fish completion for \(root.name), written by '\(root.name) --generate-completion-script fish'.",
            "# Install it as ~/.config/fish/completions/\(root.name).fish.",
            "",
            "# Files only where an option or argument names one.",
            "\(complete) -f",
        ]
        let atRoot = "-n __fish_use_subcommand"
        for command in commands {
            lines.append("\(complete) \(atRoot) -a \(fishQuoted(fishEscaped(command.name))) -d \(fishQuoted(summary(command.abstract)))")
        }
        for option in root.options + [.helpFlag] {
            lines.append("\(complete) \(atRoot) \(fishOption(option))")
        }
        for command in commands {
            let condition = "-n " + fishQuoted("__fish_seen_subcommand_from " + fishEscaped(command.name))
            for option in command.options + [.helpFlag] {
                lines.append("\(complete) \(condition) \(fishOption(option))")
            }
            if let kind = argumentKind(command) {
                lines.append("\(complete) \(condition) \(fishCompletion(kind))")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func fishOption(_ option: OptionSpec) -> String {
        var words: [String] = []
        if let short = option.short { words.append("-s " + fishQuoted(String(short))) }
        words += ([option.name] + option.aliases).map { "-l " + fishQuoted($0) }
        if let kind = option.valueKind { words.append(fishCompletion(kind)) }
        words.append("-d " + fishQuoted(summary(option.help)))
        return words.joined(separator: " ")
    }

    /// -F files; -x a value but no files, with -a the words or the folders to offer.
    private static func fishCompletion(_ kind: ValueKind) -> String {
        switch kind {
        case .text: "-x"
        case .file: "-r -F"
        case .directory: "-x -a '(__fish_complete_directories (commandline -ct))'"
        case .words(let words): "-x -a " + fishQuoted(words.map(fishEscaped).joined(separator: " "))
        }
    }

    /// A word of a fish list (`-a`'s argument is one): a backslash before everything but
    /// letters, digits and `._,/@+=-`.
    private static func fishEscaped(_ word: String) -> String {
        var escaped = ""
        for character in word {
            if !(character.isASCII && (character.isLetter || character.isNumber || "._,/@+=-".contains(character))) {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return escaped
    }

    /// fish's single quotes: only a backslash and a quote are escaped inside them.
    private static func fishQuoted(_ text: String) -> String {
        "'" + oneLine(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    // MARK: shared

    /// How a command's arguments complete: as files if any names a file, folders if any a
    /// folder, else the first's words; nil for none.
    private static func argumentKind(_ command: CommandSpec) -> ValueKind? {
        let kinds = command.arguments.map(\.valueKind)
        if kinds.contains(.file) { return .file }
        if kinds.contains(.directory) { return .directory }
        return kinds.first { if case .words = $0 { true } else { false } }
    }

    /// POSIX shells' single quotes: nothing inside is special, and a quote is `'\''`.
    private static func singleQuoted(_ text: String) -> String {
        "'" + oneLine(text).replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The first sentence of a help text, for a one-line description.
    private static func summary(_ help: String) -> String {
        let text = oneLine(help)
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    /// Line breaks, tabs and other controls as spaces, runs of spaces as one: a description is
    /// one line of a script.
    private static func oneLine(_ text: String) -> String {
        let spaced = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return spaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// `widget-thumbs` -> `widget_thumbs`: a bash function name.
    private static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

extension OptionSpec {
    /// `--out` and `-o`: every way the option is spelt on the command line.
    var spellings: [String] {
        [longForm] + aliases.map { "--\($0)" } + (short.map { ["-\($0)"] } ?? [])
    }
}
