import WidgetThumbnails
import WidgetThumbsBatch

/// The batch command line (`BatchCommand`'s options), checked and typed into the engine's
/// settings. The checks run in the order the user meets them: the first problem is reported.
extension BatchSettings {
    /// 16 TiB: far above any machine, and far below where MiB to bytes would overflow.
    static let maximumMemoryLimitMiB = 1 << 24

    /// `shard`: `--shard`, resolved by the command (`BatchCommand.resolveShard`), which may read
    /// the environment.
    init(_ arguments: ParsedArguments, shard: Shard?) throws(UsageError) {
        typealias Options = BatchCommand
        let inputs = arguments.values(Options.inputs)
        let filesFrom = arguments.value(Options.filesFrom)
        let separator: InputList.Separator = arguments.isSet(Options.null) ? .nul : .newline
        if inputs.isEmpty && filesFrom == nil {
            throw UsageError("Missing expected argument '<input>' (or '--files-from <file>')")
        }
        if filesFrom == nil && arguments.isSet(Options.null) {
            throw UsageError("'--null' describes the '--files-from' list, so it needs '--files-from <file>'")
        }
        let renderDetail: RenderDetail = arguments.isSet(Options.deviceDetail) ? .devices : .families
        let durability = Durability(rawValue: arguments.required(Options.fsync)) ?? .each
        let outDirectory = arguments.required(Options.out)
        let catalog = try DeviceArguments.catalog(arguments)
        let thumbnail = try ThumbnailArguments.options(arguments, catalog: catalog, severalSpans: true)
        let families = try FamiliesArgument.families(arguments, devices: thumbnail.chosenDevices)
        // One span sizes `thumbnail` itself: one output, named as before.
        let androidSpans = try AndroidArguments.targets(arguments, catalog: catalog, requireSlot: true).flatMap { $0.count > 1 ? $0 : nil }

        let jobs = try arguments.value(Options.jobs, expected: "a whole number, 1-256") {
            Int($0).flatMap { (1...256).contains($0) ? $0 : nil }
        } ?? BatchRunner.onlineProcessors
        let mebibytes = try arguments.value(Options.memoryLimit,
                                            expected: "a whole number of MiB, 16-\(Self.maximumMemoryLimitMiB)") {
            Int($0).flatMap { (16...Self.maximumMemoryLimitMiB).contains($0) ? $0 : nil }
        } ?? 1024
        if arguments.isSet(Options.json) && arguments.isSet(Options.jsonLines) {
            throw UsageError("'--json' and '--json-lines' are two shapes of the same report; choose one")
        }
        let output: Output = arguments.isSet(Options.json) ? .json : arguments.isSet(Options.jsonLines) ? .jsonLines
            : arguments.isSet(Options.quiet) ? .quiet : .table
        self.init(inputs: inputs, filesFrom: filesFrom, separator: separator, renderDetail: renderDetail,
                  durability: durability, outDirectory: outDirectory, catalog: catalog, thumbnail: thumbnail,
                  families: families, androidSpans: androidSpans, jobs: jobs, memoryLimitBytes: mebibytes << 20,
                  depth: arguments.isSet(Options.recursive) ? .recursive : .topLevel,
                  force: arguments.isSet(Options.force),
                  foreignFiles: arguments.isSet(Options.overwrite) ? .replace : .keep, output: output,
                  // A shard's page shows its share alone: it gets its own name (`Shard.pageName`).
                  previewPage: arguments.value(Options.preview).map { page in shard.map { $0.pageName(page) } ?? page },
                  previewEmbed: arguments.isSet(Options.previewEmbed),
                  shard: shard, toolVersion: WidgetThumbs.version)
    }
}
