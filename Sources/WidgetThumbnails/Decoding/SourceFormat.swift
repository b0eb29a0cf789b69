/// The formats we decode, decided by magic bytes (`FormatSniffer`), never by file name. Wider
/// than what a container stores (`StoredFormat`): HEIF files, HEIC and AVIF alike, are read by
/// one decoder over libheif, whatever we can write.
public enum SourceFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG.
    case jpeg
    /// PNG.
    case png
    /// WebP.
    case webp
    /// HEIF/HEIC and AVIF (the same container; libheif decodes both).
    case heif

    /// How messages name the format: "JPEG", "PNG", "WebP", "HEIF".
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .heif: "HEIF"
        }
    }
}
