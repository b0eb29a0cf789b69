/// One positional argument a command accepts, in the order given on the command line.
struct ArgumentSpec: Sendable, Equatable {
    /// How many values the argument takes. Only the last argument may take more than one.
    enum Arity: Sendable, Equatable {
        case one
        case optional
        case oneOrMore
        case zeroOrMore
    }

    /// Shown as `<name>`.
    var name: String
    var arity: Arity
    var help: String
    /// How the argument completes in a shell when its name does not say (`valueKind`).
    var declaredValueKind: ValueKind?

    init(_ name: String, arity: Arity = .one, help: String, completing kind: ValueKind? = nil) {
        self.name = name
        self.arity = arity
        self.help = help
        self.declaredValueKind = kind
    }

    /// `<file>`, `[<file>]`, `<input> ...` or `[<input> ...]`.
    var synopsis: String {
        switch arity {
        case .one: "<\(name)>"
        case .optional: "[<\(name)>]"
        case .oneOrMore: "<\(name)> ..."
        case .zeroOrMore: "[<\(name)> ...]"
        }
    }
}
