import CWebP

/// Lossy WebP writer over libwebp (`WebPEncode` with a memory writer). Alpha is kept
/// (losslessly compressed) when some pixel is not opaque; libwebp leaves the ALPH chunk out
/// otherwise. An ICC profile makes the file extended (VP8X + ICCP, through libwebpmux).
/// No EXIF, no XMP.
public enum WebPEncoder {
    /// Everything one WebP encode is told: quality, method, alpha quality and sharp YUV.
    public struct Settings: Sendable, Equatable {
        /// 0-100; libwebp's quality is continuous, so fractions give sizes between the whole
        /// numbers' (the budget search uses quarter steps).
        public var quality: Double
        /// 0 (fastest) to 6 (smallest): libwebp's `method`. Default 4 (`EncodeEffort.standard`),
        /// what vipsthumbnail and Pillow use. Chosen with `scripts/quality-curves.py` on the
        /// corpus photos and samples at 500 px: method 1 (the old default) needs about 20% more
        /// bytes than 4 for the same luma SSIM, at about 0.4x its encode time; 3 scores the same
        /// as 4 at the same cost, 6 saves under 1% more; 2 costs 1.35x of 1 but still needs
        /// about 5% more bytes than vipsthumbnail on the photos. Autofilter gains another 1.5%
        /// at 6x the encode time, so it stays off.
        public var method: Int
        /// 0-100; 100 compresses the alpha plane losslessly, so edges stay exact.
        public var alphaQuality: Int
        /// Sharper RGB to YUV conversion: off. On the same curves it needs 4-7% more bytes for
        /// the same luma SSIM and gains nothing on RGB SSIM, at 2-3x the encode time; what it
        /// fixes is only visible on saturated red edges.
        public var sharpYUV: Bool

        /// Defaults: `method` 4 (`EncodeEffort.standard`), `alphaQuality` 100 (lossless alpha),
        /// `sharpYUV` off. Values are checked when encoding.
        public init(quality: Double, method: Int = EncodeEffort.standard.level, alphaQuality: Int = 100,
                    sharpYUV: Bool = false) {
            self.quality = quality
            self.method = method
            self.alphaQuality = alphaQuality
            self.sharpYUV = sharpYUV
        }

        /// The settings for `effort`: its level is the method.
        public init(quality: Double, effort: EncodeEffort) {
            self.init(quality: quality, method: effort.level)
        }
    }

    /// Quality (and alpha quality) libwebp accepts.
    public static let qualityRange = 0...100
    /// Methods libwebp accepts: 0 (fastest) to 6 (smallest).
    public static let methodRange = 0...6
    /// Largest width or height a WebP can have.
    public static let maxDimension = 16_383

    /// Encodes `image` as lossy WebP and embeds `iccProfile` as ICCP. Throws `invalidArgument`
    /// for settings outside their ranges and `tooLarge` for a side over `maxDimension`.
    public static func encode(
        _ image: RGBAImage, settings: Settings, iccProfile: ICCProfile? = nil
    ) throws(ImageError) -> [UInt8] {
        let qualities = Double(qualityRange.lowerBound)...Double(qualityRange.upperBound)
        guard qualities.contains(settings.quality), qualityRange.contains(settings.alphaQuality) else {
            throw ImageError(.invalidArgument,
                             "WebP quality \(EncodeAttempt.text(quality: settings.quality)) and alpha quality \(settings.alphaQuality) must be in \(qualityRange)")
        }
        guard methodRange.contains(settings.method) else {
            throw ImageError(.invalidArgument, "WebP method \(settings.method) is outside \(methodRange)")
        }
        guard image.width <= maxDimension, image.height <= maxDimension else {
            throw ImageError(.tooLarge, "\(image.size) is over WebP's \(maxDimension) px limit per side")
        }
        if let iccProfile { try iccProfile.checkEmbeddable(in: .webp) }
        var shim = wt_webp_encode_defaults()
        shim.quality = Float(settings.quality)
        shim.method = Int32(settings.method)
        shim.alpha_quality = Int32(settings.alphaQuality)
        shim.use_sharp_yuv = settings.sharpYUV ? 1 : 0
        let profile = iccProfile?.data ?? []
        return try image.pixels.withUnsafeBufferPointer { (pixels) throws(ImageError) -> [UInt8] in
            try profile.withUnsafeBufferPointer { (icc) throws(ImageError) -> [UInt8] in
                try ShimEncodeCall.run("WebP", free: { wt_webp_encode_free($0) }) { out, size, message in
                    wt_webp_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), &shim,
                                        icc.isEmpty ? nil : icc.baseAddress, icc.count,
                                        out, size, message)
                }
            }
        }
    }
}

extension WebPEncoder: ThumbnailEncoder {
    /// WebP keeps alpha (lossy WebP codes it losslessly beside the picture).
    public static var storesAlpha: Bool { true }

    /// WebP.
    public static var format: StoredFormat { .webp }

    /// Qualities 0-100, fractions allowed, searched from 75 down to 35. At 500 px WebP's bytes
    /// double over about 50 qualities below the start (the README's Quality section).
    public static let qualityScale: QualityScale? = QualityScale(
        range: qualityRange, standard: .webp, typicalSlope: 0.013, refinesFractions: true)

    /// `quality` with `effort`'s level as the method.
    public static func encode(_ image: RGBAImage, quality: Double, effort: EncodeEffort,
                              iccProfile: ICCProfile?) throws(ImageError) -> [UInt8] {
        try encode(image, settings: Settings(quality: quality, effort: effort), iccProfile: iccProfile)
    }
}
