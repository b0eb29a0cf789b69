import WidgetThumbnails

/// `widget-thumbs commit --container DIR --revision N [--image FILE] [--payload FILE.json]`:
/// what the app does when its data changes, from a shell.
struct CommitCommand: Command {
    static let revision = OptionSpec.value(
        "revision", valueName: "n", presence: .required,
        help: "The revision to commit: higher than the committed one, or equal with the same content.")
    static let image = OptionSpec.value(
        "image", valueName: "file", presence: .optional,
        help: "An original \(ReadableFormats.names("or")); it is thumbnailed (upright, sRGB, within the byte budget) before committing.")
    static let payload = OptionSpec.value(
        "payload", valueName: "file.json", presence: .optional,
        help: "The app's payload: any JSON value, at most 512 KiB (default: {}).")
    static let family = OptionSpec.widgetFamily(
        help: "Size the thumbnail for this widget family instead of the 500x500 box.")
    static let format = OptionSpec.choice(
        "format", valueName: "format", default: OutputFormat.auto,
        help: "The thumbnail's format; auto is JPEG when opaque, WebP with alpha.")

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
        options: [StoreArguments.container, revision, image, payload, family, format, .fullDecode, StoreArguments.json]
            + DeviceArguments.specs)

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
        thumbnailOptions = ThumbnailOptions()
        thumbnailOptions.family = arguments.value(Self.family).flatMap(WidgetFamily.init(rawValue:))
        thumbnailOptions.devices = try DeviceArguments.chosenDevices(arguments)
        thumbnailOptions.format = arguments.value(Self.format).flatMap(OutputFormat.init(rawValue:)) ?? .auto
        thumbnailOptions.embeddedThumbnails = EmbeddedThumbnailPolicy(arguments)
        thumbnailOptions.hevcLoopFilters = HEVCLoopFilterPolicy(arguments)
        if imagePath == nil {
            for option in [Self.family, Self.format, OptionSpec.fullDecode] + DeviceArguments.specs where arguments.optionValues[option.name] != nil {
                throw UsageError("'\(option.longForm)' sizes the thumbnail, so it needs '--image <file>'")
            }
        }
        style = ReportStyle(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let payload = try payloadPath.map { path throws(ImageError) in try PayloadFile.read(path) } ?? .object([:])
        let report: CommitReport
        do throws(OriginalCommitError) {
            let store: SnapshotStore<JSONValue>
            do { store = try SnapshotStore<JSONValue>(containerAt: container) } catch { throw .store(error) }
            if let imagePath {
                let commit = try store.commit(revision: revisionNumber, payload: payload, originalAtPath: imagePath,
                                              options: thumbnailOptions)
                report = CommitReport(outcome: commit.outcome, revision: revisionNumber, thumbnail: commit.thumbnail)
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
        case .json: console.write(try JSONOutput.encode(report))
        }
        return .success
    }
}
