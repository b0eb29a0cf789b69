import CTurboJPEG

/// JPEG decoder over the CTurboJPEG shim (TurboJPEG 2.1).
///
/// Policies, each measured or forced by the library:
/// - Limits are checked on the SOF size from our marker walk, then on TurboJPEG's header,
///   before the pixel buffer exists. TJFLAG_LIMITSCANS (500 scans) is always on.
/// - Shrink-on-load: the smallest DCT factor whose (rounded-up) size keeps
///   `ShrinkOnLoad.minimumDecodeSize` on both axes.
/// - Warnings (a truncated or damaged scan): `.lenient` keeps the image (the missing part is
///   grey), `.strict` refuses it as `corruptImage`.
/// - Gray becomes RGBA with R = G = B. CMYK and YCCK become RGB by the naive ink formula
///   (no colour management): with an Adobe APP14 marker the samples are inverted, so
///   R = C*K/255, else R = (255-C)(255-K)/255; likewise G from M and B from Y.
/// - TurboJPEG's default accurate integer IDCT (no TJFLAG_FASTDCT).
/// - 12-bit, lossless and hierarchical JPEGs are refused: TurboJPEG 2.1 (8-bit build) cannot
///   decode them.
enum JPEGDecoder: FormatDecoder {
    static func probe(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try inspect(bytes, limits: limits).info
    }

    /// Most pixels a file may declare per byte it has. Huffman-coded JPEG needs at least one
    /// bit per 8x8 block (a progressive DC scan; baseline needs two), i.e. at most 512 px a
    /// byte; this allows 8x that. Without it a 600-byte file claiming 11000x11000 decoded
    /// (lenient) to 121 MP of grey fill: 5.9 s and 945 MB through `widget-thumbs decode`.
    static let maxPixelsPerByte = 4096

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let (info, output) = try inspect(bytes, limits: options.limits)
        guard info.size.area <= bytes.count * maxPixelsPerByte else {
            throw ImageError(.corruptImage, "\(bytes.count) bytes cannot hold a \(info.size) JPEG (at most \(maxPixelsPerByte) pixels a byte): most of its data is missing")
        }
        var scale = JPEGScale.full
        if let box = options.targetBox {
            guard box.width > 0, box.height > 0 else {
                throw ImageError(.invalidArgument, "the target box \(box) is empty")
            }
            let minimum = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
            scale = JPEGScale.choose(stored: info.size, minimum: minimum)
        }
        let size = scale.scaled(info.size)
        var flags: Int32 = 0
        if options.strictness == .strict { flags |= Int32(WT_JPEG_DECODE_STRICT) }

