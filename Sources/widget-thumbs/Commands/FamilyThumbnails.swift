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
        console.write(try JSONOutput.encode(Report(input: RawPath.readable(name), files: files, sharedFile: sharedFile())))
        return failed ? .failure : .success
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
