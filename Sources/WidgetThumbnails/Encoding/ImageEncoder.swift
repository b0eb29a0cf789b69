/// Encodes an RGBA image in one of our output formats with the settings of an effort level,
/// through the encoder that declares that format. Callers that need a format's knobs (JPEG
/// scan, WebP method, PNG level) call `JPEGEncoder`, `WebPEncoder` or `PNGEncoder` directly.
public enum ImageEncoder {
    /// The encoder that writes `format`: the table a new output format joins with one row (the
    /// switch is exhaustive, so a stored format without an encoder does not compile).
    public static func encoder(for format: StoredFormat) -> any ThumbnailEncoder.Type {
        switch format {
        case .jpeg: JPEGEncoder.self
        case .png: PNGEncoder.self
        case .webp: WebPEncoder.self
        case .avif: AVIFEncoder.self
        case .heic: HEICEncoder.self
        }
    }

    /// The formats we write that keep alpha (their encoder's `storesAlpha`), in `StoredFormat`'s
    /// order: what a warning about a lost alpha channel suggests instead.
    public static var formatsStoringAlpha: [StoredFormat] {
        StoredFormat.allCases.filter { encoder(for: $0).storesAlpha }
    }

    /// `quality` must lie in the format's `QualityScale.range` (a whole number unless the scale
    /// refines fractions) and is ignored by lossless formats, as is `effort`. Errors carry no
    /// file name; callers add it with `naming(_:)`.
    public static func encode(
        _ image: RGBAImage, format: StoredFormat, quality: Double, effort: EncodeEffort = .standard,
        iccProfile: ICCProfile? = nil
    ) throws(ImageError) -> [UInt8] {
        try encoder(for: format).encode(image, quality: quality, effort: effort, iccProfile: iccProfile)
    }
}
