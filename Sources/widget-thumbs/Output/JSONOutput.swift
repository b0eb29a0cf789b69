import Foundation
import WidgetThumbnails

/// The one JSON style of every `--json`: one document, keys sorted (stable for diffs and
/// tests), indented, slashes in paths left alone; made safe on a terminal where it is printed
/// (`Console.write(json:to:)`, with `terminalSafe`).
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
            return String(decoding: try encoder.encode(value), as: UTF8.self)
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
    /// A byte that is not UTF-8 (`RawPath`'s stand-in scalar, in a name no one made readable)
    /// is written as `RawPath.readable` writes it, `\xNN`, its backslash escaped for JSON:
    /// the stand-in itself would name a file that does not exist.
    static func terminalSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: escapedInJSON) else { return json }
        var safe = ""
        for scalar in json.unicodeScalars {
            if let byte = RawPath.escapedByte(scalar) {
                safe += "\\\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            } else if escapedInJSON(scalar) {
                let digits = String(scalar.value, radix: 16)
                safe += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// The only C0 control left raw is the indentation's newline: structure, not text (the
    /// encoder escapes every other one inside strings, and JSON has none outside them).
    private static func escapedInJSON(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && DisplayText.controlsTerminal(scalar) || RawPath.escapedByte(scalar) != nil
    }
}
