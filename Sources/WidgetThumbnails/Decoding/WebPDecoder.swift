/// WebP decoder over the CWebP shim (libwebp 1.2 + libwebpdemux): lossy, lossless, alpha, and
/// the first frame of an animation composited on its canvas. Decodes to straight-alpha RGBA8,
/// byte for byte what `dwebp -pam` writes, and shrinks on load with libwebp's scaler.
///
/// Strictness: libwebp has no warnings, only failures, so the only damage it can decode around
/// is truncation. `.lenient` salvages the rows a truncated file still holds (with libwebp's
/// incremental decoder) and paints the rest opaque mid-grey, like a truncated JPEG; it also
/// decodes a still image whose container libwebpdemux refuses, without its metadata.
/// `.strict` refuses both, and an animation whose later frames are cut off.
enum WebPDecoder: FormatDecoder {
    /// Most RIFF chunks (frames and metadata) a file may hold. libwebpdemux keeps a small record
    /// per chunk; 100,000 costs about 6 MB and 10 ms, while a 128 MiB file of empty chunks
    /// would cost 16 million records. Real animations have hundreds to a few thousand frames.
    static let maxChunks: UInt32 = 100_000

    /// What a lenient decode paints where a truncated file has no pixels.
    static let missingPixel: [UInt8] = [128, 128, 128, 255]

    static func probe(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try WebPFile(bytes, limits: limits).info
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let file = try WebPFile(bytes, limits: options.limits)
        if options.strictness == .strict, let problem = file.damage.first {
            throw ImageError(.corruptImage, "\(problem); refused in strict mode")
        }
        let canvas = file.info.size
        let decoded = options.targetBox.map {
            ShrinkOnLoad.minimumDecodeSize(stored: canvas, orientation: file.info.orientation, box: $0)
        } ?? canvas
        let placement = file.isAnimated
            ? try WebPFramePlacement.place(x: file.frameX, y: file.frameY, frameSize: file.frameSize,
                                           canvas: canvas, decoded: decoded)
            : WebPFramePlacement.whole(decoded)

        // Zeroed: an animation's canvas starts fully transparent, and the first frame over a
        // transparent background is just the frame (nothing to blend, nothing to dispose).
        var pixels = [UInt8](repeating: 0, count: decoded.area * 4)
        do {
            try WebPLibrary.decode(bytes, bitstream: file.bitstream, into: &pixels, canvasWidth: decoded.width,
                                   placement: placement, allowPartial: options.strictness == .lenient)
        } catch {
            guard options.strictness == .lenient, error.rowsDecoded > 0 else { throw error.error }
            paintMissingRows(of: placement, from: error.rowsDecoded, in: &pixels, canvasWidth: decoded.width)
        }
        return DecodedImage(image: RGBAImage(width: decoded.width, height: decoded.height, pixels: pixels),
                            info: file.info,
                            scaleDenominator: Double(canvas.width) / Double(decoded.width))
    }

    private static func paintMissingRows(of placement: WebPFramePlacement, from firstMissing: Int,
                                         in pixels: inout [UInt8], canvasWidth: Int) {
        for row in firstMissing..<placement.size.height {
            let start = ((placement.y + row) * canvasWidth + placement.x) * 4
            for offset in stride(from: start, to: start + placement.size.width * 4, by: 4) {
                pixels.replaceSubrange(offset..<offset + 4, with: missingPixel)
            }
        }
    }
}
