/// The formats we decode and encode. Decided by magic bytes, never by file name.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, webp

    /// The file extension we write for this format.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        }
    }
}
