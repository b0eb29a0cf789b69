import WidgetThumbnails

/// The batch command line, checked and typed: everything `BatchRun` needs.
struct BatchSettings: Sendable {
    enum Output: Sendable {
        case table
        case json
        /// One JSON object per input as it finishes, then a summary object.
        case jsonLines
        case quiet
    }

    /// How much of the render cost a `--json-lines` item carries.
    enum RenderDetail: Sendable {
        /// Per family: fits, smallest cap, failing device count.
        case families
        /// Every device class (`--device-detail`).
        case devices
    }

    var inputs: [String]
    /// `--files-from`: a file of names, or `-` for standard input.
    var filesFrom: String?
    var separator: InputList.Separator
    var renderDetail: RenderDetail
    var durability: Durability
    var outDirectory: String
    /// The device catalogue (`--catalog` rows included), read once for the thumbnail options and
    /// the preview page.
    var catalog: WidgetCatalog
    var thumbnail: ThumbnailOptions
    /// `--families`: one output per family from each input's one decode; nil for one output.
    var families: [WidgetFamily]?
    var jobs: Int
    var memoryLimitBytes: Int
    var depth: InputDiscovery.Depth
    var force: Bool
    var foreignFiles: OutputGuard.ForeignFiles
    var output: Output
    var contactSheet: String?
    var shard: Shard?

    typealias Options = BatchCommand

    /// 16 TiB: far above any machine, and far below where MiB to bytes would overflow.
    static let maximumMemoryLimitMiB = 1 << 24

    init(_ arguments: ParsedArguments) throws(UsageError) {
        inputs = arguments.values(Options.inputs)
        filesFrom = arguments.value(Options.filesFrom)
        separator = arguments.isSet(Options.null) ? .nul : .newline
        if inputs.isEmpty && filesFrom == nil {
            throw UsageError("Missing expected argument '<input>' (or '--files-from <file>')")
        }
        if filesFrom == nil && arguments.isSet(Options.null) {
            throw UsageError("'--null' describes the '--files-from' list, so it needs '--files-from <file>'")
        }
        renderDetail = arguments.isSet(Options.deviceDetail) ? .devices : .families
        durability = Durability(rawValue: arguments.required(Options.fsync)) ?? .each
        outDirectory = arguments.required(Options.out)
        catalog = try DeviceArguments.catalog(arguments)
        thumbnail = try ThumbnailArguments.options(arguments, catalog: catalog)
        families = try FamiliesArgument.families(arguments, devices: thumbnail.chosenDevices)

        jobs = try arguments.value(Options.jobs, expected: "a whole number, 1-256") {
            Int($0).flatMap { (1...256).contains($0) ? $0 : nil }
        } ?? BatchRunner.onlineProcessors
        let mebibytes = try arguments.value(Options.memoryLimit,
                                            expected: "a whole number of MiB, 16-\(Self.maximumMemoryLimitMiB)") {
            Int($0).flatMap { (16...Self.maximumMemoryLimitMiB).contains($0) ? $0 : nil }
        } ?? 1024
        memoryLimitBytes = mebibytes << 20
        depth = arguments.isSet(Options.recursive) ? .recursive : .topLevel
        force = arguments.isSet(Options.force)
        foreignFiles = arguments.isSet(Options.overwrite) ? .replace : .keep
        if arguments.isSet(Options.json) && arguments.isSet(Options.jsonLines) {
            throw UsageError("'--json' and '--json-lines' are two shapes of the same report; choose one")
        }
        output = arguments.isSet(Options.json) ? .json : arguments.isSet(Options.jsonLines) ? .jsonLines
            : arguments.isSet(Options.quiet) ? .quiet : .table
        shard = try arguments.value(Options.shard, expected: "K/N with 0 <= K < N, such as 0/4", Shard.init(commandLine:))
        // A shard's page shows its share alone: it gets its own name (`Shard.pageName`).
        contactSheet = arguments.value(Options.contactSheet).map { page in shard.map { $0.pageName(page) } ?? page }
    }

    /// What each record keeps of `fingerprint`: its 64-bit FNV-1a in hex (16 bytes a line
    /// instead of the whole text, over a library of 200,000 photos).
    var fingerprintDigest: String {
        let hash = Shard.fnv1a(fingerprint)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Every setting that changes a thumbnail's pixels or bytes, and the tool version: a
    /// recorded thumbnail made with a different fingerprint is redone. The thumbnail options
    /// give their own key (`ThumbnailOptions.outputKey`); the outputs asked for are the
    /// batch's own.
    var fingerprint: String {
        // The families in WidgetKit's order: listing them in another order makes the same files.
        let listed = families.map { chosen in WidgetFamily.allCases.filter(chosen.contains).map(\.rawValue) }
        return [
            "widget-thumbs \(WidgetThumbs.version)",
            thumbnail.outputKey,
            "families \(listed?.joined(separator: ",") ?? "-")",
        ].joined(separator: "; ")
    }
}
