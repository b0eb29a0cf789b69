import WidgetThumbnails

/// `widget-thumbs gc --container DIR [--keep N] [--grace SECONDS] [--json]`.
struct GCCommand: Command {
    static let keep = OptionSpec.value(
        "keep", valueName: "n", presence: .defaulted("2"),
        help: "Revisions kept before the committed one.")
    static let grace = OptionSpec.value(
        "grace", valueName: "seconds", presence: .defaulted("3600"),
        help: "Nothing younger than this is removed (a widget may still be reading it).")

    static let spec = CommandSpec(
        name: "gc",
        abstract: "Remove old revisions and leftovers of interrupted commits.",
        discussion: """
            Keeps the committed revision and --keep revisions before it; removes older \
            snapshots and images, and temporary files of interrupted commits, once they are \
            older than --grace. Never removes a file the manifest references. Takes the \
            writers' lock, and refuses a container whose manifest cannot be read.

            Exit status: 0 when done; 1 when the container cannot be opened, locked or read; \
            64 for a usage error.
            """,
        options: [StoreArguments.container, keep, grace, StoreArguments.json])

    var container: String
    var policy: GarbageCollectionPolicy
    var style: ReportStyle

    init(_ arguments: ParsedArguments) throws(UsageError) {
        container = arguments.required(StoreArguments.container)
        let keepCount = try arguments.value(Self.keep, expected: "a whole number from 0", StoreArguments.count)!
        let graceDuration = try arguments.value(Self.grace, expected: "a number of seconds from 0", StoreArguments.seconds)!
        policy = GarbageCollectionPolicy(keep: keepCount, grace: graceDuration)
        style = ReportStyle(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        var options = StoreOptions()
        options.creation = .mustExist
        let report: GarbageCollectionReport
        do {
            report = try SnapshotStore<JSONValue>(containerAt: container, options: options).collectGarbage(policy)
        } catch {
            console.report(error, container: container)
            return .failure
        }
        let printed = GCReport(report)
        switch style {
        case .lines: console.write(printed.lines)
        case .json: console.write(try JSONOutput.encode(printed))
        }
        return .success
    }
}
