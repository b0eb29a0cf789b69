/// A `widget-thumbs` command a finding or an explanation proposes, kept as words and printed
/// with every word shell-quoted: the one builder `check` and `explain` share, so a command
/// pasted from a terminal or a pull-request annotation runs exactly the words meant, whatever
/// a file name or a catalogue id holds.
public struct FixCommand: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// One word of the command.
    public enum Word: Sendable, Hashable {
        /// An option, a value or a fixed word, quoted when it holds anything but plain characters.
        case literal(String)
        /// A file path: quoted the same way, and a relative one starting with `-` written
        /// `./-...`, so it cannot be read as an option (or `-` as standard input).
        case path(String)
        /// A word the user replaces (`IMAGE`): printed as it is.
        case placeholder(String)
    }

    /// The words, the program's name first.
    public let words: [Word]
    /// Whether it rewrites the checked file in place (what `check --fix` does itself).
    public let rewritesInPlace: Bool

    /// A command of `words`.
    public init(_ words: [Word], rewritesInPlace: Bool = false) {
        self.words = words
        self.rewritesInPlace = rewritesInPlace
    }

    /// The command as one line to paste into a POSIX shell.
    public var description: String { words.map(Self.shellWord).joined(separator: " ") }

    /// The command as one string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `widget-thumbs thumbnail PATH -o PATH --replace --max-side N`: the file rewritten in
    /// place, in its own format (the extension says it: a PNG with alpha stays a PNG with alpha),
    /// under its name, so the image set's Contents.json still names it; `maxBytes` when the
    /// bytes are what is over.
    public static func inPlace(_ path: String, maxSide: Int, maxBytes: Int? = nil) -> FixCommand {
        FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .path(path), .literal("-o"), .path(path), .literal("--replace"),
                    .literal("--max-side"), .literal(String(maxSide))]
                   + (maxBytes.map { [.literal("--max-bytes"), .literal(String($0))] } ?? []), rewritesInPlace: true)
    }

    /// `widget-thumbs thumbnail LARGER-ORIGINAL -o PATH --max-side N`: an undersized image
    /// cannot be made sharper from itself; a larger original, made into `path` at the size it
    /// is drawn (never over its caps), can.
    public static func fromLargerOriginal(to path: String, maxSide: Int) -> FixCommand {
        FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .placeholder("LARGER-ORIGINAL"), .literal("-o"), .path(path),
                    .literal("--max-side"), .literal(String(maxSide))])
    }

    // MARK: - Quoting

    private static let plainPunctuation = Set("@%+=:,./_-".utf8)

    /// `word` as one shell word: bare when it is all plain characters; in single quotes when it
    /// holds nothing a terminal acts on; else as `"$(printf '...')"` with every control and
    /// every byte over 0x7F written `\NNN` (octal), which POSIX `sh` (dash included) runs, so
    /// the printed command is plain text that shows, and runs, the exact bytes of the name.
    /// (Command substitution drops trailing line feeds: a name ending in one comes out without
    /// it, a different name, never a different command.)
    static func shellWord(_ word: Word) -> String {
        switch word {
        case .placeholder(let text): return text
        case .literal(let text): return quoted(text)
        case .path(let path): return quoted(path.hasPrefix("-") ? "./" + path : path)
        }
    }

    /// `text` as one word for a POSIX shell (see `shellWord`).
    public static func quoted(_ text: String) -> String {
        let bytes = RawPath.encode(text)
        let plain = !bytes.isEmpty && bytes.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || plainPunctuation.contains(byte)
        }
        if plain { return text }
        let shows = !text.unicodeScalars.contains { DisplayText.controlsTerminal($0) || RawPath.escapedByte($0) != nil }
        if shows {
            var out = "'"
            for character in text { out += character == "'" ? "'\\''" : String(character) }
            return out + "'"
        }
        var out = "\"$(printf '"
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "'"): out += "'\\''"
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "%"): out += "%%"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += "\\" + String(repeating: "0", count: 3 - String(byte, radix: 8).count) + String(byte, radix: 8)
            }
        }
        return out + "')\""
    }
}
