import WidgetThumbnails
import WidgetThumbsBatch

/// `widget-thumbs inspect <file> [--json]`: what the header says, without decoding pixels.
struct InspectCommand: Command {
    static let file = ArgumentSpec("file", help: "The \(ReadableFormats.names("or")) image to inspect.")
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of lines.")
    static let box = OptionSpec.value(
        "box", valueName: "WxH", presence: .defaulted(ThumbnailArguments.defaults.box.description),
        help: "The box a thumbnail must fit, for the decode scale shown.")

    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Show an image's format, size, orientation, colour and decode scale.",
        discussion: """
            Reads the header: format, stored and upright size, EXIF orientation, alpha, \
            bit depth, scan order, colour model, ICC profile, WebP frames, and the scale the \
            decoder would shrink to on load for a thumbnail that fits --box. A JPEG is also \
            decoded at that scale, to report damage a thumbnail would be made around (a \
            truncated scan, grey where it is missing). For HEIC and AVIF \
            also the HEIF transforms (irot, imir, clap), the EXIF orientation tag (never applied), \
            the embedded thumbnails and auxiliary images, the colour source, and which image a \
            thumbnail would be made from.
            """,
        arguments: [file],
        options: [json, box, .fullDecode])

    var input: String
    var format: OutputFormat
    var thumbnailBox: PixelSize
    var embeddedThumbnails: EmbeddedThumbnailPolicy
    var hevcLoopFilters: HEVCLoopFilterPolicy

    enum OutputFormat {
        case lines
        case json
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = arguments.required(Self.file)
        format = arguments.isSet(Self.json) ? .json : .lines
        thumbnailBox = try arguments.value(Self.box, expected: "WIDTHxHEIGHT, such as \(ThumbnailArguments.defaults.box)",
                                           PixelSize.init(commandLine:)) ?? ThumbnailArguments.defaults.box
        embeddedThumbnails = EmbeddedThumbnailPolicy(arguments)
        hevcLoopFilters = HEVCLoopFilterPolicy(arguments)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let report = try Self.report(input, box: thumbnailBox, embeddedThumbnails: embeddedThumbnails,
                                     hevcLoopFilters: hevcLoopFilters)
        switch format {
        case .lines: console.write(report.lines)
        case .json: console.write(json: try JSONOutput.encode(report))
        }
        return .success
    }

    /// The report on the file at `path`: its header read by a session of its format's decoder,
    /// which also says the decode scale for `box`. Errors name the file.
    static func report(_ path: String, box: PixelSize, embeddedThumbnails: EmbeddedThumbnailPolicy,
                       hevcLoopFilters: HEVCLoopFilterPolicy) throws(ImageError) -> InspectReport {
        let limits = DecodeLimits.default
        let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
        do {
            return try ThumbnailInput.bytes(bytes).withSession(limits: limits) { (session) throws(ImageError) in
                let options = DecodeOptions(limits: limits, heif: HEIFDecodeOptions(embeddedThumbnails: embeddedThumbnails))
                var report = InspectReport(file: path, info: session.info, box: box,
                                           decodeScale: session.decodeScale(for: box, options: options),
                                           embeddedThumbnails: embeddedThumbnails, hevcLoopFilters: hevcLoopFilters)
                // A scan that fails to decode at all is not damage decoded around: the header
                // facts are still reported, and `thumbnail` names the failure.
                var decode = options
                decode.targetBox = box
                report.damage = (try? session.decodeForDamage(options: decode)) ?? nil
                return report
            }
        } catch {
            throw error.naming(path)
        }
    }
}
