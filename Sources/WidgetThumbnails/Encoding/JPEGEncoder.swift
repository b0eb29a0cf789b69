import CTurboJPEG

/// JPEG writer over libjpeg-turbo's libjpeg API, Huffman-coded only (iOS, browsers, Pillow
/// and djpeg all decode it; arithmetic coding would not be). Writes SOI, JFIF APP0, our ICC APP2 segments
/// when given a profile, then the image: no EXIF, no XMP, no orientation (pixels are upright).
public enum JPEGEncoder {
    /// Chroma subsampling.
    public enum Subsampling: Sendable, Equatable, CustomStringConvertible {
        /// Half-resolution chroma both ways: ~23% fewer bytes than 4:4:4 at the same quality.
        case yuv420
        /// Full-resolution chroma: crisp coloured edges (text, line art), ~1.3x the bytes.
        case yuv444

        /// The subsampling of a colour JPEG we wrote, read from its frame header; nil for
        /// anything else (grey, other factors, not a JPEG).
        public init?(ofJPEG bytes: [UInt8]) {
            guard let frame = JPEGMarkers(bytes, maxMetadataBytes: 0).frame, frame.componentCount == 3 else { return nil }
            switch frame.firstSampling {
            case 0x22: self = .yuv420
            case 0x11: self = .yuv444
            default: return nil
            }
        }

        /// "4:2:0" or "4:4:4".
        public var description: String { self == .yuv420 ? "4:2:0" : "4:4:4" }
    }

    /// Whether the image may change the subsampling asked for.
    public enum ChromaRule: Sendable, Equatable {
        /// The subsampling as set.
        case asSet
        /// 4:4:4 instead of 4:2:0 for an image of flat colour whose colour changes in sharp
        /// edges (drawings, charts, coloured text; `ChromaDetail`): there 4:4:4 needed 7-25%
        /// fewer bytes for the same RGB SSIM, while photographs, whose colour changes
        /// gradually, keep 4:2:0 (4:4:4 cost them 8-32% more bytes for the same luma SSIM).
        /// Chosen with `scripts/chroma-choice.py`.
        case fullForColourEdges
    }

    /// Entropy coding order.
    public enum Scan: Sendable, Equatable {
        /// One scan: what every decoder has decoded since 1992, and a widget decodes it with
        /// less memory.
        case baseline
        /// Several scans (libjpeg's standard script), always with optimised tables: about 2%
        /// fewer bytes than optimised baseline for the same SSIM on our photos, for about 3x
        /// its encode time.
        case progressive
    }

    /// The Huffman tables of a baseline JPEG (progressive ones are always optimised).
    public enum HuffmanTables: Sendable, Equatable {
        /// The example tables of the JPEG standard: one pass, libjpeg's default.
        case standard
        /// Tables computed for this image: the same pixels in about 3% fewer bytes at 500 px,
        /// for a second pass over the coefficients (about 2.9x the encode time of `standard`,
        /// still a few milliseconds).
        case optimized
    }

    /// Everything one JPEG encode is told: quality, chroma subsampling, scan order and Huffman
    /// tables.
    public struct Settings: Sendable, Equatable {
        /// 1-100.
        public var quality: Int
        /// Chroma subsampling. Default from the quality: see `subsampling(forQuality:)`.
        public var subsampling: Subsampling
        /// Entropy coding order. Default `.baseline`.
        public var scan: Scan
        /// Huffman tables of a baseline scan. Default `.optimized`.
        public var huffmanTables: HuffmanTables
        /// Whether the image may turn 4:2:0 into 4:4:4. Default `.asSet` here, and
        /// `.fullForColourEdges` from effort 1 up in `init(quality:effort:)`.
        public var chromaRule: ChromaRule

        /// `subsampling` defaults to the quality's choice (`subsampling(forQuality:)`), `scan` to
        /// `.baseline`, `huffmanTables` to `.optimized` and `chromaRule` to `.asSet`. Quality is
        /// checked when encoding.
        public init(quality: Int, subsampling: Subsampling? = nil, scan: Scan = .baseline,
                    huffmanTables: HuffmanTables = .optimized, chromaRule: ChromaRule = .asSet) {
            self.quality = quality
            self.subsampling = subsampling ?? Self.subsampling(forQuality: quality)
            self.scan = scan
            self.huffmanTables = huffmanTables
            self.chromaRule = chromaRule
        }

