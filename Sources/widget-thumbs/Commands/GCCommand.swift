import WidgetThumbnails

/// `widget-thumbs gc --container DIR [--keep N] [--grace SECONDS] [--json]`.
struct GCCommand: Command {
    static let keep = OptionSpec.value(
        "keep", valueName: "n", presence: .defaulted("2"),
        help: "Revisions kept before the committed one.")
    static let grace = OptionSpec.value(
        "grace", valueName: "seconds", presence: .defaulted("3600"),
        help: "Nothing retired or written more recently than this is removed (a widget may still be reading it).")

    static let spec = CommandSpec(
        name: "gc",
        abstract: "Remove old revisions and leftovers of interrupted commits.",
        discussion: """
            Keeps the committed revision and --keep revisions before it, and never removes a \
            file the manifest references. An older revision's snapshot and image go once the \
            revision has been retired (stopped being current) for --grace seconds and the \
            file was written at least that long ago; temporary files of interrupted commits go \
            by their own time. When a revision was retired is taken as an upper bound: the \
            earlier of the first time gc saw it retired (recorded in DIR/.retired.json) and \
            the time of the latest manifest swap (current.json's ctime or mtime, whichever is \
            later), so a revision committed long ago and replaced a moment ago is kept for the \
            whole grace period. Every time is the file system's own: gc reads "now" from a \
            file it makes in DIR, never from its own clock, so a clock that disagrees with the \
            file times (an NFS client's, or one stepped by NTP) cannot shorten the grace period. \
            Takes the writers' lock. Refuses, deleting nothing, a container whose manifest \
            cannot be read, one whose current.json is missing while snapshots/ holds snapshots, \
            and one whose current.json names a snapshot or image that is missing or corrupt \
            (damaged: see recover).

            Exit status: 0 when done; 75 when another writer held the lock past the timeout (try \
            again later); 1 when the container does not exist or cannot be read, or is damaged \
            as above; 64 for a usage error.
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
        let report: GarbageCollectionReport
        do {
            report = try StoreArguments.existingStore(container).collectGarbage(policy)
        } catch {
            console.report(error, container: container)
            return .of(error)
        }
        let printed = GCReport(report)
        switch style {
        case .lines: console.write(printed.lines)
        case .json: console.write(json: try JSONOutput.encode(printed))
        }
        return .success
    }
}
