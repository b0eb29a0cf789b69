/// Text from outside (file names, paths and reasons read from a container) made safe to print
/// on a terminal: nothing in it can move the cursor, change colours, reorder the line or start
/// a new one, so a hostile name cannot forge a line of output.
public enum DisplayText {
    /// `text` with every control character (C0, DEL, C1), line or paragraph separator and
    /// bidirectional control written as `\u{...}`, and each byte of a non-UTF-8 file name
    /// (`RawPath`) as `\xNN`.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if let byte = RawPath.escapedByte(scalar) {
                shown += "\\x" + hex(UInt32(byte), width: 2)
            } else if needsEscape(scalar) {
                shown += "\\u{" + hex(scalar.value, width: 1) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// At most `limit` scalars of `text`, escaped, with `...` when it was longer.
    public static func escaped(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return escaped(text) }
        return escaped(String(String.UnicodeScalarView(scalars.prefix(limit)))) + "..."
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F: true            // C0, DEL, C1 (CSI is 0x9B)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi controls
        case 0x2028, 0x2029: true                       // line and paragraph separators
        default: RawPath.escapedByte(scalar) != nil
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
