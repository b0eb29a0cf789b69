import Foundation
import WidgetThumbnails

/// The one JSON style of every `--json`: one document, keys sorted (stable for diffs and
/// tests), indented, slashes in paths left alone; and safe on a terminal (`terminalSafe`).
enum JSONOutput {
    static func encode(_ value: some Encodable) throws(ImageError) -> String {
        try encoded(value, [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    }

    /// One compact line (`--json-lines`): keys sorted, no newline inside.
    static func line(_ value: some Encodable) throws(ImageError) -> String {
        try encoded(value, [.sortedKeys, .withoutEscapingSlashes])
    }

    private static func encoded(_ value: some Encodable,
                                _ formatting: JSONEncoder.OutputFormatting) throws(ImageError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        do {
            return terminalSafe(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw ImageError(.invalidArgument, "cannot encode the JSON output: \(error)")
        }
    }

    /// `json` with every scalar a terminal acts on written as a `\uXXXX` escape. The encoder
    /// escapes the C0 controls itself but writes DEL, the C1 controls (CSI), the bidi controls
    /// and the line separators raw, and text read from a file (an ICC profile's description,
    /// a name) may hold any of them. Outside strings JSON has only ASCII punctuation and
    /// whitespace, so every such scalar is inside a string, where the escape means the same
    /// scalar: a JSON reader gets the text unchanged. All of them are in the BMP: four digits.
    static func terminalSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: escapedInJSON) else { return json }
        var safe = ""
        for scalar in json.unicodeScalars {
            if escapedInJSON(scalar) {
                let digits = String(scalar.value, radix: 16)
                safe += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// The C0 controls left raw are the indentation's newlines: structure, not text.
    private static func escapedInJSON(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && DisplayText.controlsTerminal(scalar)
    }
}
