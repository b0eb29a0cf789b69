import CHEIF

/// AVIF and HEIC writers over libheif's encoders (libaom for AV1, x265 for HEVC): 8-bit 4:2:0,
/// an alpha plane only when some pixel is not opaque, an nclx box saying sRGB and, when given
/// one, the ICC profile as well. No EXIF, no XMP. Chosen only by name (`--format avif|heic`):
/// `auto` never writes them, since not every reader a thumbnail meets decodes them.
///
/// `EncodeEffort` picks the encoder's speed: AV1 `speed` 10 - effort (at most 9), HEVC preset
/// ultrafast, superfast, veryfast, faster, medium, slow, slower for 0-6. The standard effort 4
/// is each library's own default: libheif's aom speed 6 and x265's preset medium (libheif's
/// "slow" took about twice the time for about 5% fewer bytes on 500 px photos). Each encode
/// runs on one thread, since `batch` already runs an image per core. What they cost and save
/// against JPEG and WebP is in the README's Quality section.
public enum HEIFEncoder {
    /// The codec inside the HEIF container.
    public enum Codec: Sendable {
        /// AV1: an AVIF file.
        case av1
        /// HEVC: a HEIC file.
        case hevc

        /// The format a file of this codec is.
        public var format: StoredFormat {
            switch self {
            case .av1: .avif
            case .hevc: .heic
            }
        }
    }

    /// Quality libheif accepts: whole numbers 0-100.
    public static let qualityRange = 0...100
    /// The largest side we let either encoder try (AV1 and HEVC levels allow 16384 at most).
    public static let maxDimension = 16_384

    /// Encodes `image` with `codec` at `quality` (whole, 0-100) and `effort`, embedding
    /// `iccProfile` beside the sRGB nclx box. Throws `invalidArgument` for a quality outside
    /// `qualityRange` and `tooLarge` for a side over `maxDimension`.
    public static func encode(
        _ image: RGBAImage, codec: Codec, quality: Int, effort: EncodeEffort = .standard, iccProfile: ICCProfile? = nil
    ) throws(ImageError) -> [UInt8] {
        let format = codec.format
        guard qualityRange.contains(quality) else {
            throw ImageError(.invalidArgument, "\(format.name) quality \(quality) is outside \(qualityRange)")
        }
        guard image.width <= maxDimension, image.height <= maxDimension else {
            throw ImageError(.tooLarge, "\(image.size) is over \(format.name)'s \(maxDimension) px limit per side")
        }
        if let iccProfile { try iccProfile.checkEmbeddable(in: format) }
        var settings = wt_heif_encode_settings(codec: codec == .av1 ? WT_HEIF_CODEC_AV1 : WT_HEIF_CODEC_HEVC,
                                               quality: Int32(quality), effort: Int32(effort.level))
        let profile = iccProfile?.data ?? []
        let alpha: Int32 = image.hasTransparency ? 1 : 0
        return try image.pixels.withUnsafeBufferPointer { (pixels) throws(ImageError) -> [UInt8] in
            try profile.withUnsafeBufferPointer { (icc) throws(ImageError) -> [UInt8] in
                try ShimEncodeCall.run(format.name, free: { wt_heif_encode_free($0) }) { out, size, message in
                    wt_heif_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), alpha, &settings,
                                        icc.isEmpty ? nil : icc.baseAddress, icc.count, out, size, message)
                }
            }
        }
    }
}

/// An output format that is one codec in a HEIF container: its encode call is `HEIFEncoder`'s
/// with that codec, at a whole quality.
public protocol HEIFCodecEncoder: ThumbnailEncoder {
    /// The codec the container holds.
    static var codec: HEIFEncoder.Codec { get }
}

extension HEIFCodecEncoder {
    /// The codec's format (AVIF or HEIC).
    public static var format: StoredFormat { codec.format }

    /// Both codecs get an alpha plane when some pixel is not opaque.
    public static var storesAlpha: Bool { true }

    /// A whole `quality` with `effort`'s aom speed or x265 preset.
    public static func encode(_ image: RGBAImage, quality: Double, effort: EncodeEffort,
                              iccProfile: ICCProfile?) throws(ImageError) -> [UInt8] {
        try HEIFEncoder.encode(image, codec: codec, quality: QualityScale.whole(quality, for: format), effort: effort,
                               iccProfile: iccProfile)
    }
}

/// AVIF through `HEIFEncoder` (AV1).
public enum AVIFEncoder: HEIFCodecEncoder {
    /// AV1, through libaom.
    public static var codec: HEIFEncoder.Codec { .av1 }

    /// Whole qualities 0-100, searched from 60 down to 40: on the corpus photos at 500 px
    /// (`scripts/quality-curves.py`), 60 gives the luma SSIM of JPEG's start 80 and 40 about
    /// that of JPEG's floor 40. Bytes double over about 17 qualities below the start.
    public static let qualityScale: QualityScale? = QualityScale(
        range: HEIFEncoder.qualityRange, standard: QualityRange(start: 60, floor: 40), typicalSlope: 0.04,
        refinesFractions: false)
}

/// HEIC through `HEIFEncoder` (HEVC).
public enum HEICEncoder: HEIFCodecEncoder {
    /// HEVC, through x265.
    public static var codec: HEIFEncoder.Codec { .hevc }

    /// Whole qualities 0-100, searched from 45 down to 30: libheif maps quality to x265's
    /// CRF on another scale than aom's, and on the corpus photos at 500 px 45 gives the luma
    /// SSIM of JPEG's start 80 and 30 about that of JPEG's floor 40. Bytes double over about
    /// 12 qualities below the start.
    public static let qualityScale: QualityScale? = QualityScale(
        range: HEIFEncoder.qualityRange, standard: QualityRange(start: 45, floor: 30), typicalSlope: 0.06,
        refinesFractions: false)
}
