import WidgetThumbnails

/// `thumbnail --family F --per-device`: one thumbnail per distinct slot size of the family on
/// the chosen devices (identical sizes share one), named `<output stem>.<family>-<WxH>.<ext>`,
/// and a JSON document on standard output saying which devices each file serves.
struct PerDeviceThumbnails {
    static let flag = OptionSpec.flag(
        "per-device",
        help: "With --family: one thumbnail per distinct slot size of the family (OUT.family-WxH.ext), "
            + "each covering its slot and under its devices' smallest cap; prints which devices each serves as JSON.")

    /// Whether `--per-device` was given, refusing it without `--family` or with `-o -`.
    static func isAsked(_ arguments: ParsedArguments, family: WidgetFamily?, output: String) throws(UsageError) -> Bool {
        guard arguments.isSet(flag) else { return false }
        guard family != nil else { throw UsageError("'--per-device' makes one thumbnail per slot size of a family: give '--family'") }
        guard output != "-" else { throw UsageError("'--per-device' writes several files: give '-o' a file name, not '-'") }
        return true
    }

    struct Report: Encodable {
        struct File: Encodable {
            var output: String
            var slotPixels: [Int]
            var width: Int
            var height: Int
            var devices: [String]
        }

        var family: WidgetFamily
        var files: [File]
    }

    var input: String
    var output: String
    var options: ThumbnailOptions

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        guard let family = options.family else { return .failure }
        let bytes = input == "-" ? try StandardInput.readAll(maxBytes: options.limits.maxFileBytes) : nil
        var files: [Report.File] = []
        let original = bytes == nil ? FileIdentity(path: input) : nil
        for variant in FamilySizing.variants(for: family, devices: options.chosenDevices) {
            var variantOptions = options
            variantOptions.devices = variant.devices
            variantOptions.assumedCaps = .apply  // each slot size asked for: its rule applies
            let pipeline = ThumbnailPipeline(options: variantOptions)
            let thumbnail = if let bytes {
                try pipeline.thumbnail(of: .bytes(bytes), file: "standard input")
            } else {
                try pipeline.thumbnail(atPath: input)
            }
            let path = Self.name(output, variant: variant.name)
            if let original, original == FileIdentity(path: path) {
                throw ImageError(.invalidArgument, "the output is the input; choose another output", file: path)
            }
            try OutputFile.write(thumbnail.bytes, toPath: path)
            let served = variant.devices.flatMap { row in row.slots.map { "\(row) (\($0.surface.rawValue))" } }
            files.append(Report.File(output: path, slotPixels: [variant.slot.width, variant.slot.height],
                                     width: thumbnail.size.width, height: thumbnail.size.height, devices: served))
        }
        console.write(try JSONOutput.encode(Report(family: family, files: files)))
        return .success
    }

    /// `out/photo.png` with `accessoryCircular-112x112` is `out/photo.accessoryCircular-112x112.png`.
    static func name(_ output: String, variant: String) -> String {
        guard let dot = output.lastIndex(of: "."), !output[dot...].contains("/"),
              output[..<dot].last.map({ $0 != "/" }) ?? false else { return "\(output).\(variant)" }
        return "\(output[..<dot]).\(variant)\(output[dot...])"
    }
}
