/// Text from outside (file names, paths and reasons read from a container, strings read from an
/// image file) made safe to print on a terminal: nothing in it can move the cursor, change
/// colours, reorder the line or start a new one, so a hostile name cannot forge a line of
/// output. The escaping is reversible: a backslash is doubled, so no text reads like another.
/// `package`: the store's, WidgetThumbnails' and widget-thumbs' messages share it; a client
/// gets escaped text from the errors' `description`s.
package enum DisplayText {
    /// `text` with a backslash written as `\\`, each byte of a non-UTF-8 file name (`RawPath`)
    /// as `\xNN` (both as `RawPath.readable` writes them), and every scalar that
    /// `controlsTerminal` as `\u{...}`.
    package static func escaped(_ text: String) -> String {
        guarded(RawPath.readable(text))
    }

    /// `description` made safe to print without escaping it again: every scalar that
    /// `controlsTerminal` as `\u{...}` and each byte that is not UTF-8 as `\xNN`, but a
    /// backslash left as it is. For a message whose texts from outside were escaped where it
    /// was built (the store's errors and reasons quote them with `escaped`): escaping it whole
    /// would double every backslash of those escapes (`\u{1b}` would print as `\\u{1b}`), so
    /// it would no longer read back as the text it stands for. Anything in it that was not
    /// escaped still cannot drive the terminal. With `keepingLineBreaks`, a line feed stays
    /// (the line breaks of a report made of several lines; a carriage return is escaped).
    package static func guarded(_ description: String, keepingLineBreaks: Bool = false) -> String {
        func guards(_ scalar: Unicode.Scalar) -> Bool { needsGuard(scalar) && !(keepingLineBreaks && scalar == "\n") }
        guard description.unicodeScalars.contains(where: guards) else { return description }
        var shown = ""
        for scalar in description.unicodeScalars {
            if !guards(scalar) {
                shown.unicodeScalars.append(scalar)
            } else if RawPath.escapedByte(scalar) != nil {
                shown += RawPath.readable(String(scalar))
            } else {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: false) + "}"
            }
        }
        return shown
    }

    /// At most `limit` scalars of `text`, escaped, with `...` when it was longer.
    package static func escaped(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return escaped(text) }
        return escaped(String(String.UnicodeScalarView(scalars.prefix(limit)))) + "..."
    }

    /// Whether a terminal acts on `scalar` rather than showing it: the C0 controls, DEL and
    /// the C1 controls (0x9B is CSI, which starts an escape sequence on its own), the line
    /// and paragraph separators, and the bidirectional controls (embeddings, overrides and
    /// isolates U+202A-202E and U+2066-2069, the marks U+200E, U+200F and U+061C), which
    /// reorder what follows them on the line.
    package static func controlsTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// A control, or a byte that is not UTF-8 (what `guarded` escapes).
    private static func needsGuard(_ scalar: Unicode.Scalar) -> Bool {
        controlsTerminal(scalar) || RawPath.escapedByte(scalar) != nil
    }
}
