/// How much memory thumbnailing one image will take at its peak, estimated from its header
/// alone, so a batch can admit work by memory instead of by count. Deliberately generous:
/// an over-estimate only serialises work, an under-estimate lets a batch overrun its limit.
public enum DecodeMemoryEstimate {
    /// Bytes for the encoded file held in memory, the decoded pixels at the scale the decoder
    /// will pick for `options`, the decoder's own whole-image buffers where it needs them, and
    /// the small thumbnail copies the resample, colour, orient and encode stages make.
    public static func bytes(for info: ImageInfo, fileBytes: Int, options: ThumbnailOptions) -> Int {
        let box = options.box(forSource: info.orientedSize)
        return fileBytes + decoderBytes(info, box: box, embeddedThumbnails: options.embeddedThumbnails,
                                        limits: options.limits) + thumbnailBytes(box)
    }

    static func decoderBytes(_ info: ImageInfo, box: PixelSize,
                             embeddedThumbnails: EmbeddedThumbnailPolicy = .whenLargeEnough,
                             limits: DecodeLimits = .default) -> Int {
        switch info.format {
        case .jpeg:
            let scale = JPEGScaleChoice.dctScale(for: info, box: box)
            // Rows stream through the resampler at the DCT scale: libjpeg's MCU rows and our
            // row batch, a window of rows, not the area.
            let decoded = JPEGScaleChoice.scaledSize(info.size, by: scale).width * 4 * 64
            // A progressive JPEG keeps every DCT coefficient (2 bytes per sample) until the
            // last scan, whatever the output scale.
            let components = [.gray].contains(info.colorModel) ? 1 : (info.colorModel == .cmyk || info.colorModel == .ycck ? 4 : 3)
            let coefficients = info.scanOrder == .progressive ? info.size.area * components * 2 : 0
            return decoded + coefficients
        case .webp:
            let scaled = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
            // Lossless (VP8L) and animated frames decode at full size before any scaling.
            let full = info.isLossless || info.frameCount > 1 ? info.size.area * 4 : 0
            return scaled.area * 4 + full
        case .png:
            let bytesPerPixel = info.bitDepth > 8 ? 8 : 4
            // Adam7 has no final row before the last pass: the whole image is buffered.
            if info.scanOrder == .interlaced { return info.size.area * bytesPerPixel }
            // Sequential rows stream through the resampler: a window of rows, not the area.
            return info.size.width * bytesPerPixel * 64
        case .heif:
            // No scaled decode: the whole primary, or the embedded thumbnail that replaces it.
            let choice = (try? HEIFImageChoice.choose(primary: info.size, thumbnails: info.heif?.thumbnails ?? [],
                                                      box: box, limits: limits, policy: embeddedThumbnails)) ?? .primary
            let decoded = switch choice {
            case .primary: info.size
            case .embeddedThumbnail(let image, _): image.size
            }
            // libheif's interleaved RGB(A) result (up to 4 samples a pixel) plus the YCbCr
            // planes it converts from (up to 3 samples, for 4:4:4), both held at the peak;
            // 2 bytes a sample above 8 bits. A grid's tiles decode one at a time into the planes.
            let sampleBytes = info.bitDepth > 8 ? 2 : 1
            return decoded.area * sampleBytes * (4 + 3)
        }
    }

    /// The resampled, colour-converted and oriented images and the encoder's buffers.
    static func thumbnailBytes(_ box: PixelSize) -> Int {
        box.area * 4 * 4
    }
}
