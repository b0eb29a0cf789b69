/// Encodes an RGBA image in one of our output formats with each format's default settings.
/// Callers that need a format's knobs (JPEG scan, WebP method, PNG level) call
/// `JPEGEncoder`, `WebPEncoder` or `PNGEncoder` directly.
public enum ImageEncoder {
    /// `quality` is 1-100 for JPEG, 0-100 for WebP, and ignored for PNG (lossless).
    /// `webpMethod` overrides `WebPEncoder.Settings`' default method (nil keeps it).
    /// Errors carry no file name; callers add it with `naming(_:)`.
    public static func encode(
        _ image: RGBAImage, format: ImageFormat, quality: Int, iccProfile: ICCProfile? = nil, webpMethod: Int? = nil
    ) throws(ImageError) -> [UInt8] {
        switch format {
        case .jpeg: return try JPEGEncoder.encode(image, settings: .init(quality: quality), iccProfile: iccProfile)
        case .webp:
            var settings = WebPEncoder.Settings(quality: quality)
            if let webpMethod { settings.method = webpMethod }
            return try WebPEncoder.encode(image, settings: settings, iccProfile: iccProfile)
        case .png: return try PNGEncoder.encode(image, iccProfile: iccProfile)
        case .heif: throw ImageError(.invalidArgument, "HEIF is an input format only: thumbnails are JPEG, WebP or PNG")
        }
    }
}
