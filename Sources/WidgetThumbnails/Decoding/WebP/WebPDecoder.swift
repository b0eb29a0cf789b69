/// WebP decoder over the CWebP shim (libwebp 1.2 + libwebpdemux): lossy, lossless, alpha, and
/// the first frame of an animation composited on its canvas. Decodes to straight-alpha RGBA8,
/// byte for byte what `dwebp -pam` writes, and shrinks on load with libwebp's scaler.
///
/// Strictness: libwebp has no warnings, only failures, so the only damage it can decode around
/// is truncation. `.lenient` salvages the rows a truncated file still holds (with libwebp's
/// incremental decoder) and paints the rest opaque mid-grey, like a truncated JPEG; it also
/// decodes a still image whose container libwebpdemux refuses, without its metadata.
/// `.strict` refuses both, and an animation whose later frames are cut off.
enum WebPDecoder: SourceDecoder {
    static let format = SourceFormat.webp
    /// libwebp wants every byte at once; a WebP is small next to its pixels.
    static let readsFromFile = false

    /// Most RIFF chunks (frames and metadata) a file may hold. libwebpdemux keeps a small record
    /// per chunk; 100,000 costs about 6 MB and 10 ms, while a 128 MiB file of empty chunks
    /// would cost 16 million records. Real animations have hundreds to a few thousand frames.
    static let maxChunks: UInt32 = 100_000

    /// What a lenient decode paints where a truncated file has no pixels.
    static let missingPixel: [UInt8] = [128, 128, 128, 255]

    static func withSession<Result>(
        _ input: EncodedInput, limits: DecodeLimits, strictness: Strictness,
        _ body: (any DecodingSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        let bytes = try input.wholeBytes()
        return try body(WebPSession(file: WebPFile(bytes, limits: limits), bytes: bytes))
    }

    /// libwebp's scaler decodes straight to `ShrinkOnLoad.minimumDecodeSize`, any size.
    static func decodeScale(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> DecodeScale {
        let size = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
        return size == info.size ? DecodeScale(method: .fullSize, fraction: (1, 1), size: size)
            : DecodeScale(method: .scaledDecode, fraction: nil, size: size)
    }

    static func peakDecodeBytes(_ info: ImageInfo, box: PixelSize, options: DecodeOptions) -> Int {
        let scaled = decodeScale(info, box: box, options: options).size
        // Lossless (VP8L) and animated frames decode at full size before any scaling.
        let webp = info.webp ?? WebPDetails()
        let full = webp.isLossless || webp.frameCount > 1 ? info.size.area * 4 : 0
        return scaled.area * 4 + full
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> DecodedImage {
        if let box = options.targetBox, box.width < 1 || box.height < 1 {
            throw ImageError(.invalidArgument, "the target box \(box) must be at least 1x1")
        }
        return try decode(bytes, file: WebPFile(bytes, limits: options.limits), options: options)
    }

    /// Decodes `bytes`, whose chunk walk is `file` (made within `options.limits`).
    static func decode(_ bytes: [UInt8], file: WebPFile, options: DecodeOptions) throws(ImageError) -> DecodedImage {
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

        let pixels = try decodePixels(bytes, file: file, canvas: decoded, placement: placement,
                                      strictness: options.strictness)
        return DecodedImage(image: RGBAImage(width: decoded.width, height: decoded.height, pixels: pixels),
                            info: file.info,
                            scaleDenominator: Double(canvas.width) / Double(decoded.width))
    }

    /// Allocates the canvas without touching it (a big malloc is mapped lazily), so a small
    /// file that lies about a large size fails in milliseconds instead of after zeroing
    /// gigabytes; then writes every byte: the decoded frame, transparent black around it
    /// (an animation's first frame over a transparent background is just the frame: nothing
    /// to blend, nothing to dispose), and grey for rows a lenient decode could not recover.
    private static func decodePixels(_ bytes: [UInt8], file: WebPFile, canvas: PixelSize,
                                     placement: WebPFramePlacement, strictness: Strictness) throws(ImageError) -> [UInt8] {
        var failure: ImageError?
        let pixels = [UInt8](unsafeUninitializedCapacity: canvas.area * 4) { buffer, initialized in
            do throws(WebPLibrary.Truncation) {
                try WebPLibrary.decode(bytes, bitstream: file.bitstream, into: buffer, canvasWidth: canvas.width,
                                       placement: placement, allowPartial: strictness == .lenient)
            } catch {
                guard strictness == .lenient, error.rowsDecoded > 0 else {
                    failure = error.error
                    initialized = 0
                    return
                }
                paint(missingPixel, rows: error.rowsDecoded..<placement.size.height, of: placement,
                      in: buffer, canvasWidth: canvas.width)
            }
            clear(around: placement, in: buffer, canvas: canvas)
            initialized = canvas.area * 4
        }
        if let failure { throw failure }
        return pixels
    }

    /// Zeroes everything outside `placement` (nothing for a still image).
    private static func clear(around placement: WebPFramePlacement, in buffer: UnsafeMutableBufferPointer<UInt8>,
                              canvas: PixelSize) {
        let rowBytes = canvas.width * 4
        let frameTop = placement.y * rowBytes
        let frameBottom = (placement.y + placement.size.height) * rowBytes
        buffer[0..<frameTop].update(repeating: 0)
        buffer[frameBottom..<buffer.count].update(repeating: 0)
        for row in placement.y..<placement.y + placement.size.height {
            let left = row * rowBytes + placement.x * 4
            let right = left + placement.size.width * 4
            buffer[row * rowBytes..<left].update(repeating: 0)
            buffer[right..<(row + 1) * rowBytes].update(repeating: 0)
        }
    }

    private static func paint(_ pixel: [UInt8], rows: Range<Int>, of placement: WebPFramePlacement,
                              in buffer: UnsafeMutableBufferPointer<UInt8>, canvasWidth: Int) {
        for row in rows {
            let start = ((placement.y + row) * canvasWidth + placement.x) * 4
            for offset in stride(from: start, to: start + placement.size.width * 4, by: 4) {
                for channel in 0..<4 { buffer[offset + channel] = pixel[channel] }
            }
        }
    }
}
