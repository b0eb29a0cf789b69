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
/// runs on one thread, since `batch` already runs an image per core, and runs where `process`
/// says (`HEIFEncodeProcess`: in a child process, a crash of x265's under memory pressure fails
/// one picture, not the program). What they cost and save against JPEG and WebP is in the
/// README's Quality section.
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
    /// `iccProfile` beside the sRGB nclx box, in `process` (the process-wide setting unless
    /// given). Throws `invalidArgument` for a quality outside `qualityRange` and `tooLarge` for
    /// a side over `maxDimension`.
    public static func encode(
        _ image: RGBAImage, codec: Codec, quality: Int, effort: EncodeEffort = .standard, iccProfile: ICCProfile? = nil,
        process: HEIFEncodeProcess = HEIFEncoder.process
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
        let bytes: [UInt8]
        do {
            bytes = try image.pixels.withUnsafeBufferPointer { (pixels) throws(ImageError) -> [UInt8] in
                try profile.withUnsafeBufferPointer { (icc) throws(ImageError) -> [UInt8] in
                    try ShimEncodeCall.run(format.name, free: { wt_heif_encode_free($0) }) { out, size, message in
                        encodeCall(pixels.baseAddress, width: image.width, height: image.height, alpha: image.hasTransparency,
                                   settings: &settings, icc: icc, in: process, out: out, size: size, message: message)
                    }
                }
            }
        } catch where codec == .hevc && error.reason.contains("Invalid image size") {
            // x265 refuses some thin pictures far under the 16,384 px limit (8x4352, 1x5000 and
            // 8192x1 here, while 64x8192 and 1x4104 encode): no rule we could state, so the
            // refusal is turned into one that says what does work.
            throw ImageError(.invalidArgument, """
                x265 cannot encode a \(image.size) picture as HEIC (too thin for its length): \
                AVIF, WebP and PNG can; \(error.reason)
                """)
        }
        try checkDecodesBack(bytes, as: image, format: format)
        return bytes
    }

    /// Every AVIF and HEIC output is decoded back before it is used: under memory pressure
    /// x265 wrote a 497-byte file of flat green and reported success (found with `ulimit -v`),
    /// a file that would also have won the byte-budget search. The decoded picture must be the
    /// encoded size, keep each channel's mean within `maxMeanShift`, and not be one flat colour
    /// where the picture was not (a grid of samples: a fraction of the encode's cost). Lossy
    /// coding blurs detail and noise but keeps means, so a noisy picture at the lowest quality
    /// still passes.
    static func checkDecodesBack(_ bytes: [UInt8], as image: RGBAImage, format: StoredFormat) throws(ImageError) {
        let decoded: RGBAImage
        do {
            decoded = try ImageDecoder.decode(bytes).image
        } catch {
            throw ImageError(.invalidArgument, "\(format.name) encoding failed: the encoded file does not decode (\(error.reason))")
        }
        guard decoded.size == image.size else {
            throw ImageError(.invalidArgument, "\(format.name) encoding failed: it decodes to \(decoded.size), not \(image.size)")
        }
        let before = SampleStatistics(image), after = SampleStatistics(decoded)
        let shift = zip(before.means, after.means).map { abs($0 - $1) }.max() ?? 0
        let flattened = after.spread < 1 && before.spread >= 8
        guard shift <= maxMeanShift, !flattened else {
            throw ImageError(.invalidArgument, """
                \(format.name) encoding failed: the encoded file decodes to another picture \
                (\(flattened ? "one flat colour" : "a channel's mean moved by \(Int(shift.rounded())) of 255"); \
                the encoder may have run out of memory)
                """)
        }
    }

    /// How far a channel's mean may move between the encoded and the decoded picture (0-255).
    /// At the lowest qualities we search (AVIF 40, HEIC 30) the corpus photos move by 1-2.
    static let maxMeanShift = 16.0

    /// Per-channel means and the largest per-channel standard deviation over a grid of at most
    /// 64x64 pixels.
    struct SampleStatistics {
        var means: [Double]
        var spread: Double

        init(_ image: RGBAImage) {
            let stepX = max(1, image.width / 64), stepY = max(1, image.height / 64)
            var sums = [Double](repeating: 0, count: 4), squares = sums, count = 0.0
            for y in stride(from: stepY / 2, to: image.height, by: stepY) {
                for x in stride(from: stepX / 2, to: image.width, by: stepX) {
                    let index = (y * image.width + x) * 4
                    for channel in 0..<4 {
                        let value = Double(image.pixels[index + channel])
                        sums[channel] += value
                        squares[channel] += value * value
                    }
                    count += 1
                }
            }
            let n = max(count, 1)
            means = sums.map { $0 / n }
            spread = (0..<4).map { max(0, squares[$0] / n - (sums[$0] / n) * (sums[$0] / n)).squareRoot() }.max() ?? 0
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
        refinesFractions: false, predictsFromTrials: true)
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
        refinesFractions: false, predictsFromTrials: true)
}
