/// HEIC, HEIF and AVIF through libheif (the CHEIF shim). The primary image is decoded once,
/// with HEIF's own transforms (irot, imir, clap) applied by libheif; the EXIF orientation is
/// reported, never applied. An embedded thumbnail replaces the primary when it is good enough
/// for the target box (`HEIFImageChoice`). 10- and 12-bit samples are rounded to 8 bits.
enum HEIFDecoder: SourceDecoder {
    static let format = SourceFormat.heif
    /// libheif wants every byte at once; a HEIF is small next to its pixels.
    static let readsFromFile = false

    static func withSession<Result>(
        _ input: EncodedInput, limits: DecodeLimits, strictness: Strictness,
        _ body: (any DecodingSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try body(HEIFSession(HEIFFile(input.wholeBytes(), limits: limits)))
    }

    /// No scaled decode: the primary at its size, or the embedded thumbnail that replaces it
    /// (`HEIFImageChoice`, with `options`' limits and policy).
    static func decodeScale(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> DecodeScale {
        let choice = (try? HEIFImageChoice.choose(primary: info.size, thumbnails: info.heif?.thumbnails ?? [],
                                                  box: box, limits: options.limits,
                                                  policy: options.heif.embeddedThumbnails)) ?? .primary
        return switch choice {
        case .primary: DecodeScale(method: .fullSize, fraction: (1, 1), size: info.size)
        case .embeddedThumbnail(let image, _): DecodeScale(method: .embeddedThumbnail, fraction: nil, size: image.size)
        }
    }

    static func peakDecodeBytes(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> Int {
        let decoded = decodeScale(info, box: box, options: options).size
        // libheif's interleaved RGB(A) result (up to 4 samples a pixel) plus the YCbCr
        // planes it converts from (up to 3 samples, for 4:4:4), both held at the peak;
        // 2 bytes a sample above 8 bits. A grid's tiles decode one at a time into the planes.
        let sampleBytes = info.bitDepth > 8 ? 2 : 1
        return decoded.area * sampleBytes * (4 + 3)
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        if let box = options.targetBox, box.width < 1 || box.height < 1 {
            throw ImageError(.invalidArgument, "the target box \(box) must be at least 1x1")
        }
        let file = try HEIFFile(bytes, limits: options.limits)
        let (pixels, _, _) = try file.decode(options)
        return DecodedImage(image: pixels.rgbaImage(), info: file.info,
                            scaleDenominator: Double(file.info.size.width) / Double(pixels.size.width))
    }
}
