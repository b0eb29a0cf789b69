import WidgetThumbnails

/// One fuzz input through a decoder, the way the library is used: the pipeline's shrink-on-load
/// decode (lenient and strict), a full-size decode, and for PNG the row streamer (for HEIF the
/// whole thumbnail pipeline, where HEIC tiles are decoded without libheif). Which one runs
/// depends on the input's length, so every mutation of a seed reaches every path.
///
/// A thrown `ImageError` is a correct answer. The harness traps only on a broken promise: a
/// decoded buffer whose size does not match its dimensions, or a size the limits forbid.
public enum DecodeHarness {
    /// The box `ThumbnailOptions` uses by default; the pipeline decodes at this size or above.
    static let pipelineBox = PixelSize(width: 500, height: 500)
    /// Full-size decodes run only up to this many pixels (64 MiB of RGBA), so that a valid
    /// but large image cannot trip libFuzzer's 256 MB malloc limit; the pixel limit itself
    /// is exercised by the probe and the box decodes, which use `DecodeLimits.default`.
    static let fullSizePixels = 16 << 20

    enum Path: CaseIterable {
        case pipelineLenient, pipelineStrict, fullSize, streamed
    }

    /// libFuzzer's return value: 0, or -1 to keep an input of another format out of the corpus.
    public static func run(_ data: UnsafeBufferPointer<UInt8>, expecting format: SourceFormat) -> Int32 {
        let bytes = Array(data)
        guard (try? ImageDecoder.format(of: bytes)) == format else { return -1 }
        let limits = DecodeLimits.default
        let probed = try? ImageDecoder.probe(bytes, limits: limits)
        // A HEIF primary over the limits is fine when an embedded thumbnail can stand in.
        if let probed, probed.heif?.thumbnails.isEmpty ?? true { check(probed.size, within: limits, "probe") }

        switch Path.allCases[bytes.count % Path.allCases.count] {
        case .pipelineLenient:
            decode(bytes, DecodeOptions(limits: limits, strictness: .lenient, targetBox: pipelineBox))
        case .pipelineStrict:
            decode(bytes, DecodeOptions(limits: limits, strictness: .strict, targetBox: pipelineBox))
        case .fullSize:
            guard let probed, probed.size.area <= fullSizePixels else { return 0 }
            if let decoded = decode(bytes, DecodeOptions(limits: limits)) {
                require(decoded.image.size == decoded.info.size,
                        "a full-size decode gave \(decoded.image.size) for a \(decoded.info.size) image")
            }
        case .streamed:
            if format == .png {
                guard let probed, probed.size.area <= fullSizePixels else { return 0 }
                stream(bytes, limits: limits)
            } else if format == .heif {
                // The pipeline: a plain HEIC primary is decoded tile by tile there (HEVCTileStream).
                _ = try? ThumbnailPipeline(options: ThumbnailOptions(box: PixelSize(width: 48, height: 48)))
                    .thumbnail(.bytes(bytes))
            } else { decode(bytes, DecodeOptions(limits: limits, targetBox: PixelSize(width: 48, height: 48))) }
        }
        return 0
    }

    @discardableResult
    static func decode(_ bytes: [UInt8], _ options: DecodeOptions) -> DecodedImage? {
        guard let decoded = try? ImageDecoder.decode(bytes, options: options) else { return nil }
        let image = decoded.image
        check(image.size, within: options.limits, "decode")
        if decoded.info.heif?.thumbnails.isEmpty ?? true { check(decoded.info.size, within: options.limits, "decode") }
        require(image.width > 0 && image.height > 0, "an empty image \(image.size)")
        require(image.pixels.count == image.width * image.height * 4,
                "\(image.pixels.count) bytes for \(image.size)")
        require(image.width <= decoded.info.size.width && image.height <= decoded.info.size.height,
                "decoded \(image.size), larger than the stored \(decoded.info.size)")
        // Orientation is the next step of the pipeline; it must accept any decoded image.
        let upright = image.oriented(decoded.info.orientation)
        require(upright.pixels.count == image.pixels.count, "orientation changed the pixel count")
        return decoded
    }

    static func stream(_ bytes: [UInt8], limits: DecodeLimits) {
        _ = try? PNGRowReader.withReader(bytes, options: DecodeOptions(limits: limits)) { reader throws(ImageError) in
            let width = reader.info.size.width
            var rows = 0
            try reader.forEachRow { _, row throws(ImageError) in
                require(row.count == width * 4, "a row of \(row.count) bytes for width \(width)")
                rows += 1
            }
            require(rows == reader.info.size.height, "\(rows) rows for height \(reader.info.size.height)")
        }
    }

    static func check(_ size: PixelSize, within limits: DecodeLimits, _ step: String) {
        require(size.width > 0 && size.height > 0 && size.width <= limits.maxDimension
                    && size.height <= limits.maxDimension && size.area <= limits.maxPixels,
                "\(step) accepted \(size), outside the limits")
    }
}

/// A broken invariant: crash so that libFuzzer records the input.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant: \(message())") }
}
