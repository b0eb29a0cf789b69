/// What a value on the command line names, for the shell completions (`CompletionScript`):
/// nothing to complete, a file, a folder, or one of a list of words.
enum ValueKind: Sendable, Equatable {
    case text
    case file
    case directory
    /// The words to offer. An option's `allowedValues` are these words and the only ones the
    /// parser accepts; words given with `OptionSpec.completing` are suggestions (`--families`
    /// also takes comma-separated lists of them).
    case words([String])

    /// The kind the name shown in help says (`<file.json>`, `<dir>`, `<size-or-file>`): a name
    /// with the word file, path or input in it, or a file extension (`page.html`), is a file;
    /// `dir` a folder. So a new option or argument named the way help names it completes right
    /// with nothing else declared.
    static func named(_ name: String) -> ValueKind {
        let words = name.lowercased().split { !($0.isLetter || $0.isNumber || $0 == ".") }
        if words.contains(where: { ["dir", "folder", "directory"].contains($0) }) { return .directory }
        if words.contains(where: { ["file", "path", "input", "output"].contains($0) || $0.contains(".") }) { return .file }
        return .text
    }
}

extension OptionSpec {
    /// How the option's value completes: its allowed values, else what `completing` declared,
    /// else what its value name says. A flag has none.
    var valueKind: ValueKind? {
        guard case .value(let valueName) = kind else { return nil }
        if let allowedValues { return .words(allowedValues) }
        return declaredValueKind ?? .named(valueName)
    }

    /// The same option, its value completed as `kind` (words it suggests, say) rather than as
    /// its value name says.
    func completing(_ kind: ValueKind) -> OptionSpec {
        var copy = self
        copy.declaredValueKind = kind
        return copy
    }
}

extension ArgumentSpec {
    /// How the argument completes: as declared, else as its name says (`<file>`, `<input>`,
    /// `<size-or-file>`).
    var valueKind: ValueKind { declaredValueKind ?? .named(name) }
}
