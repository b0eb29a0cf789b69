import CTurboJPEG

/// JPEG decoder over libjpeg's scanline API (`JPEGRowReader`, libjpeg-turbo).
///
/// Policies, each measured or forced by the library:
/// - Limits are checked on the SOF size from our marker walk, then on libjpeg's header,
///   before anything image-sized exists. Progressive files may have at most 500 scans
///   (TurboJPEG's TJFLAG_LIMITSCANS).
/// - Shrink-on-load: the smallest DCT factor whose (rounded-up) size keeps
///   `ShrinkOnLoad.minimumDecodeSize` on both axes.
/// - Warnings (a truncated or damaged scan): `.lenient` keeps the image (the missing part is
///   grey), `.strict` refuses it as `corruptImage`.
/// - Gray becomes RGBA with R = G = B. CMYK and YCCK become RGB by the naive ink formula
///   (no colour management): with an Adobe APP14 marker the samples are inverted, so
///   R = C*K/255, else R = (255-C)(255-K)/255; likewise G from M and B from Y.
/// - libjpeg's accurate integer IDCT (JDCT_ISLOW), as TurboJPEG's default.
/// - 12-bit, lossless and hierarchical JPEGs are refused: libjpeg-turbo 2.1 (8-bit build)
///   cannot decode them.
///
/// `decode` returns the whole image; `withScaledReader` hands out the rows instead, so the
/// pipeline resamples them as they come and never holds the decoded image.
enum JPEGDecoder: SourceDecoder {
    static let format = SourceFormat.jpeg
    static let readsFromFile = true

    /// What the decode at the shrink-on-load scale will give.
    struct Plan {
        var info: ImageInfo
        var scale: JPEGScale
        /// The decoded size: `scale.scaled(info.size)`.
        var size: PixelSize
    }

