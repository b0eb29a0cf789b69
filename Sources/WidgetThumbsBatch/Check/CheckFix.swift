import WidgetThumbnails

/// `check --fix`: one image rewritten in place at its conforming size (`ConformingSize`), by
/// the same options `thumbnail FILE -o FILE --replace --max-side N [--max-bytes B]` builds (the
/// command each finding prints), so the fix a run makes and the one a user pastes are the same
/// file. The format is the one the name says (a PNG stays a PNG, with its alpha); the name does
/// not change, so the image set's Contents.json needs no change; the file is replaced by
/// rename only while it is still the file that was read (`OutputPlacement.replaceInPlace`).
package enum CheckFix {
    /// The options of the printed command: a `maxSide` box, the name's format, `maxBytes`.
    package static func options(for path: String, maxSide: Int, maxBytes: Int?) -> ThumbnailOptions? {
        guard let format = OutputFormat(ofName: path) else { return nil }
        var options = ThumbnailOptions()
        options.box = PixelSize(width: maxSide, height: maxSide)
        options.format = format
        if let maxBytes { options.budget = ByteBudget(cap: maxBytes) }
        return options
    }

    /// Rewrites `path` (`size` upright, `bytes` long) to fit a `maxSide` box.
    package static func rewrite(_ path: String, size: PixelSize, bytes: Int, maxSide: Int, maxBytes: Int?) throws(ImageError) -> FixedImage {
        guard let original = FileIdentity(path: path) else { throw ImageError(.io, "the file to rewrite is gone", file: path) }
        guard let options = options(for: path, maxSide: maxSide, maxBytes: maxBytes) else {
            throw ImageError(.invalidArgument, "its name has no image extension, so the format to keep is unknown; not rewritten",
                             file: path)
        }
        let thumbnail = try ThumbnailPipeline(options: options).thumbnail(.path(path))
        try OutputPlacement.replaceInPlace(thumbnail.bytes, at: path, original: original)
        return FixedImage(file: path, before: [size.width, size.height], after: [thumbnail.size.width, thumbnail.size.height],
                      bytesBefore: bytes, bytesAfter: thumbnail.bytes.count)
    }
}
