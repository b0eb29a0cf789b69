import Foundation
import WidgetThumbnails

/// The `--payload` file: any JSON value, read with a size cap so that the snapshot it goes
/// into stays under the reader's snapshot cap (`ReadLimits.snapshotBytes`, 1 MiB).
enum PayloadFile {
    /// 512 KiB: half the snapshot cap, leaving room for the snapshot's own fields.
    static let maxBytes = 512 * 1024

    static func read(_ path: String) throws(ImageError) -> JSONValue {
        let bytes = try InputFile.read(path, maxBytes: maxBytes)
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw ImageError(.invalidArgument, "the payload is not valid JSON: \(detail(bytes, error))", file: path)
        }
    }

    /// Where the JSON breaks: JSONDecoder on Linux only says "not valid JSON", while
    /// JSONSerialization names the character, so ask it.
    private static func detail(_ bytes: [UInt8], _ error: any Error) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            if let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String { return text }
        }
        if case DecodingError.dataCorrupted(let context) = error { return context.debugDescription }
        return String(describing: error)
    }
}
