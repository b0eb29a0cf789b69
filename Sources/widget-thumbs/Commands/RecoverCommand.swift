import WidgetThumbnails

/// `widget-thumbs recover --container DIR [--json]`: re-points a lost or dangling
/// current.json at the newest complete revision.
struct RecoverCommand: Command {
    static let spec = CommandSpec(
        name: "recover",
        abstract: "Re-point a lost or dangling current.json at the newest complete revision.",
        discussion: """
            A container whose current.json is missing (or not a valid manifest) while \
            snapshots/ holds snapshots is damaged, not empty: verify reports it, read says \
            "manifest missing" and gc refuses to touch it. So is one whose current.json names a \
            snapshot or image that is missing or corrupt. recover checks what current.json names \
            (the snapshot parses and hashes to the manifest's checksum, the image is present \
            with its size and SHA-256); when it is complete, or nothing was ever committed, it \
            writes nothing and needs no lock (a read-only container is fine). Otherwise it takes \
            the writers' lock, checks again, and writes current.json naming the newest complete \
            revision (temporary file, fsync, rename, fsync): for a damaged current revision, the \
            newest complete one older than it. The revisions passed over are listed with their \
            reasons and left in place.

            Exit status: 0 when current.json was re-pointed, was already intact, or the \
            container is empty; 75 when another writer held the lock past the timeout (try again \
            later); 1 when no candidate revision is complete (nothing is changed) or the \
            container cannot be opened, read or written; 64 for a usage error.
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
        case .json: console.write(json: try JSONOutput.encode(report))
        }
        return .success
    }
}
