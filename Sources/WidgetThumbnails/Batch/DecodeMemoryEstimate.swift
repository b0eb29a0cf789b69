/// How much memory thumbnailing one image will take at its peak, estimated from its header
/// alone, so a batch can admit work by memory instead of by count. Deliberately generous:
/// an over-estimate only serialises work, an under-estimate lets a batch overrun its limit.
public enum DecodeMemoryEstimate {
    /// Bytes for the encoded file held in memory, the decoder's peak for `options` (its own
    /// estimate, `FormatDecoder.peakDecodeBytes`: the pixels at the scale it will pick and its
    /// whole-image buffers where it needs them), and the small thumbnail copies the resample,
    /// colour, orient and encode stages make.
    ///
    /// A cover crop (`fit` `.cover`) or several families (`families`) keep the decoded picture
    /// whole and cut each output from it: counted as the stored size twice (the picture and a
    /// crop of it; a JPEG shrunk on load holds less), plus each output's copies.
    public static func bytes(for info: ImageInfo, fileBytes: Int, options: ThumbnailOptions,
                             families: [WidgetFamily]? = nil) -> Int {
        let box = options.box(forSource: info.orientedSize)
        let decode = options.decodeOptions(targetBox: box)
        let peak = fileBytes + ImageDecoder.decoder(for: info.format).peakDecodeBytes(info, box: box, options: decode)
        guard families != nil || options.fit == .cover else { return peak + thumbnailBytes(box) }
        let outputs = (families ?? [options.family].compactMap { $0 }).map { family -> PixelSize in
            let output = options.forFamily(family)
            return output.fit == .cover ? output.coverTarget : output.box(forSource: info.orientedSize)
        }
        let outputBytes = (outputs.isEmpty ? [options.coverTarget] : outputs).map(thumbnailBytes).reduce(0, +)
        return peak + 2 * info.size.area * 4 + outputBytes
    }

    /// The resampled, colour-converted and oriented images and the encoder's buffers.
    static func thumbnailBytes(_ box: PixelSize) -> Int {
        box.area * 4 * 4
    }
}
