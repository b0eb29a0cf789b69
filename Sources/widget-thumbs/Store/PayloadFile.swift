import WidgetThumbnails

/// The `--payload` file: any JSON value, read with a size cap so that the snapshot it goes
/// into stays under the reader's snapshot cap (`ReadLimits.snapshotBytes`, 1 MiB). It is parsed
/// strictly and kept exactly (`JSONValue(parsing:)`): a payload that JSON leaves ambiguous
/// (a duplicate key) is refused rather than stored with one reading of it.
enum PayloadFile {
    /// 512 KiB: half the snapshot cap, leaving room for the snapshot's own fields.
    static let maxBytes = 512 * 1024

    static func read(_ path: String) throws(ImageError) -> JSONValue {
        let bytes = try InputFile.read(path, maxBytes: maxBytes)
        do {
            return try JSONValue(parsing: bytes)
        } catch {
            throw ImageError(.invalidArgument, "the payload is not valid JSON: \(error.description)", file: path)
        }
    }
}
