import WidgetThumbnails

/// `widget-thumbs commit --container DIR --revision N [--image FILE] [--payload FILE.json]`:
/// what the app does when its data changes, from a shell.
struct CommitCommand: Command {
    static let revision = OptionSpec.value(
        "revision", valueName: "n", presence: .required,
        help: "The revision to commit: higher than the committed one, or equal with the same content.")
    static let image = OptionSpec.value(
        "image", valueName: "file", presence: .optional,
        help: "An original \(ReadableFormats.names("or")); it is thumbnailed (upright, within the byte cap) by the options below before committing.")
    static let payload = OptionSpec.value(
        "payload", valueName: "file.json", presence: .optional,
        help: "The app's payload: any JSON value, at most 512 KiB (default: {}).")

    static let spec = CommandSpec(
        name: "commit",
        abstract: "Commit a revision of the payload and its thumbnail to a shared container.",
        discussion: """
            Writes the thumbnail, then the snapshot, each as a new read-only file, then switches \
            current.json to them atomically; a crash at any point leaves the previous revision \
            intact. One writer at a time (a lock on DIR/.lock); the container is created if missing.

            Exit status: 0 when the revision was committed, or was already committed with the \
            same payload and image (idempotent: nothing written). 3 when it is stale (lower than \
            the committed revision; nothing written). 4 for a conflict (the same revision with \
            other content; nothing written). 75 when another writer held the lock past the \
            timeout (try again later). 1 for any other error. 64 for a usage error.
            """,
        options: [StoreArguments.container, revision, image, payload] + ThumbnailArguments.specs + [StoreArguments.json])

    var container: String
    var revisionNumber: UInt64
    var imagePath: String?
    var payloadPath: String?
    var thumbnailOptions: ThumbnailOptions
    var style: ReportStyle

    init(_ arguments: ParsedArguments) throws(UsageError) {
        container = arguments.required(StoreArguments.container)
        revisionNumber = try arguments.value(
            Self.revision, expected: "a whole number from 0 to \(LayoutPath.maximumRevision)",
            StoreArguments.revision)!
        imagePath = arguments.value(Self.image)
        payloadPath = arguments.value(Self.payload)
        if imagePath == nil, let option = ThumbnailArguments.firstGiven(arguments) {
            throw UsageError("'\(option.longForm)' shapes the thumbnail, so it needs '--image <file>'")
        }
        thumbnailOptions = try ThumbnailArguments.options(arguments, catalog: DeviceArguments.catalog(arguments))
        style = ReportStyle(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        if imagePath != nil { ThumbnailArguments.noteClampedBudget(thumbnailOptions, console) }
        let payload = try payloadPath.map { path throws(ImageError) in try PayloadFile.read(path) } ?? .object([:])
        let report: CommitReport
        do throws(OriginalCommitError) {
            let store: SnapshotStore<JSONValue>
            do { store = try SnapshotStore<JSONValue>(containerAt: container) } catch { throw .store(error) }
            if let imagePath {
                let commit = try store.commit(revision: revisionNumber, payload: payload, originalAtPath: imagePath,
                                              options: thumbnailOptions)
                report = CommitReport(outcome: commit.outcome, revision: revisionNumber, thumbnail: commit.thumbnail)
                // The image the widget will show: its rendering-mode warnings matter here most.
                ThumbnailCommand.reportWarnings(commit.thumbnail, input: imagePath, console)
            } else {
                let outcome: CommitOutcome
                do { outcome = try store.commit(revision: revisionNumber, payload: payload, image: nil) } catch { throw .store(error) }
                report = CommitReport(outcome: outcome, revision: revisionNumber, thumbnail: nil)
            }
        } catch {
            console.report(error, container: container)
            if case .store(let storeError) = error { return .of(storeError) }
            return .failure
        }
        switch style {
        case .lines: console.write(report.line)
        case .json: console.write(json: try JSONOutput.encode(report))
        }
        return .success
    }
}
