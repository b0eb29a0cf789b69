import WidgetThumbnails

/// `widget-thumbs recover --container DIR [--json]`: re-points a lost current.json at the
/// newest complete revision.
struct RecoverCommand: Command {
    static let spec = CommandSpec(
        name: "recover",
        abstract: "Re-point a lost current.json at the newest complete revision.",
        discussion: """
            A container whose current.json is missing (or not a valid manifest) while \
            snapshots/ holds snapshots is damaged, not empty: verify reports it and gc refuses \
            to touch it. recover takes the writers' lock, picks the newest revision whose \
            snapshot parses and whose image is present with the right checksum, and writes \
            current.json naming it (temporary file, fsync, rename, fsync). Newer revisions that \
            are not complete are listed and left in place. A readable current.json is left \
            alone.

            Exit status: 0 when current.json was re-pointed, was already readable, or the \
            container is empty; 75 when another writer held the lock past the timeout (try again \
            later); 1 when no snapshot is complete or the container cannot be opened or read; 64 \
            for a usage error.
            """,
        options: [StoreArguments.container, StoreArguments.json])

    var container: String
    var style: ReportStyle

    init(_ arguments: ParsedArguments) throws(UsageError) {
        container = arguments.required(StoreArguments.container)
        style = ReportStyle(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let recovery: ManifestRecovery
        do {
            recovery = try StoreArguments.existingStore(container).recoverManifest()
        } catch {
            console.report(error, container: container)
            return .of(error)
        }
        let report = RecoverReport(recovery)
        switch style {
        case .lines: console.write(report.lines)
        case .json: console.write(try JSONOutput.encode(report))
        }
        return .success
    }
}
