import CTurboJPEG

/// JPEG writer over TurboJPEG's `tjCompress2`. Writes SOI, JFIF APP0, our ICC APP2 segments
/// when given a profile, then the image: no EXIF, no XMP, no orientation (pixels are upright).
public enum JPEGEncoder {
    /// Chroma subsampling.
    public enum Subsampling: Sendable, Equatable {
        /// Half-resolution chroma both ways: ~23% fewer bytes than 4:4:4 at the same quality.
        case yuv420
        /// Full-resolution chroma: crisp coloured edges (text, line art), ~1.3x the bytes.
        case yuv444
    }

    /// Entropy coding order.
    public enum Scan: Sendable, Equatable {
        /// One scan, standard Huffman tables. The default: under a 300 KB cap the few percent
        /// progressive saves do not matter, its encode time does, and a widget decodes a
        /// baseline JPEG with less memory.
        case baseline
        /// Several scans with optimised tables: 3-5% fewer bytes, 5-10x the encode time
        /// (0.7 vs 4-8 ms for 500x375).
        case progressive
    }

    public struct Settings: Sendable, Equatable {
        /// 1-100.
        public var quality: Int
        public var subsampling: Subsampling
        public var scan: Scan

        public init(quality: Int, subsampling: Subsampling? = nil, scan: Scan = .baseline) {
            self.quality = quality
            self.subsampling = subsampling ?? Self.subsampling(forQuality: quality)
            self.scan = scan
        }

        /// 4:2:0 below quality 90, 4:4:4 from 90 up: a caller who asks for 90+ wants fidelity,
        /// and chroma blur is what 4:2:0 visibly costs on edges; the budget search (40-80)
        /// stays on 4:2:0, where bytes grow steadily with quality.
        public static func subsampling(forQuality quality: Int) -> Subsampling {
            quality >= 90 ? .yuv444 : .yuv420
        }
    }

    /// Quality range TurboJPEG accepts.
    public static let qualityRange = 1...100
    /// Largest width or height a JPEG can have.
    public static let maxDimension = 65_500

    /// Encodes `image` (alpha is dropped after flattening onto white, so a transparent image
    /// never shows whatever colour hides under alpha 0) and embeds `iccProfile` as APP2.
    public static func encode(
        _ image: RGBAImage, settings: Settings, iccProfile: ICCProfile? = nil
    ) throws(ImageError) -> [UInt8] {
        guard qualityRange.contains(settings.quality) else {
            throw ImageError(.invalidArgument, "JPEG quality \(settings.quality) is outside \(qualityRange)")
        }
        guard image.width <= maxDimension, image.height <= maxDimension else {
            throw ImageError(.tooLarge, "\(image.size) is over JPEG's \(maxDimension) px limit per side")
        }
        if let iccProfile { try iccProfile.checkEmbeddable(in: .jpeg) }
        let opaque = image.hasTransparency ? image.flattened(onto: .white) : image
        let samp = settings.subsampling == .yuv444 ? WT_JPEG_SUBSAMPLING_444 : WT_JPEG_SUBSAMPLING_420
        let scan = settings.scan == .progressive ? WT_JPEG_SCAN_PROGRESSIVE : WT_JPEG_SCAN_BASELINE
        let jpeg = try opaque.pixels.withUnsafeBufferPointer { (pixels) throws(ImageError) -> [UInt8] in
            try ShimEncodeCall.run("JPEG", free: { wt_jpeg_encode_free($0) }) { out, size, text, capacity in
                wt_jpeg_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height),
                                    Int32(settings.quality), samp, scan, out, size, text, capacity)
            }
        }
        guard let iccProfile else { return jpeg }
        return try JPEGICCSegments.insert(iccProfile, into: jpeg)
    }
}
