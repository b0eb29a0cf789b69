import WidgetThumbnails
import WidgetThumbsBatch

/// How a run of the tool ends. One place maps each ending to its text, its stream and its
/// exit status, so every command ends the same way.
enum Termination {
    case help(CommandSpec, path: [String])
    case version(verbose: Bool)
    /// A generated text (a completion script, the manual page), printed as it is.
    case text(String)
    case usageError(UsageError, CommandSpec, path: [String])
    case failure(ImageError)
    case finished(ExitStatus)

    func emit(to console: Console) -> ExitStatus {
        switch self {
        case .help(let spec, let path):
            console.write(HelpFormatter.help(for: spec, path: path), to: .output)
            return .success
        case .version(let verbose):
            console.write(verbose ? LinkedLibraryReport.text(program: WidgetThumbs.name + " " + WidgetThumbs.version) : WidgetThumbs.version, to: .output)
            return .success
        case .text(let text):
            console.write(text, to: .output)
            return .success
        case .usageError(let error, let spec, let path):
            console.write("""
                Error: \(DisplayText.escaped(error.message))
                Usage: \(HelpFormatter.usage(for: spec, path: path))
                  See '\(path.joined(separator: " ")) --help' for more information.
                """, to: .error)
            return .usage
        case .failure(let error):
            console.report(error)
            return .failure
        case .finished(let status):
            return status
        }
    }
}
