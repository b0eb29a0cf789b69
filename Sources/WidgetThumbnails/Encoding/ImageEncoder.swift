/// Encodes an RGBA image in one of our output formats with the settings of an effort level.
/// Callers that need a format's knobs (JPEG scan, WebP method, PNG level) call
/// `JPEGEncoder`, `WebPEncoder` or `PNGEncoder` directly.
public enum ImageEncoder {
    /// `quality` is a whole number 1-100 for JPEG, 0-100 for WebP (fractions allowed), and
    /// ignored for PNG (lossless), as is `effort`. Errors carry no file name; callers add it
    /// with `naming(_:)`.
    public static func encode(
        _ image: RGBAImage, format: ImageFormat, quality: Double, effort: EncodeEffort = .standard,
        iccProfile: ICCProfile? = nil
    ) throws(ImageError) -> [UInt8] {
        switch format {
        case .jpeg:
            guard let whole = Int(exactly: quality) else {
                throw ImageError(.invalidArgument, "JPEG quality \(quality) must be a whole number")
            }
            return try JPEGEncoder.encode(image, settings: .init(quality: whole, effort: effort), iccProfile: iccProfile)
        case .webp: return try WebPEncoder.encode(image, settings: .init(quality: quality, effort: effort), iccProfile: iccProfile)
        case .png: return try PNGEncoder.encode(image, iccProfile: iccProfile)
        case .heif: throw ImageError(.invalidArgument, "HEIF is an input format only: thumbnails are JPEG, WebP or PNG")
        }
    }
}
