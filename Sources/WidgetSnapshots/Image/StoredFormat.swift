/// The formats a container stores, which are the formats thumbnails are written in. Each
/// format's facts (extension, MIME type, name and magic bytes) are declared here once; the
/// layout's file names, the contact sheet and output naming read them. What the pipeline can
/// read is a separate, wider list (`WidgetThumbnails`' `SourceFormat`): a store never holds
/// a format it cannot name.
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

    /// The extensions that name this format, lower case; the first is the one we write
    /// (`images/thumbnail-<rev>.<ext>`), the others are only recognised in output names.
    public var fileExtensions: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg"]
        case .png: ["png"]
        case .webp: ["webp"]
        case .avif: ["avif"]
        case .heic: ["heic", "heif"]
        }
    }

    /// The extension we write: "jpg", "png", "webp".
    public var fileExtension: String { fileExtensions[0] }

    /// The media type, for data URLs and HTTP: "image/jpeg".
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .heic: "image/heic"
        }
    }

    /// How messages name the format: "JPEG", "PNG", "WebP", "AVIF", "HEIC".
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .avif: "AVIF"
        case .heic: "HEIC"
        }
    }

    /// The format whose extensions include `fileExtension` (any case), or nil.
    public init?(fileExtension: some StringProtocol) {
        let lowered = fileExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(lowered) }) else { return nil }
        self = format
    }
}
