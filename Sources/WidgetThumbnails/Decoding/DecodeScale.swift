/// How a decoder shrinks an image on load for a thumbnail that fits a box (`SourceDecoder
/// .decodeScale`): what `widget-thumbs inspect` shows and the memory estimate counts.
public struct DecodeScale: Sendable, Encodable, Equatable, CustomStringConvertible {
    /// How the decoded size is reached.
    public enum Method: String, Sendable, Encodable {
        /// JPEG: an n/8 DCT scale.
        case dctScale
        /// WebP: libwebp's `use_scaling` to any size.
        case scaledDecode
        /// No shrink on load: the source is small enough, or the format cannot (PNG, HEIF).
        case fullSize
        /// HEIF: an embedded thumbnail stands in for the primary image.
        case embeddedThumbnail
    }

    /// How the decoded size is reached.
    public var method: Method
    /// The fraction of the stored size, for a DCT scale or full size; nil for a free WebP
    /// scale or an embedded thumbnail.
    public var numerator: Int?
    /// The fraction's denominator (see `numerator`).
    public var denominator: Int?
    /// The decoded width (stored orientation).
    public var width: Int
    /// The decoded height (stored orientation).
    public var height: Int

    /// Stores each as given; `fraction` nil leaves both parts nil.
    init(method: Method, fraction: (num: Int, denom: Int)?, size: PixelSize) {
        self.method = method
        numerator = fraction?.num
        denominator = fraction?.denom
        width = size.width
        height = size.height
    }

    /// The scale `info`'s decoder (`Decoders`) picks for a thumbnail that fits `box`, with
    /// `options`' limits and HEIF choices: the same as `DecodeSession.decodeScale(for:options:)`
    /// for an input whose header says `info`.
    public init(info: ImageInfo, box: PixelSize, options: DecodeOptions = DecodeOptions()) {
        self = Decoders.decoder(for: info.format).decodeScale(info, box: box, options: options)
    }

    /// The decoded size (stored orientation).
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// `1/4 DCT scale -> 816x612`, `scaled decode -> 1000x750`, `full size (1) -> 32x32`.
    public var description: String {
        let size = "\(width)x\(height)"
        switch method {
        case .dctScale: return "\(numerator ?? 1)/\(denominator ?? 1) DCT scale -> \(size)"
        case .scaledDecode: return "scaled decode -> \(size)"
        case .fullSize: return "full size (1) -> \(size)"
        case .embeddedThumbnail: return "embedded thumbnail -> \(size)"
        }
    }
}
