import WidgetThumbnails

/// `thumbnail --families LIST`: one thumbnail per family from one decode, named
/// `<output stem>.<family>.<ext>`, and a JSON document on standard output listing each file
/// with its size and what the rendering modes do to it.
struct FamilyThumbnails {
    struct Report: Encodable {
        struct File: Encodable {
            var family: WidgetFamily
            var output: String?
            var width: Int?
            var height: Int?
            var bytes: Int?
            var crop: PixelRect?
            var appearance: RenderAppearance?
            /// `<code>: <reason>` for a family that could not be made.
            var error: String?
        }

        var input: String
        var files: [File]
    }

    var input: String
    var output: String
    var families: [WidgetFamily]
    var options: ThumbnailOptions

    /// Writes every family that could be made, prints the list (with the failures) as JSON
    /// and each failure on standard error; exit status 1 when any family failed.
    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let pipeline = ThumbnailPipeline(options: options)
        let inputs: InputIdentities
        let results: [Result<Thumbnail, ImageError>]
        let name = input == "-" ? "standard input" : input
        if input == "-" {
            let bytes = try StandardInput.readAll(maxBytes: options.limits.maxFileBytes)
            results = try pipeline.thumbnails(of: .bytes(bytes), families: families, file: name)
            inputs = InputIdentities(standardInput: ())
        } else {
            results = try pipeline.thumbnails(atPath: input, families: families)
            inputs = InputIdentities(path: input)
        }
        var files: [Report.File] = []
        var failed = false
        for (family, result) in zip(families, results) {
            let path = PerDeviceThumbnails.name(output, variant: family.rawValue)
            do throws(ImageError) {
                let thumbnail = try result.get()
                try OutputFile.writeCommandOutput(thumbnail.bytes, toPath: path, inputs: inputs)
                ThumbnailCommand.reportWarnings(thumbnail, input: input, console)
                files.append(Report.File(family: family, output: RawPath.readable(path), width: thumbnail.size.width,
                                         height: thumbnail.size.height, bytes: thumbnail.bytes.count, crop: thumbnail.crop,
                                         appearance: thumbnail.appearance))
            } catch {
                failed = true
                console.report(error)
                files.append(Report.File(family: family, error: RawPath.readable(
                    error.reason.isEmpty ? error.code.rawValue : "\(error.code.rawValue): \(error.reason)")))
            }
        }
        console.write(try JSONOutput.encode(Report(input: RawPath.readable(name), files: files)))
        return failed ? .failure : .success
    }
}