        var status = WT_JPEG_OK
        var message = [CChar](repeating: 0, count: 256)
        let pixels = [UInt8](unsafeUninitializedCapacity: size.area * 4) { buffer, count in
            status = bytes.withUnsafeBufferPointer { jpeg in
                wt_jpeg_decode(jpeg.baseAddress, jpeg.count, Int32(size.width), Int32(size.height),
                               output, flags, buffer.baseAddress, &message, message.count)
            }
            // On failure the buffer may be partly written; it is dropped right below.
            count = buffer.count
        }
        switch status {
        case WT_JPEG_OK:
            break
        case WT_JPEG_WARNING where options.strictness == .lenient:
            break // the image is whole; libjpeg filled what was missing with grey
        case WT_JPEG_WARNING:
            throw ImageError(.corruptImage, "damaged JPEG data (strict mode): \(text(message))")
        case WT_JPEG_TOO_MANY_SCANS:
            throw ImageError(.tooLarge, "progressive JPEG over TurboJPEG's scan limit: \(text(message))")
        default:
            throw ImageError(.corruptImage, "TurboJPEG could not decode it: \(text(message))")
        }
        let image = RGBAImage(width: size.width, height: size.height, pixels: pixels)
        return DecodedImage(image: image, info: info, scaleDenominator: scale.denominator)
    }

    /// The probe, plus how the shim must turn the samples into RGBA.
    private static func inspect(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> (info: ImageInfo, output: wt_jpeg_output) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw ImageError(.corruptImage, "no JPEG start-of-image marker")
        }
        guard bytes.count <= limits.maxFileBytes else {
            throw ImageError(.tooLarge, "\(bytes.count) bytes, over the file limit of \(limits.maxFileBytes)")
        }
        let markers = JPEGMarkers(bytes, maxMetadataBytes: limits.maxMetadataBytes)
        guard let frame = markers.frame else {
            throw ImageError(.corruptImage, "no JPEG frame header (SOF) before the image data")
        }
        try refuseUnsupported(frame)
        try limits.check(frame.size)

        let (header, status, message) = readHeader(bytes)
        let size: PixelSize
        let colorspace: wt_jpeg_colorspace
        switch status {
        case WT_JPEG_OK, WT_JPEG_WARNING:
            size = PixelSize(width: Int(header.width), height: Int(header.height))
            colorspace = header.colorspace
        case _ where message.contains("subsampling"):
            // TurboJPEG 2.1's header call refuses sampling factors it has no TJSAMP_* name for,
            // though libjpeg decodes them; our own SOF reading stands in.
            size = frame.size
            colorspace = guessedColorspace(frame, adobeTransform: markers.adobeTransform)
        default:
            throw ImageError(.corruptImage, "unreadable JPEG header: \(message)")
        }
        try limits.check(size)

        let model: ImageInfo.ColorModel
        let output: wt_jpeg_output
        switch colorspace {
        case WT_JPEG_COLORSPACE_GRAY: (model, output) = (.gray, WT_JPEG_OUTPUT_RGBA)
        case WT_JPEG_COLORSPACE_RGB, WT_JPEG_COLORSPACE_YCBCR: (model, output) = (.rgb, WT_JPEG_OUTPUT_RGBA)
        case WT_JPEG_COLORSPACE_CMYK, WT_JPEG_COLORSPACE_YCCK:
            model = colorspace == WT_JPEG_COLORSPACE_CMYK ? .cmyk : .ycck
            output = markers.adobeTransform == nil ? WT_JPEG_OUTPUT_CMYK_PLAIN : WT_JPEG_OUTPUT_CMYK_INVERTED
        default:
            throw ImageError(.corruptImage, "JPEG colour space not recognised (\(frame.componentCount) components)")
        }
        let info = ImageInfo(format: .jpeg, size: size, orientation: markers.orientation, colorModel: model,
                             hasAlpha: false, bitDepth: frame.precision,
                             scanOrder: frame.isProgressive ? .progressive : .sequential,
                             iccProfile: markers.iccProfile)
        return (info, output)
    }

    private static func refuseUnsupported(_ frame: JPEGMarkers.Frame) throws(ImageError) {
        let sof = "SOF\(frame.marker - 0xC0)"
        if frame.isLossless {
            throw ImageError(.unsupportedFormat, "lossless JPEG (\(sof)) cannot be decoded by TurboJPEG 2.1")
        }
        if frame.isHierarchical {
            throw ImageError(.unsupportedFormat, "hierarchical JPEG (\(sof)) cannot be decoded by TurboJPEG 2.1")
        }
        if frame.precision != 8 {
            throw ImageError(.unsupportedFormat,
                             "\(frame.precision)-bit JPEG cannot be decoded by TurboJPEG 2.1 (8-bit samples only)")
        }
    }

    /// libjpeg's own rule when the header names no colour space we can get from TurboJPEG.
    private static func guessedColorspace(_ frame: JPEGMarkers.Frame, adobeTransform: Int?) -> wt_jpeg_colorspace {
        switch frame.componentCount {
        case 1: WT_JPEG_COLORSPACE_GRAY
        case 3: adobeTransform == 0 ? WT_JPEG_COLORSPACE_RGB : WT_JPEG_COLORSPACE_YCBCR
        case 4: adobeTransform == 2 ? WT_JPEG_COLORSPACE_YCCK : WT_JPEG_COLORSPACE_CMYK
        default: WT_JPEG_COLORSPACE_UNKNOWN
        }
    }

    private static func readHeader(_ bytes: [UInt8]) -> (wt_jpeg_header, wt_jpeg_status, String) {
        var header = wt_jpeg_header()
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { jpeg in
            wt_jpeg_read_header(jpeg.baseAddress, jpeg.count, &header, &message, message.count)
        }
        return (header, status, text(message))
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
