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

    /// Where a thumbnail fix reads from.
    public enum Source: Sendable, Hashable {
        /// The checked file itself.
        case image
        /// A larger original the user has (an undersized image cannot be made sharper from itself).
        case largerOriginal
    }

    /// The words, the program's name first.
    public let words: [Word]

    /// A command of `words`.
    public init(_ words: [Word]) { self.words = words }

    /// The command as one line to paste into a POSIX shell.
    public var description: String { words.map(Self.shellWord).joined(separator: " ") }

    /// The command as one string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `widget-thumbs thumbnail SOURCE -o STEM.family.EXT --family F` with the device choice:
    /// the context's own selection when `rows` are all its devices that show the family, else
    /// each row by id.
    public static func thumbnail(of path: String, source: Source, family: WidgetFamily, rows: [DeviceClass],
                                 context: CheckContext, extra: [String] = []) -> FixCommand {
        let name = path.split(separator: "/").last ?? ""
        let ext = name.contains(".") ? String(name.split(separator: ".").last ?? "png") : "png"
        var words: [Word] = [.literal("widget-thumbs"), .literal("thumbnail"),
                             source == .image ? .path(path) : .placeholder("LARGER-ORIGINAL"),
                             .literal("-o"), .path("\(stem(path)).\(family.rawValue).\(ext)"),
                             .literal("--family"), .literal(family.rawValue)]
        if let file = context.catalogFile { words += [.literal("--catalog"), .path(file)] }
        words += deviceWords(family: family, rows: rows, context: context)
        words += extra.map(Word.literal)
        return FixCommand(words)
    }

    /// The device options for `rows` showing `family`: the context's selection when they are
    /// all its devices that show the family, else `--device ID` for each.
    static func deviceWords(family: WidgetFamily, rows: [DeviceClass], context: CheckContext) -> [Word] {
        let all = rows.count == context.devices.filter { !$0.slots(for: family).isEmpty }.count
        guard all else { return rows.flatMap { [.literal("--device"), .literal($0.id)] } }
        let selection = context.selection
        return selection.names.flatMap { [.literal("--device"), .literal($0)] }
            + selection.platforms.flatMap { [.literal("--platform"), .literal($0.rawValue)] }
            + (selection.osVersion.map { [.literal("--os"), .literal(String($0))] } ?? [])
    }

    /// The path without its last extension.
    static func stem(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") ?? path.indices.first,
              let dot = path[slash...].lastIndex(of: "."), dot != path.startIndex else { return path }
        return String(path[..<dot])
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
