/// How much memory thumbnailing one image will take at its peak, estimated from its header
/// alone, so a batch can admit work by memory instead of by count. Deliberately generous:
/// an over-estimate only serialises work, an under-estimate lets a batch overrun its limit.
public enum DecodeMemoryEstimate {
    /// Bytes for the encoded file held in memory, the decoder's peak for `options` (its own
    /// estimate, `SourceDecoder.peakDecodeBytes`: the pixels at the scale it will pick and its
    /// whole-image buffers where it needs them), and the small thumbnail copies the resample,
    /// colour, orient and encode stages make.
    ///
    /// A cover crop (`fit` `.cover`) or several outputs from one decode (`outputs`: each one's
    /// options, as `ThumbnailOptions.forFamily` or `forBox` make them) keep the decoded picture
    /// whole (at the decoder's scale for the largest output: `SourceDecoder.wholeDecodeSize`)
    /// and resample each output from it: counted twice (the picture and the reduced copy the
    /// outputs resample from), plus each output's copies.
    public static func bytes(for info: ImageInfo, fileBytes: Int, options: ThumbnailOptions,
                             outputs: [ThumbnailOptions]? = nil) -> Int {
        let box = options.box(forSource: info.orientedSize)
        let decode = options.decodeOptions(targetBox: box)
        let decoder = Decoders.decoder(for: info.format)
        guard outputs != nil || options.fit == .cover else {
            return fileBytes + decoder.peakDecodeBytes(info, box: box, options: decode) + thumbnailBytes(box)
        }
        let outputs = outputs ?? [options]
        let sizes = ThumbnailPipeline.oneDecodeSizes(for: outputs, source: info)
        let decodeBox = sizes?.decodeBox ?? info.orientedSize
        let decodeOptions = options.decodeOptions(targetBox: decodeBox)
        let whole = decoder.wholeDecodeSize(info, box: decodeBox, options: decodeOptions)
        let outputBytes = (sizes?.targets ?? [box]).map(thumbnailBytes).reduce(0, +)
        return fileBytes + decoder.peakDecodeBytes(info, box: decodeBox, options: decodeOptions)
            + 2 * whole.area * 4 + outputBytes
    }

    /// The resampled, colour-converted and oriented images and the encoder's buffers.
    static func thumbnailBytes(_ box: PixelSize) -> Int {
        box.area * 4 * 4
    }
}
