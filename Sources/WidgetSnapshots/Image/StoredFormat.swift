/// The formats a container stores, which are the formats thumbnails are written in. Each
/// format's facts (extensions, MIME type, name and magic bytes) are one row of `declaration`;
/// the layout's file names, the contact sheet, output naming and the magic-byte check read
/// them. What the pipeline can read is a separate, wider list (`WidgetThumbnails`'
/// `SourceFormat`): a store never holds a format it cannot name.
public enum StoredFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG (`.jpg`).
    case jpeg
    /// WebP (`.webp`).
    case webp
    /// PNG (`.png`).
    case png
    /// AVIF (`.avif`): AV1 in a HEIF container. Written only when asked for, never by `auto`.
    case avif
    /// HEIC (`.heic`): HEVC in a HEIF container. Written only when asked for, never by `auto`.
    case heic

    /// Everything the store and the tools know about one format.
    private struct Declaration {
        /// Lower case; the first is the one we write, the others are recognised in output names.
        var extensions: [String]
        var mimeType: String
        var name: String
        /// The bytes every file of the format starts with, each at its offset.
        var magic: [(offset: Int, bytes: [UInt8])]
    }

    private var declaration: Declaration {
        switch self {
        case .jpeg: Declaration(extensions: ["jpg", "jpeg"], mimeType: "image/jpeg", name: "JPEG",
                                magic: [(0, [0xFF, 0xD8, 0xFF])])
        case .webp: Declaration(extensions: ["webp"], mimeType: "image/webp", name: "WebP",
                                magic: [(0, Array("RIFF".utf8)), (8, Array("WEBP".utf8))])
        // "\x89PNG" is enough: a damaged rest of the signature is a corrupt PNG, not another format.
        case .png: Declaration(extensions: ["png"], mimeType: "image/png", name: "PNG",
                               magic: [(0, [0x89, 0x50, 0x4E, 0x47])])
        // ISO media: the ftyp box first, with the major brand libheif writes for each.
        case .avif: Declaration(extensions: ["avif"], mimeType: "image/avif", name: "AVIF",
                                magic: [(4, Array("ftypavif".utf8))])
        case .heic: Declaration(extensions: ["heic", "heif"], mimeType: "image/heic", name: "HEIC",
                                magic: [(4, Array("ftypheic".utf8))])
        }
    }

    /// The extensions that name this format, lower case; the first is the one we write
    /// (`images/thumbnail-<rev>.<ext>`), the others are only recognised in output names.
    public var fileExtensions: [String] { declaration.extensions }

    /// The extension we write: "jpg", "webp", "png", "avif", "heic".
    public var fileExtension: String { fileExtensions[0] }

    /// The media type, for data URLs and HTTP: "image/jpeg".
    public var mimeType: String { declaration.mimeType }

    /// How messages name the format: "JPEG", "WebP", "PNG", "AVIF", "HEIC".
    public var name: String { declaration.name }

    /// The format whose extensions include `fileExtension` (any case), or nil.
    public init?(fileExtension: some StringProtocol) {
        let lowered = fileExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(lowered) }) else { return nil }
        self = format
    }

    /// How many leading bytes `init(magicBytesOf:)` reads.
    static let magicLength = 12

    /// The format of an encoded file by its first bytes, for the formats a container stores;
    /// nil for anything else. Files the pipeline only reads (HEIF brands other than ours) are
    /// `WidgetThumbnails`' `FormatSniffer`'s to decide.
    public init?(magicBytesOf bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.magicLength))
        let found = Self.allCases.first { format in
            format.declaration.magic.allSatisfy { offset, magic in
                head.count >= offset + magic.count && head[offset..<offset + magic.count].elementsEqual(magic)
            }
        }
        guard let found else { return nil }
        self = found
    }
}
