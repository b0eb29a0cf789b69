/// What the caller asks for: a format, or `auto`.
public enum OutputFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG for opaque images, WebP for images with any transparency (JPEG has no alpha).
    case auto
    /// That format, whatever the image (JPEG flattens alpha onto white).
    case jpeg, webp, png

    /// The format to write `image` in.
    public func resolved(for image: RGBAImage) -> ImageFormat {
        switch self {
        case .auto: image.hasTransparency ? .webp : .jpeg
        case .jpeg: .jpeg
        case .webp: .webp
        case .png: .png
        }
    }
}
