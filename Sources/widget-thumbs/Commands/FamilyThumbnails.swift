import WidgetThumbnails

/// `thumbnail --families LIST`: one thumbnail per family from one decode, named
/// `<output stem>.<family>.<ext>`, and a JSON document on standard output listing each file
/// with its size and what the rendering modes do to it.
struct FamilyThumbnails {
    struct Report: Encodable {
        struct File: Encodable {
            var family: WidgetFamily
            var output: String
            var width: Int
            var height: Int
            var bytes: Int
            var crop: PixelRect?
            var appearance: RenderAppearance?
        }

        var input: String
        var files: [File]
    }

    var input: String
    var output: String
    var families: [WidgetFamily]
    var options: ThumbnailOptions

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        guard output != "-" else {
            throw ImageError(.invalidArgument, "'--families' writes several files: give '-o' a file name, not '-'")
        }
        let pipeline = ThumbnailPipeline(options: options)
        let inputs: InputIdentities
        let thumbnails: [Thumbnail]
        if input == "-" {
            let bytes = try StandardInput.readAll(maxBytes: options.limits.maxFileBytes)
            thumbnails = try pipeline.thumbnails(of: .bytes(bytes), families: families, file: "standard input")
            inputs = InputIdentities(standardInput: ())
        } else {
            thumbnails = try pipeline.thumbnails(atPath: input, families: families)
            inputs = InputIdentities(path: input)
        }
        var files: [Report.File] = []
        for (family, thumbnail) in zip(families, thumbnails) {
            let path = PerDeviceThumbnails.name(output, variant: family.rawValue)
            try OutputFile.writeCommandOutput(thumbnail.bytes, toPath: path, inputs: inputs)
            ThumbnailCommand.reportWarnings(thumbnail, input: input, console)
            files.append(Report.File(family: family, output: RawPath.readable(path), width: thumbnail.size.width,
                                     height: thumbnail.size.height, bytes: thumbnail.bytes.count, crop: thumbnail.crop,
                                     appearance: thumbnail.appearance))
        }
        console.write(try JSONOutput.encode(Report(input: RawPath.readable(input), files: files)))
        return .success
    }
}
