/// How much memory thumbnailing one image will take at its peak, estimated from its header
/// alone, so a batch can admit work by memory instead of by count. Deliberately generous:
/// an over-estimate only serialises work, an under-estimate lets a batch overrun its limit.
public enum DecodeMemoryEstimate {
    /// Bytes for the encoded file held in memory, the decoder's peak for `options` (its own
    /// estimate, `FormatDecoder.peakDecodeBytes`: the pixels at the scale it will pick and its
    /// whole-image buffers where it needs them), and the small thumbnail copies the resample,
    /// colour, orient and encode stages make.
    public static func bytes(for info: ImageInfo, fileBytes: Int, options: ThumbnailOptions) -> Int {
        let box = options.box(forSource: info.orientedSize)
        let decode = options.decodeOptions(targetBox: box)
        return fileBytes + ImageDecoder.decoder(for: info.format).peakDecodeBytes(info, box: box, options: decode)
            + thumbnailBytes(box)
    }

    /// The resampled, colour-converted and oriented images and the encoder's buffers.
    static func thumbnailBytes(_ box: PixelSize) -> Int {
        box.area * 4 * 4
    }
}
