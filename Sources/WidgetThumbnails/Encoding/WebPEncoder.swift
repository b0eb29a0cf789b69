import CWebP

/// Lossy WebP writer over libwebp (`WebPEncode` with a memory writer). Alpha is kept
/// (losslessly compressed) when some pixel is not opaque; libwebp leaves the ALPH chunk out
/// otherwise. An ICC profile makes the file extended (VP8X + ICCP, through libwebpmux).
/// No EXIF, no XMP.
public enum WebPEncoder {
    public struct Settings: Sendable, Equatable {
        /// 0-100.
        public var quality: Int
        /// 0 (fastest) to 6 (smallest). Default 1, measured on the corpus photos at 500 px,
        /// Q75 (libwebp instructions by callgrind; SSIM against a float Lanczos reference,
        /// `scripts/quality-report.py`): method 2 costs 1.5x the instructions of 1 and makes
        /// 12% smaller files but a lower SSIM (median 0.9375 vs 0.9397: it spends its effort
        /// on bytes, not fidelity); method 1 files are still 5% smaller than vipsthumbnail's
        /// (method 4). Method 0 is 0.77x the work of 1, with 11% more bytes than 1 (more than
        /// vipsthumbnail's) at the same SSIM. Methods 3-4 took ~2.4x the time of 2; 6 with
        /// alpha ~25x. Thumbnails sit far under the byte cap, so speed wins over the last bytes.
        public var method: Int
        /// 0-100; 100 compresses the alpha plane losslessly, so edges stay exact.
        public var alphaQuality: Int
        /// Sharper RGB to YUV conversion: off, since it cost 2-3x the encode time and ~5% more
        /// bytes for a difference only visible on saturated red edges.
        public var sharpYUV: Bool

        public init(quality: Int, method: Int = 1, alphaQuality: Int = 100, sharpYUV: Bool = false) {
            self.quality = quality
            self.method = method
            self.alphaQuality = alphaQuality
            self.sharpYUV = sharpYUV
        }
    }

    public static let qualityRange = 0...100
    public static let methodRange = 0...6
    /// Largest width or height a WebP can have.
    public static let maxDimension = 16_383

    public static func encode(
        _ image: RGBAImage, settings: Settings, iccProfile: ICCProfile? = nil
    ) throws(ImageError) -> [UInt8] {
        guard qualityRange.contains(settings.quality), qualityRange.contains(settings.alphaQuality) else {
            throw ImageError(.invalidArgument,
                             "WebP quality \(settings.quality) and alpha quality \(settings.alphaQuality) must be in \(qualityRange)")
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
                try ShimEncodeCall.run("WebP", free: { wt_webp_encode_free($0) }) { out, size, text, capacity in
                    wt_webp_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), &shim,
                                        icc.isEmpty ? nil : icc.baseAddress, icc.count,
                                        out, size, text, capacity)
                }
            }
        }
    }
}
