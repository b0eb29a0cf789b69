import Foundation
import WidgetThumbnails

/// The one JSON style of every `--json`: one document, keys sorted (stable for diffs and
/// tests), indented, slashes in paths left alone.
enum JSONOutput {
    static func encode(_ value: some Encodable) throws(ImageError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw ImageError(.invalidArgument, "cannot encode the JSON output: \(error)")
        }
    }

    /// One compact line (`--json-lines`): keys sorted, no newline inside.
    static func line(_ value: some Encodable) throws(ImageError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw ImageError(.invalidArgument, "cannot encode the JSON output: \(error)")
        }
    }
}
