/// Decides an input's format from its first bytes. Anything that is not a `SourceFormat` is
/// refused, with the format named when we recognise it so the message is useful.
public enum FormatSniffer {
    /// What the first bytes say.
    public enum Verdict: Sendable, Equatable {
        /// A format we decode.
        case supported(SourceFormat)
        /// A format we recognise but do not decode (GIF, TIFF, ...), or nil when unknown.
        case unsupported(String?)
    }

    /// The verdict on an input from its first bytes: the magic number, or for HEIF and AVIF the
    /// `ftyp` box's brands. Never throws: an unknown input is `.unsupported(nil)`.
    public static func sniff(_ bytes: some Collection<UInt8>) -> Verdict {
        // Each format's row says how its first bytes tell it (`SourceFormat`). A PNG whose
        // signature lost its CR or LF is a corrupt PNG, and the PNG decoder says so.
        if let format = SourceFormat.identify(bytes) { return .supported(format) }
        return .unsupported(recognisedName(Array(bytes.prefix(32))))
    }

    /// Names the common formats people feed an image tool by mistake.
    private static func recognisedName(_ head: [UInt8]) -> String? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool { has(head, magic, at: offset) }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "GIF" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts(Array("BM".utf8)) { return "BMP" }
        if starts(Array("ftyp".utf8), at: 4) {
            // ISO media without an image brand: MP4, MOV, 3GP, Canon CR3, ...
            let brand = String(decoding: head.dropFirst(8).prefix(4), as: UTF8.self)
            return "ISO media (brand \"\(brand)\")"
        }
        if starts(Array("RIFF".utf8)) { return "RIFF (not WebP)" }
        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50]) || starts([0xFF, 0x4F, 0xFF, 0x51]) { return "JPEG 2000" }
        if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "JPEG XL" }
        if starts(Array("%PDF".utf8)) { return "PDF" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "ICO" }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        if text.contains("<svg") || text.hasPrefix("<?xml") { return "SVG/XML" }
        if head.isEmpty { return "empty file" }
        if head.allSatisfy({ $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) || $0 >= 0x80 }) {
            return "text"
        }
        return nil
    }

    private static func has(_ head: [UInt8], _ magic: [UInt8], at offset: Int) -> Bool {
        head.count >= offset + magic.count && head[offset..<offset + magic.count].elementsEqual(magic)
    }
}
