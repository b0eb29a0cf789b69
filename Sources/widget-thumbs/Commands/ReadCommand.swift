import Foundation
import WidgetThumbnails

/// `widget-thumbs read --container DIR [--json] [--max-age SECONDS]`: what the widget
/// extension would render, read exactly as it reads (no lock, confined opens, checksums).
struct ReadCommand: Command {
    static let maxAge = OptionSpec.value(
        "max-age", valueName: "seconds", presence: .optional,
        help: "A snapshot at least this old reads as stale (default: never stale).")
    static let expireAfter = OptionSpec.value(
        "expire-after", valueName: "seconds", presence: .optional,
        help: "A snapshot at least this old reads as expired (default: never expired).")

    static let spec = CommandSpec(
        name: "read",
        abstract: "Show the state a widget would render: content, empty, stale, expired or unavailable.",
        discussion: """
            Reads current.json, the snapshot and its image through confined opens and checks \
            every checksum. A missing, corrupt or refused image still gives content, with the \
            image's status and reason. --json prints {"state", "revision", "generatedAt", \
            "ageSeconds", "nextChange", "payload", "image": {"relativePath", "checksum", \
            "status", "reason"}, "reason"}, every key present (null when it does not apply); \
            nextChange is when the state turns stale, then expired (what a widget timeline waits for).

            empty means nothing was ever committed. A container whose current.json is missing \
            while snapshots/ holds snapshots is damaged, not empty: unavailable, with the reason \
            "manifest missing" and the recover hint.

            Exit status: 0 for content, empty, stale or expired; 5 for a damaged container whose \
            current.json is missing (recover repairs it); 1 for any other unavailable (the \
            container is missing, or its manifest or snapshot is corrupt or refused); 64 for a \
            usage error.
            """,
        options: [StoreArguments.container, StoreArguments.json, maxAge, expireAfter])

    var container: String
    var maxAgeLimit: Duration?
    var expiryLimit: Duration?
    var style: ReportStyle

    init(_ arguments: ParsedArguments) throws(UsageError) {
        container = arguments.required(StoreArguments.container)
        maxAgeLimit = try arguments.value(Self.maxAge, expected: "a number of seconds from 0", StoreArguments.seconds)
        expiryLimit = try arguments.value(Self.expireAfter, expected: "a number of seconds from 0", StoreArguments.seconds)
        style = ReportStyle(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let now = Date()
        let freshness = Freshness(staleAfter: maxAgeLimit, expiredAfter: expiryLimit)
        let reading = SnapshotReader<JSONValue>(containerAt: container).read(freshness: freshness, now: now)
        let state = reading.state
        let report = ReadReport(reading, freshness: freshness)
        switch style {
        case .lines: console.write(report.lines)
        case .json: console.write(json: report.json)
        }
        if case .unavailable(let failure) = state { return failure.code == .manifestMissing ? .damaged : .failure }
        return .success
    }
}
