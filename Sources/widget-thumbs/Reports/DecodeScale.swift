import WidgetThumbnails

/// How a decoder would shrink `info` on load for a thumbnail that fits `box`: the same choice
/// the decoders make. JPEG: `JPEGScaleChoice.dctScale` exactly. WebP: scaled decode straight
/// to `ShrinkOnLoad.minimumDecodeSize`. PNG: no scaled decode (scale 1).
struct DecodeScale: Encodable, Equatable, CustomStringConvertible {
    enum Method: String, Encodable {
        /// JPEG: an n/8 DCT scale.
        case dctScale
        /// WebP: libwebp's `use_scaling` to any size.
        case scaledDecode
        /// No shrink on load: the source is small enough, or the format cannot (PNG, HEIF).
        case fullSize
        /// HEIF: an embedded thumbnail stands in for the primary image.
        case embeddedThumbnail
    }

    var method: Method
    /// The fraction of the stored size, for a DCT scale or full size; nil for a free WebP scale.
    var numerator: Int?
    var denominator: Int?
    /// The decoded size (stored orientation).
    var width: Int
    var height: Int

    /// `embeddedThumbnails` matters only for HEIF (`--full-decode` makes it `.never`).
    init(info: ImageInfo, box: PixelSize, embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough) {
        switch info.format {
        case .jpeg:
            let scale = JPEGScaleChoice.dctScale(for: info, box: box)
            let size = JPEGScaleChoice.scaledSize(info.size, by: scale)
            self.init(method: scale.num == scale.denom ? .fullSize : .dctScale,
                      fraction: scale, size: size)
        case .webp:
            let size = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
            self.init(method: size == info.size ? .fullSize : .scaledDecode,
                      fraction: size == info.size ? (1, 1) : nil, size: size)
        case .png:
            self.init(method: .fullSize, fraction: (1, 1), size: info.size)
        case .heif:
            let choice = (try? HEIFImageChoice.choose(primary: info.size, thumbnails: info.heif?.thumbnails ?? [],
                                                      box: box, limits: .default, policy: embeddedThumbnails)) ?? .primary
            switch choice {
            case .primary:
                self.init(method: .fullSize, fraction: (1, 1), size: info.size)
            case .embeddedThumbnail(let image, _):
                self.init(method: .embeddedThumbnail, fraction: nil, size: image.size)
            }
        }
    }

    private init(method: Method, fraction: (Int, Int)?, size: PixelSize) {
        self.method = method
        self.numerator = fraction?.0
        self.denominator = fraction?.1
        self.width = size.width
        self.height = size.height
    }

    /// `1/4 DCT scale -> 816x612`, `scaled decode -> 1000x750`, `full size (1) -> 32x32`.
    var description: String {
        let size = "\(width)x\(height)"
        switch method {
        case .dctScale: return "\(numerator ?? 1)/\(denominator ?? 1) DCT scale -> \(size)"
        case .scaledDecode: return "scaled decode -> \(size)"
        case .fullSize: return "full size (1) -> \(size)"
        case .embeddedThumbnail: return "embedded thumbnail -> \(size)"
        }
    }
}
