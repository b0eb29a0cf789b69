import WidgetThumbnails
import WidgetThumbsBatch

/// `thumbnail --platform android --cells 2x2,4x2`: one thumbnail per cell span from one
/// decode, named `<output stem>.android-<span>.<ext>`, and a JSON document on standard output
/// listing each file with its size and its ARGB_8888 bytes against the cap's share.
struct AndroidSpanThumbnails {
    struct Report: Encodable {
        struct File: Encodable {
            var cells: String
            var output: String?
            var width: Int?
            var height: Int?
            var bytes: Int?
            /// What the picture costs decoded as ARGB_8888, and each bitmap's share of the cap.
            var argb8888Bytes: Int?
            var shareBytes: Int
            /// `<code>: <reason>` for a span that could not be made.
            var error: String?
        }

        var input: String
        var capBytes: Int
        var files: [File]
    }

    var input: String
    var output: String
    /// One per span, each with its box (`AndroidTarget.box`).
    var targets: [AndroidTarget]
    var options: ThumbnailOptions

    /// Writes every span that could be made (`SeveralOutputs`) and prints the list as JSON;
    /// exit status 1 when any span failed.
    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let boxes = targets.compactMap { target in target.box.map { (box: $0, name: OutputVariant.androidSuffix(target.cells?.description ?? "")) } }
        let pipeline = ThumbnailPipeline(options: options)
        let several = SeveralOutputs(input: input, output: output)
        let made = try several.make(options: options, names: boxes.map(\.name), console) { (input, file) throws(ImageError) in
            try pipeline.thumbnails(input, boxes: boxes, file: file)
        }
        let files = zip(targets, made).map { target, made in
            switch made.outcome {
            case .success(let thumbnail):
                Report.File(cells: target.cells?.description ?? "", output: RawPath.readable(made.path), width: thumbnail.size.width,
                            height: thumbnail.size.height, bytes: thumbnail.bytes.count,
                            argb8888Bytes: AndroidBitmapCap.bytes(of: thumbnail.size, .argb8888), shareBytes: target.shareBytes)
            case .failure(let error):
                Report.File(cells: target.cells?.description ?? "", shareBytes: target.shareBytes, error: SeveralOutputs.errorText(error))
            }
        }
        console.write(json: try JSONOutput.encode(Report(input: RawPath.readable(several.name), capBytes: targets.first?.capBytes ?? 0,
                                                   files: files)))
        return SeveralOutputs.status(made)
    }
}
