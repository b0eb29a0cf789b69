import WidgetThumbnails

/// `widget-thumbs verify --container DIR [--json]`: every reference, checksum and path.
struct VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        abstract: "Check every reference, checksum and path in a shared container.",
        discussion: """
            Checks the committed chain (current.json, its snapshot, its image), the retained \
            older revisions, and every file in snapshots/ and images/, without locking and \
            without changing anything.

            A missing current.json while snapshots/ holds snapshots is a problem (the \
            container is damaged, not empty; recover repairs it).

            Exit status: 1 on any problem (a broken reference, a checksum mismatch, a refused \
            path, a corrupt file, a missing manifest) or when the container does not exist or \
            cannot be opened; 0 otherwise. Leftovers \
            of interrupted commits, orphans and writable files are warnings (exit 0): gc removes \
            them. 64 for a usage error.
            """,
        options: [StoreArguments.container, StoreArguments.json])

    var container: String
    var style: ReportStyle

    init(_ arguments: ParsedArguments) throws(UsageError) {
        container = arguments.required(StoreArguments.container)
        style = ReportStyle(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let report: VerificationReport
        do {
            report = try StoreArguments.existingStore(container).verify()
        } catch {
            console.report(error, container: container)
            return .of(error)
        }
        let printed = VerifyReport(report)
        switch style {
        case .lines: console.write(printed.lines)
        case .json: console.write(json: try JSONOutput.encode(printed))
        }
        return report.isClean ? .success : .failure
    }
}
