import Glibc

/// What standard error can show: a live progress bar only on a terminal, and colour only on
/// a terminal whose user has not set NO_COLOR (https://no-color.org: any non-empty value).
enum TerminalStyle: Sendable, Equatable {
    /// A pipe or a file: plain lines, no escape sequences at all.
    case plain
    case terminal(colour: Bool)

    static func forStandardError(quiet: Bool) -> TerminalStyle {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return .plain }
        let noColour = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        return .terminal(colour: !noColour)
    }
}