        /// The settings for `effort`, chosen with `scripts/quality-curves.py` (README, Quality):
        /// - 0: baseline with the standard tables and 4:2:0 below quality 90, libjpeg's and
        ///   vipsthumbnail's default;
        /// - 1-4 (default 4): baseline with optimised tables, about 3% fewer bytes than 0 for
        ///   the same pixels, and 4:4:4 for drawings (`ChromaRule.fullForColourEdges`);
        /// - 5-6: the same, progressive: about 2% fewer again, for about 3x the encode time of 4.
        /// Custom quantisation tables (Robidoux's, the MS-SSIM and PSNR-HVS tunings, Klein
        /// et al.) were tried on the same curves: none needed fewer bytes than the standard
        /// tables for the same luma SSIM at the same quality scale, so there are none here.
        public init(quality: Int, effort: EncodeEffort) {
            switch effort.level {
            case 0: self.init(quality: quality, huffmanTables: .standard)
            case 1...4: self.init(quality: quality, huffmanTables: .optimized, chromaRule: .fullForColourEdges)
            default: self.init(quality: quality, scan: .progressive, chromaRule: .fullForColourEdges)
            }
        }

        /// 4:2:0 below quality 90, 4:4:4 from 90 up: a caller who asks for 90+ wants fidelity,
        /// and chroma blur is what 4:2:0 visibly costs on edges; the budget search (40-80)
        /// stays on 4:2:0, where bytes grow steadily with quality.
        public static func subsampling(forQuality quality: Int) -> Subsampling {
            quality >= 90 ? .yuv444 : .yuv420
        }
    }

    /// Quality range libjpeg accepts.
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
        let samp = subsampling(of: opaque, settings) == .yuv444 ? WT_JPEG_SUBSAMPLING_444 : WT_JPEG_SUBSAMPLING_420
        let scan = settings.scan == .progressive ? WT_JPEG_SCAN_PROGRESSIVE : WT_JPEG_SCAN_BASELINE
        let huffman = settings.huffmanTables == .optimized ? WT_JPEG_HUFFMAN_OPTIMIZED : WT_JPEG_HUFFMAN_STANDARD
        let jpeg = try opaque.pixels.withUnsafeBufferPointer { (pixels) throws(ImageError) -> [UInt8] in
            try ShimEncodeCall.run("JPEG", free: { wt_jpeg_encode_free($0) }) { out, size, message in
                wt_jpeg_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height),
                                    Int32(settings.quality), samp, scan, huffman, out, size, message)
            }
        }
        guard let iccProfile else { return jpeg }
        return try JPEGICCSegments.insert(iccProfile, into: jpeg)
    }

    /// The subsampling an encode of `image` (opaque) with `settings` writes.
    static func subsampling(of image: RGBAImage, _ settings: Settings) -> Subsampling {
        guard settings.subsampling == .yuv420, settings.chromaRule == .fullForColourEdges else { return settings.subsampling }
        return ChromaDetail(image, untilDecided: true).favoursFullChroma ? .yuv444 : .yuv420
    }
}

extension JPEGEncoder: ThumbnailEncoder {
    /// JPEG has no alpha: a transparent pixel is flattened onto white.
    public static var storesAlpha: Bool { false }

    /// JPEG.
    public static var format: StoredFormat { .jpeg }

    /// Whole qualities 1-100, searched from 80 down to 40. At 500 px JPEG's bytes double over
    /// about 32 qualities below the start (the curves in the README's Quality section).
    public static let qualityScale: QualityScale? = QualityScale(
        range: qualityRange, standard: .jpeg, typicalSlope: 0.022, refinesFractions: false)

    /// A whole `quality` with the settings of `effort` (`Settings.init(quality:effort:)`).
    public static func encode(_ image: RGBAImage, quality: Double, effort: EncodeEffort,
                              iccProfile: ICCProfile?) throws(ImageError) -> [UInt8] {
        let whole = try QualityScale.whole(quality, for: format)
        return try encode(image, settings: Settings(quality: whole, effort: effort), iccProfile: iccProfile)
    }
}
