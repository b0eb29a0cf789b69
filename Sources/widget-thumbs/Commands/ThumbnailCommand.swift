import Glibc
import WidgetThumbnails
import WidgetThumbsBatch

/// `widget-thumbs thumbnail <input|-> -o <output|->`: one thumbnail, made for pipes: reads
/// standard input and writes standard output when given `-`, with `batch`'s options.
struct ThumbnailCommand: Command {
    static let input = ArgumentSpec("input", help: "The original image, or '-' to read it from standard input.")
    static let output = OptionSpec.value(
        "output", short: "o", valueName: "file", presence: .required,
        help: "Where to write the thumbnail ('-' for standard output). A file is replaced atomically, never the input; "
            + "a FIFO or a device is written into.")
    static let replace = OptionSpec.flag(
        "replace", help: "Let -o name the input itself: it is read whole, then replaced atomically, and only while it is "
            + "still the file that was read (the commands 'check' prints use it; no symlink, FIFO or device).")

    static let spec = CommandSpec(
        name: "thumbnail",
        abstract: "Make one thumbnail, from a file or standard input, to a file or standard output.",
        discussion: """
            The format comes from --format, else from the output's extension (\(WrittenFormats.extensions)), \
            else auto (JPEG when opaque, WebP with alpha). Standard input is read up to the \
            file size limit (128 MiB). Nothing but the thumbnail is written to standard output; \
            failures go to standard error with exit status 1. Example: \
            curl -s https://example.com/photo.jpg | widget-thumbs thumbnail - -o - --format webp > t.webp
            """,
        arguments: [input],
        options: [output, replace] + ThumbnailArguments.specs + [FamiliesArgument.spec, OptionSpec.perDevice])

    var inputPath: String
    var outputPath: String
    var options: ThumbnailOptions
    var perDevice: Bool
    var families: [WidgetFamily]?
    /// `--replace`: the input's identity, when -o names the input itself.
    var replacing: FileIdentity?
    /// With `--platform android`: the note on the slot, the cap and URI-loaded files.
    var androidNote: String?
    /// With `--platform android --cells` listing several spans: one output each.
    var androidSpans: [AndroidTarget]?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        inputPath = arguments.required(Self.input)
        outputPath = arguments.required(Self.output)
        let catalog = try DeviceArguments.catalog(arguments)
        options = try ThumbnailArguments.options(arguments, catalog: catalog, severalSpans: true)
        androidNote = try ThumbnailArguments.androidNote(arguments, catalog: catalog)
        if let spans = try AndroidArguments.targets(arguments, catalog: catalog, requireSlot: true), spans.count > 1 {
            guard outputPath != "-" else { throw UsageError("'--cells' with several spans writes several files: give '-o' a file name, not '-'") }
            androidSpans = spans
        }
        let named = OutputFormat(ofName: outputPath)
        if !arguments.wasGiven(ThumbnailArguments.format), let named {
            options.format = named
        } else if let named, options.format != .auto, options.format != named {
            throw UsageError("The output name '\(outputPath)' says \(named.rawValue), but --format says \(options.format.rawValue)")
        }
        perDevice = try PerDeviceThumbnails.isAsked(arguments, family: options.family, output: outputPath)
        families = try FamiliesArgument.families(arguments, devices: options.chosenDevices)
        if families != nil, outputPath == "-" {
            throw UsageError("'--families' writes several files: give '-o' a file name, not '-'")
        }
        if arguments.isSet(Self.replace) {
            guard inputPath != "-", let identity = FileIdentity(path: inputPath), FileIdentity(path: outputPath) == identity else {
                throw UsageError("'--replace' is for rewriting a file in place: '-o' must name the input file itself")
            }
            guard families == nil, !perDevice, androidSpans == nil else {
                throw UsageError("'--replace' writes one file: it cannot be combined with '--families', '--per-device' or several '--cells'")
            }
            replacing = identity
        }
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        ThumbnailArguments.noteClampedBudget(options, console)
        if let androidNote { console.write(androidNote, to: .error) }
        if let androidSpans {
            return try AndroidSpanThumbnails(input: inputPath, output: outputPath, targets: androidSpans, options: options).run(console)
        }
        if perDevice { return try PerDeviceThumbnails(input: inputPath, output: outputPath, options: options).run(console) }
        if let families {
            return try FamilyThumbnails(input: inputPath, output: outputPath, families: families, options: options).run(console)
        }
        let pipeline = ThumbnailPipeline(options: options)
        let thumbnail: Thumbnail
        if inputPath == "-" {
            let bytes = try StandardInput.readAll(maxBytes: options.limits.maxFileBytes)
            thumbnail = try pipeline.thumbnail(.bytes(bytes), file: "standard input")
        } else {
            thumbnail = try pipeline.thumbnail(.path(inputPath))
        }
        Self.reportWarnings(thumbnail, input: inputPath, console)
        if outputPath == "-" {
            try StandardOutput.write(thumbnail.bytes)
            return .success
        }
        if let replacing {
            try OutputPlacement.replaceInPlace(thumbnail.bytes, at: outputPath, original: replacing)
            return .success
        }
        let inputs = inputPath == "-" ? InputIdentities(standardInput: ()) : InputIdentities(path: inputPath)
        try OutputPlacement.placeCommandOutput(thumbnail.bytes, at: outputPath, inputs: inputs)
        return .success
    }

    /// Each rendering-mode warning of `thumbnail` on standard error:
    /// `widget-thumbs: warning: <input> (<label>): <message>`, the label its family unless given
    /// (a `--per-device` variant's name).
    static func reportWarnings(_ thumbnail: Thumbnail, input: String, label: String? = nil, _ console: Console) {
        if let damage = thumbnail.damage {
            console.write(RenderWarningLines.damageLine(program: WidgetThumbs.name, input: input == "-" ? "standard input" : input,
                                                       damage: damage), to: .error)
        }
        for line in RenderWarningLines.lines(program: WidgetThumbs.name, input: input == "-" ? "standard input" : input,
                                             output: label ?? thumbnail.family?.rawValue,
                                             warnings: thumbnail.appearance?.warnings ?? []) {
            console.write(line, to: .error)
        }
    }
}