    static func withSession<Result>(
        _ input: EncodedInput, limits: DecodeLimits, strictness: Strictness,
        _ body: (any DecodingSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try JPEGSession.withSession(input, limits: limits, strictness: strictness) {
            (session) throws(ImageError) -> Result in try body(session)
        }
    }

    /// The smallest DCT scale whose decode keeps `ShrinkOnLoad.minimumDecodeSize` (the choice
    /// `JPEGSession` makes: `JPEGScale.choose`).
    static func decodeScale(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> DecodeScale {
        let scale = JPEGScaleChoice.dctScale(for: info, box: box)
        return DecodeScale(method: scale.num == scale.denom ? .fullSize : .dctScale, fraction: scale,
                           size: JPEGScaleChoice.scaledSize(info.size, by: scale))
    }

    static func peakDecodeBytes(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> Int {
        // Rows stream through the resampler at the DCT scale: libjpeg's MCU rows and our
        // row batch, a window of rows, not the area.
        let decoded = decodeScale(info, box: box, options: options).width * 4 * 64
        // A progressive JPEG keeps every DCT coefficient (2 bytes per sample) until the
        // last scan, whatever the output scale.
        let components = [.gray].contains(info.colorModel) ? 1 : (info.colorModel == .cmyk || info.colorModel == .ycck ? 4 : 3)
        let coefficients = info.scanOrder == .progressive ? info.size.area * components * 2 : 0
        return decoded + coefficients
    }

    /// The picture at the DCT scale chosen for `box`.
    static func wholeDecodeSize(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> PixelSize {
        decodeScale(info, box: box, options: options).size
    }

    /// Most pixels a file may declare per byte it has. Huffman-coded JPEG needs at least one
    /// bit per 8x8 block (a progressive DC scan; baseline needs two), i.e. at most 512 px a
    /// byte; this allows 8x that. Without it a 600-byte file claiming 11000x11000 decoded
    /// (lenient) to 121 MP of grey fill: 5.9 s and 945 MB through `widget-thumbs decode`.
    static let maxPixelsPerByte = 4096

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        try withScaledReader(.bytes(bytes), options: options) { (plan, reader) throws(ImageError) -> DecodedImage in
            var pixels = [UInt8](repeating: 0, count: plan.size.area * 4)
            var failure: ImageError?
            pixels.withUnsafeMutableBytes { buffer in
                do throws(ImageError) { try reader.readRows(into: buffer, count: plan.size.height) } catch { failure = error }
            }
            if let failure { throw failure }
            let image = RGBAImage(width: plan.size.width, height: plan.size.height, pixels: pixels)
            return DecodedImage(image: image, info: plan.info, scaleDenominator: plan.scale.denominator)
        }
    }

    /// Checks `source` as `decode` does, starts a reader at the shrink-on-load scale for
    /// `options.targetBox` (full size without one) and runs `body` with the plan and the reader,
    /// ready to hand out `plan.size.height` rows (one marker walk, one libjpeg open: `JPEGSession`).
    static func withScaledReader<Result>(
        _ source: EncodedInput, options: DecodeOptions,
        _ body: (Plan, inout JPEGRowReader) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try JPEGSession.withSession(source, limits: options.limits, strictness: options.strictness) {
            (session) throws(ImageError) -> Result in try session.withScaledReader(targetBox: options.targetBox, body)
        }
    }

    /// The marker walk over the file's head, with what can be refused before libjpeg starts.
    static func walk(_ source: EncodedInput, limits: DecodeLimits) throws(ImageError) -> JPEGMarkers {
        DecodeTrace.record(.jpegMarkerWalk)
        guard source.count <= limits.maxFileBytes else {
            throw ImageError(.tooLarge, "\(source.count) bytes, over the file limit of \(limits.maxFileBytes)")
        }
        let bytes = try source.markerBytes()
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw ImageError(.corruptImage, "no JPEG start-of-image marker")
        }
        let markers = JPEGMarkers(bytes, maxMetadataBytes: limits.maxMetadataBytes)
        guard let frame = markers.frame else {
            throw ImageError(.corruptImage, "no JPEG frame header (SOF) before the image data")
        }
        try refuseUnsupported(frame)
        try limits.check(frame.size)
        return markers
    }

    /// The probe's facts from the marker walk and libjpeg's header, plus how the reader must
    /// turn the samples into RGBA.
    static func inspect(_ markers: JPEGMarkers, _ header: JPEGRowReader.Header,
                                limits: DecodeLimits) throws(ImageError) -> (info: ImageInfo, output: wt_jpeg_output) {
        try limits.check(header.size)
        let model: ImageInfo.ColorModel
        let output: wt_jpeg_output
        switch header.colorspace {
        case WT_JPEG_COLORSPACE_GRAY: (model, output) = (.gray, WT_JPEG_OUTPUT_RGBA)
        case WT_JPEG_COLORSPACE_RGB, WT_JPEG_COLORSPACE_YCBCR: (model, output) = (.rgb, WT_JPEG_OUTPUT_RGBA)
        case WT_JPEG_COLORSPACE_CMYK, WT_JPEG_COLORSPACE_YCCK:
            model = header.colorspace == WT_JPEG_COLORSPACE_CMYK ? .cmyk : .ycck
            output = markers.adobeTransform == nil ? WT_JPEG_OUTPUT_CMYK_PLAIN : WT_JPEG_OUTPUT_CMYK_INVERTED
        default:
            throw ImageError(.corruptImage, "JPEG colour space not recognised (\(header.componentCount) components)")
        }
        let frame = markers.frame
        let info = ImageInfo(format: .jpeg, size: header.size, orientation: markers.orientation, colorModel: model,
                             hasAlpha: false, bitDepth: frame?.precision ?? 8,
                             scanOrder: header.isProgressive ? .progressive : .sequential,
                             iccProfile: markers.iccProfile)
        return (info, output)
    }

    private static func refuseUnsupported(_ frame: JPEGMarkers.Frame) throws(ImageError) {
        let sof = "SOF\(frame.marker - 0xC0)"
        if frame.isLossless {
            throw ImageError(.unsupportedFormat, "lossless JPEG (\(sof)) cannot be decoded by libjpeg-turbo 2.1")
        }
        if frame.isHierarchical {
            throw ImageError(.unsupportedFormat, "hierarchical JPEG (\(sof)) cannot be decoded by libjpeg-turbo 2.1")
        }
        if frame.precision != 8 {
            throw ImageError(.unsupportedFormat,
                             "\(frame.precision)-bit JPEG cannot be decoded by libjpeg-turbo 2.1 (8-bit samples only)")
        }
    }
}
