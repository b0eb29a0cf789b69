/// PNG decoder over the CPNG shim (libpng 1.6, full API), built on `PNGRowReader`.
///
/// Every colour type and bit depth becomes RGBA8: palettes and tRNS expand to alpha, gray
/// becomes RGB, 16-bit samples are scaled with rounding (png_set_scale_16), opaque images get
/// alpha 255, Adam7 is de-interlaced. PNG has no reduced-size decode: `scaleDenominator` is
/// always 1 and `targetBox` is ignored (a streaming resampler uses `PNGRowReader` instead).
///
/// Gamma policy: gAMA is ignored; the samples are taken as sRGB, as stored. Reasons:
/// - almost every gAMA in the wild is 1/2.2 (0.45455), which on an sRGB display is a no-op, so
///   applying it would only add rounding;
/// - libvips, sharp and Pillow also decode the stored samples, and the thumbnail must look like
///   the same file opened in those tools (and in the iCCP/sRGB-aware pipeline after us);
/// - applying an odd gAMA (PngSuite's `g*` files use 0.35 to 2.5) is what the ICC path is for:
///   a file that needs colour management carries iCCP, which we keep.
/// So output equals PngSuite's `raw/` reference, not `gamma/`.
///
/// Damage: a libpng error (bad critical-chunk CRC, truncated image data, invalid IHDR) refuses
/// the file in both modes, since a half-decoded interlaced image is meaningless. Lenient mode
/// accepts libpng's warnings and benign errors (bad ancillary CRC, oversized metadata, extra
/// data, a file cut after the last image byte); strict mode refuses on the first one.
enum PNGDecoder: SourceDecoder {
    static let format = SourceFormat.png
    static let readsFromFile = true

    static func withSession<Result>(
        _ input: EncodedInput, limits: DecodeLimits, strictness: Strictness,
        _ body: (any DecodingSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try PNGSession.withSession(input, options: DecodeOptions(limits: limits, strictness: strictness)) {
            (session) throws(ImageError) -> Result in try body(session)
        }
    }

    /// Always the stored size: PNG has no scaled decode.
    static func decodeScale(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> DecodeScale {
        DecodeScale(method: .fullSize, fraction: (1, 1), size: info.size)
    }

    static func peakDecodeBytes(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> Int {
        let bytesPerPixel = info.bitDepth > 8 ? 8 : 4
        // Adam7 has no final row before the last pass: the whole image is buffered.
        if info.scanOrder == .interlaced { return info.size.area * bytesPerPixel }
        // Sequential rows stream through the resampler: a window of rows, not the area.
        return info.size.width * bytesPerPixel * 64
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        try PNGRowReader.withReader(bytes, options: options) { reader throws(ImageError) in
            let size = reader.info.size
            var pixels = [UInt8](repeating: 0, count: size.area * 4)
            try pixels.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
                try reader.readRows(into: UnsafeMutableRawBufferPointer(buffer), count: size.height)
            }
            return DecodedImage(image: RGBAImage(width: size.width, height: size.height, pixels: pixels),
                                info: reader.info, scaleDenominator: 1)
        }
    }
}
