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

    /// Writes every family that could be made (`SeveralOutputs`), prints the list (with the
    /// failures) as JSON and each failure on standard error; exit status 1 when any family failed.
    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let pipeline = ThumbnailPipeline(options: options)
        let several = SeveralOutputs(input: input, output: output)
        let made = try several.make(options: options, names: families.map(\.rawValue), console) { (input, file) throws(ImageError) in
            try pipeline.thumbnails(of: input, families: families, file: file)
        }
        let files = zip(families, made).map { family, made in
            switch made.outcome {
            case .success(let thumbnail):
                Report.File(family: family, output: RawPath.readable(made.path), width: thumbnail.size.width,
                            height: thumbnail.size.height, bytes: thumbnail.bytes.count, crop: thumbnail.crop,
                            appearance: thumbnail.appearance)
            case .failure(let error):
                Report.File(family: family, error: SeveralOutputs.errorText(error))
            }
        }
        console.write(try JSONOutput.encode(Report(input: RawPath.readable(several.name), files: files)))
        return SeveralOutputs.status(made)
    }
}
