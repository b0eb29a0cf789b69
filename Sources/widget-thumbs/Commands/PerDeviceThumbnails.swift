import WidgetSnapshots
import WidgetThumbnails

/// `thumbnail --family F --per-device`: one thumbnail per distinct slot size of the family on
/// the chosen devices (identical sizes share one), named `<output stem>.<family>-<WxH>.<ext>`,
/// all from one decode, and a JSON document on standard output saying which devices each file
/// serves and what the rendering modes do to it.
struct PerDeviceThumbnails {
    /// Whether `--per-device` was given, refusing it without `--family` or with `-o -`.
    static func isAsked(_ arguments: ParsedArguments, family: WidgetFamily?, output: String) throws(UsageError) -> Bool {
        guard arguments.isSet(OptionSpec.perDevice) else { return false }
        guard family != nil else { throw UsageError("'--per-device' makes one thumbnail per slot size of a family: give '--family'") }
        guard output != "-" else { throw UsageError("'--per-device' writes several files: give '-o' a file name, not '-'") }
        return true
    }

    struct Report: Encodable {
        struct File: Encodable {
            /// Nil when the variant could not be made or placed (`error` says why).
            var output: String?
            var slotPixels: [Int]
            var width: Int?
            var height: Int?
            var bytes: Int?
            var crop: PixelRect?
            var appearance: RenderAppearance?
            var devices: [String]
            /// `<code>: <reason>` for a variant that could not be made.
            var error: String?
        }

        var input: String
        var family: WidgetFamily
        var files: [File]
    }

    var input: String
    var output: String
    var options: ThumbnailOptions

    /// Every variant from one decode (`ThumbnailPipeline.thumbnails(of:variants:file:)`), each
    /// written, warned about and failing alone as `--families`' outputs are (`SeveralOutputs`);
    /// the JSON list always printed; exit status 1 when any variant failed.
    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        guard let family = options.family else { return .failure }
        let variants = FamilySizing.variants(for: family, devices: options.chosenDevices)
        let pipeline = ThumbnailPipeline(options: options)
        let several = SeveralOutputs(input: input, output: output)
        let made = try several.make(options: options, names: variants.map(\.name), console) { (input, file) throws(ImageError) in
            try pipeline.thumbnails(of: input, variants: variants, file: file)
        }
        let files = zip(variants, made).map { variant, made in
            let served = variant.devices.flatMap { row in row.slots.map { "\(row) (\($0.surface.rawValue))" } }
            var file = Report.File(slotPixels: [variant.slot.width, variant.slot.height], devices: served)
            switch made.outcome {
            case .success(let thumbnail):
                file.output = RawPath.readable(made.path)
                file.width = thumbnail.size.width
                file.height = thumbnail.size.height
                file.bytes = thumbnail.bytes.count
                file.crop = thumbnail.crop
                file.appearance = thumbnail.appearance
            case .failure(let error):
                file.error = SeveralOutputs.errorText(error)
            }
            return file
        }
        console.write(json: try JSONOutput.encode(Report(input: RawPath.readable(several.name), family: family, files: files)))
        return SeveralOutputs.status(made)
    }
}
