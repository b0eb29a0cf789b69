import CPNG

/// PNG writer over libpng: 8-bit, not interlaced, RGB when every pixel is opaque (a quarter
/// fewer bytes to compress), RGBA otherwise, with an iCCP chunk when given a profile.
/// Lossless, so it has no quality: only the pixel size changes the byte count.
public enum PNGEncoder {
    /// What one PNG encode is told: only the zlib compression level.
    public struct Settings: Sendable, Equatable {
        /// zlib level 0-9. Default 6: on a 500x375 photo level 9 saved nothing over 6, and
        /// level 1 was 3x faster but 12% larger.
        public var compressionLevel: Int

        /// `compressionLevel` defaults to 6; it is checked when encoding.
        public init(compressionLevel: Int = 6) {
            self.compressionLevel = compressionLevel
        }
    }

    /// zlib levels libpng accepts: 0 (store) to 9 (smallest).
    public static let compressionRange = 0...9
    /// libpng's default user limit on width and height, which applies to writing too.
    public static let maxDimension = 1_000_000

    /// Encodes `image` losslessly and embeds `iccProfile` as iCCP. Throws `invalidArgument` for
    /// a level outside `compressionRange` and `tooLarge` for a side over `maxDimension`.
    public static func encode(
        _ image: RGBAImage, settings: Settings = Settings(), iccProfile: ICCProfile? = nil
    ) throws(ImageError) -> [UInt8] {
        guard compressionRange.contains(settings.compressionLevel) else {
            throw ImageError(.invalidArgument,
                             "PNG compression level \(settings.compressionLevel) is outside \(compressionRange)")
        }
        guard image.width <= maxDimension, image.height <= maxDimension else {
            throw ImageError(.tooLarge, "\(image.size) is over libpng's \(maxDimension) px limit per side")
        }
        if let iccProfile { try iccProfile.checkEmbeddable(in: .png) }
        let channels = image.hasTransparency ? WT_PNG_CHANNELS_RGBA : WT_PNG_CHANNELS_RGB
        let profile = iccProfile?.data ?? []
        return try image.pixels.withUnsafeBufferPointer { (pixels) throws(ImageError) -> [UInt8] in
            try profile.withUnsafeBufferPointer { (icc) throws(ImageError) -> [UInt8] in
                try ShimEncodeCall.run("PNG", free: { wt_png_encode_free($0) }) { out, size, message in
                    wt_png_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), channels,
                                       Int32(settings.compressionLevel), icc.isEmpty ? nil : icc.baseAddress,
                                       icc.count, out, size, message)
                }
            }
        }
    }
}

extension PNGEncoder: ThumbnailEncoder {
    /// PNG.
    public static var format: StoredFormat { .png }

    /// Lossless: no quality, so the budget search only shrinks the pixel size.
    public static var qualityScale: QualityScale? { nil }
    /// PNG keeps alpha (RGBA, or RGB when every pixel is opaque).
    public static var storesAlpha: Bool { true }

    /// The default settings; `quality` and `effort` do not apply.
    public static func encode(_ image: RGBAImage, quality: Double, effort: EncodeEffort,
                              iccProfile: ICCProfile?) throws(ImageError) -> [UInt8] {
        try encode(image, settings: Settings(), iccProfile: iccProfile)
    }
}
