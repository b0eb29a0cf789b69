/// The formats we decode; all but HEIF are also the formats we encode (`OutputFormat` never
/// resolves to HEIF). Decided by magic bytes, never by file name.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG (`.jpg`).
    case jpeg
    /// PNG (`.png`).
    case png
    /// WebP (`.webp`).
    case webp
    /// HEIF/HEIC and AVIF (the same container; libheif decodes both): input only.
    case heif

    /// The file extension for this format (what we write, or for HEIF what we read).
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .heif: "heic"
        }
    }
}
