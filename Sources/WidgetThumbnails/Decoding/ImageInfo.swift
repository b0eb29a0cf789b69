/// What a header probe learns about an image without decoding its pixels.
public struct ImageInfo: Sendable, Equatable {
    /// How the pixel data is ordered in the file.
    public enum ScanOrder: String, Sendable, Codable {
        /// Top to bottom in one pass (baseline JPEG, non-interlaced PNG, WebP, HEIF).
        case sequential
        /// JPEG progressive (several scans refine the whole image).
        case progressive
        /// PNG Adam7.
        case interlaced
    }

    /// The colour model of the stored samples, before we convert them to RGBA.
    public enum ColorModel: String, Sendable, Codable {
        /// Grey, grey with alpha, RGB, RGBA, palette (PNG), CMYK and YCCK (Adobe JPEG).
        case gray, grayAlpha, rgb, rgba, palette, cmyk, ycck
    }

    /// The container format, as sniffed.
    public var format: SourceFormat
    /// Stored size (before orientation).
    public var size: PixelSize
    /// The EXIF orientation the thumbnail applies (`.up` when there is no tag, and always for HEIF).
    public var orientation: EXIFOrientation
    /// The stored samples' colour model.
    public var colorModel: ColorModel
    /// Whether the file can carry transparency (alpha channel, tRNS, WebP alpha).
    public var hasAlpha: Bool
    /// Bits per sample as stored (1-16).
    public var bitDepth: Int
    /// Sequential, progressive (JPEG) or interlaced (PNG).
    public var scanOrder: ScanOrder
    /// The embedded ICC profile, when there is one; for a HEIF with only an `nclx` box, the
    /// profile built from it unless it is sRGB.
    public var iccProfile: ICCProfile?
    /// WebP: frames in an animation (1 for a still image); 1 for other formats.
    public var frameCount: Int
    /// WebP: lossless (VP8L) bitstream.
    public var isLossless: Bool
    /// HEIF: transforms, EXIF tag, embedded and auxiliary images, colour source; nil otherwise.
    /// For HEIF, `size` is the primary's upright size (libheif applies its transforms) and
    /// `orientation` is always `.up`.
    public var heif: HEIFDetails?

    /// The optional parameters default to an upright, sequential, 8-bit, single-frame, lossy
    /// image with no ICC profile and no HEIF details.
    public init(format: SourceFormat, size: PixelSize, orientation: EXIFOrientation = .up,
                colorModel: ColorModel, hasAlpha: Bool, bitDepth: Int = 8,
                scanOrder: ScanOrder = .sequential, iccProfile: ICCProfile? = nil,
                frameCount: Int = 1, isLossless: Bool = false, heif: HEIFDetails? = nil) {
        self.format = format
        self.size = size
        self.orientation = orientation
        self.colorModel = colorModel
        self.hasAlpha = hasAlpha
        self.bitDepth = bitDepth
        self.scanOrder = scanOrder
        self.iccProfile = iccProfile
        self.frameCount = frameCount
        self.isLossless = isLossless
        self.heif = heif
    }

    /// The upright size, after the EXIF orientation is applied.
    public var orientedSize: PixelSize { orientation.orientedSize(size) }
}
