import Foundation
import WidgetThumbnails

/// `widget-thumbs read --container DIR [--json] [--max-age SECONDS]`: what the widget
/// extension would render, read exactly as it reads (no lock, confined opens, checksums).
struct ReadCommand: Command {
    static let maxAge = OptionSpec.value(
        "max-age", valueName: "seconds", presence: .optional,
        help: "A snapshot generated longer ago than this reads as stale (default: never stale).")

    static let spec = CommandSpec(
        name: "read",
        abstract: "Show the state a widget would render: content, empty, stale or unavailable.",
        discussion: """
            Reads current.json, the snapshot and its image through confined opens and checks \
            every checksum. A missing, corrupt or refused image still gives content, with the \
            image's status and reason. --json prints {"state", "revision", "generatedAt", \
            "payload", "image": {"relativePath", "checksum", "status", "reason"}, "reason"}, \
            every key present (null when it does not apply).

            Exit status: 0 for content, empty or stale; 1 for unavailable (the container is \
            missing, or its manifest or snapshot is corrupt or refused); 64 for a usage error.
            """,
        options: [StoreArguments.container, StoreArguments.json, maxAge])

    var container: String
    var maxAgeLimit: Duration?
    var style: ReportStyle

    init(_ arguments: ParsedArguments) throws(UsageError) {
        container = arguments.required(StoreArguments.container)
        maxAgeLimit = try arguments.value(Self.maxAge, expected: "a number of seconds from 0", StoreArguments.seconds)
        style = ReportStyle(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let now = Date()
        let state = SnapshotReader<JSONValue>(containerAt: container).read(maxAge: maxAgeLimit, now: now)
        let report = ReadReport(state, maxAge: maxAgeLimit, now: now)
        switch style {
        case .lines: console.write(report.lines)
        case .json: console.write(report.json)
        }
        if case .unavailable = state { return .failure }
        return .success
    }
}
