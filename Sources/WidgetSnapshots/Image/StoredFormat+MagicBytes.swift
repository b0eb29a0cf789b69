extension StoredFormat {
    /// The first bytes every file of this format starts with, each at its offset.
    var magic: [(offset: Int, bytes: [UInt8])] {
        switch self {
        case .jpeg: [(0, [0xFF, 0xD8, 0xFF])]
        // "\x89PNG" is enough: a damaged rest of the signature is a corrupt PNG, not another format.
        case .png: [(0, [0x89, 0x50, 0x4E, 0x47])]
        case .webp: [(0, Array("RIFF".utf8)), (8, Array("WEBP".utf8))]
        // ISO media: the ftyp box first, with the major brand libheif writes for each.
        case .avif: [(4, Array("ftypavif".utf8))]
        case .heic: [(4, Array("ftypheic".utf8))]
        }
    }

    /// How many leading bytes `init(magicBytesOf:)` reads.
    static let magicLength = 12

    /// The format of an encoded file by its first bytes, for the formats a container stores;
    /// nil for anything else. Files the pipeline only reads (HEIF brands other than ours) are
    /// `WidgetThumbnails`' `FormatSniffer`'s to decide.
    public init?(magicBytesOf bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.magicLength))
        let found = Self.allCases.first { format in
            format.magic.allSatisfy { offset, magic in
                head.count >= offset + magic.count && head[offset..<offset + magic.count].elementsEqual(magic)
            }
        }
        guard let found else { return nil }
        self = found
    }
}
