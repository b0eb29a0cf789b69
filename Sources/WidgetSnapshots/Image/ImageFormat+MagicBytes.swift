extension ImageFormat {
    /// The format of an encoded file by its first bytes, for the formats a container stores
    /// (JPEG, PNG, WebP); nil for anything else. HEIF needs its `ftyp` brands read, which
    /// `WidgetThumbnails`' `FormatSniffer` does.
    public init?(magicBytesOf bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && head[offset..<offset + magic.count].elementsEqual(magic)
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47]) {
            // "\x89PNG" is enough: a damaged rest of the signature is a corrupt PNG, not another format.
            self = .png
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// Whether a container may hold this format (`images/thumbnail-<rev>.<jpg|png|webp>`).
    public var isStorable: Bool { self != .heif }
}
