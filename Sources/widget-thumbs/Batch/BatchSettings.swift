import WidgetThumbnails

/// The batch command line, checked and typed: everything `BatchRun` needs.
struct BatchSettings: Sendable {
    enum Output: Sendable {
        case table
        case json
        case quiet
    }

    var inputs: [String]
    var outDirectory: String
    var thumbnail: ThumbnailOptions
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
        outDirectory = arguments.required(Options.out)
        var thumbnail = ThumbnailOptions()
        let side = try arguments.value(Options.maxSide, expected: "a whole number of pixels, 1-65535") {
            Int($0).flatMap { (1...65_535).contains($0) ? $0 : nil }
        } ?? 500
        thumbnail.box = PixelSize(width: side, height: side)
        if let name = arguments.value(Options.family) {
            if arguments.optionValues[Options.maxSide.name] != nil {
                throw UsageError("'--family' sizes the thumbnail itself; it cannot be combined with '--max-side'")
            }
            thumbnail.family = WidgetFamily(rawValue: name)
        }
        thumbnail.format = OutputFormat(rawValue: arguments.required(Options.format)) ?? .auto
        let cap = try arguments.value(Options.maxBytes, expected: "a whole number of bytes, at least 1") {
            Int($0).flatMap { $0 >= 1 ? $0 : nil }
        } ?? ByteBudget.defaultCap
        thumbnail.budget = ByteBudget(cap: cap)
        if let start = try arguments.value(Options.quality, expected: "a whole number, 1-100", {
            Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
        }) {
            thumbnail.quality = QualityRange(start: start, floor: min(start, QualityRange.jpeg.floor))
        }
        thumbnail.colorPolicy = ColorPolicy(rawValue: arguments.required(Options.color)) ?? .convertToSRGB
        thumbnail.strictness = arguments.isSet(Options.strict) ? .strict : .lenient
        self.thumbnail = thumbnail

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
        output = arguments.isSet(Options.json) ? .json : arguments.isSet(Options.quiet) ? .quiet : .table
        contactSheet = arguments.value(Options.contactSheet)
        shard = try arguments.value(Options.shard, expected: "K/N with 0 <= K < N, such as 0/4", Shard.init(commandLine:))
    }

    /// Every setting that changes a thumbnail's pixels or bytes, and the tool version: a
    /// recorded thumbnail made with a different fingerprint is redone.
    var fingerprint: String {
        let options = thumbnail
        return [
            "widget-thumbs \(WidgetThumbs.version)",
            "box \(options.box)",
            "family \(options.family?.rawValue ?? "-")",
            "format \(options.format.rawValue)",
            "cap \(options.budget.cap)",
            "quality \(options.quality?.description ?? "-")",
            "colour \(options.colorPolicy.rawValue)",
            "strictness \(options.strictness.rawValue)",
            "limits \(options.limits.maxPixels) \(options.limits.maxDimension) \(options.limits.maxFileBytes)",
        ].joined(separator: "; ")
    }
}
