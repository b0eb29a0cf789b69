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

        /// With several families: the largest pixel area one file may have to serve them all.
        /// WidgetKit fails the archive of every family of a widget when one family's image is
        /// over its cap, so a file shared by several is bound by the smallest cap among them.
        struct SharedFile: Encodable {
            var capPixels: Int
            var bindingFamily: WidgetFamily
            var note: String
        }

        var input: String
        var files: [File]
        var sharedFile: SharedFile?
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
        console.write(json: try JSONOutput.encode(Report(input: RawPath.readable(several.name), files: files,
                                                   sharedFile: sharedFile())))
        return SeveralOutputs.status(made)
    }

    /// The smallest cap among the families (the caps that size each, `FamilySizing.sizingSlots`),
    /// when there are several: what one file serving them all must stay under.
    private func sharedFile() -> Report.SharedFile? {
        guard families.count > 1 else { return nil }
        let caps = families.compactMap { family in
            FamilySizing.sizingSlots(for: family, on: options.chosenDevices, options.assumedCaps).map(\.capPixels).min()
                .map { (family, $0) }
        }
        guard let smallest = caps.min(by: { $0.1 < $1.1 }) else { return nil }
        return Report.SharedFile(
            capPixels: smallest.1, bindingFamily: smallest.0,
            note: "each family has its own file; one file serving several of them must stay under \(smallest.1) px "
                + "(\(smallest.0.rawValue)'s cap): a family over its cap fails the archive of every family of the widget")
    }
}
