/// The DCT scale the JPEG decoder decodes at for shrink-on-load, without decoding, so tools
/// (`widget-thumbs inspect`) can show it. The decision itself is `JPEGScale.choose`, the one
/// the decoder uses: the smallest TurboJPEG factor whose decoded size still reaches
/// `ShrinkOnLoad.minimumDecodeSize` on both axes.
public enum JPEGScaleChoice {
    /// The chosen factor as a reduced fraction: 2/8 is `(1, 4)`, 8/8 is `(1, 1)`.
    public static func dctScale(for info: ImageInfo, box: PixelSize) -> (num: Int, denom: Int) {
        let needed = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
        let scale = JPEGScale.choose(stored: info.size, minimum: needed)
        return (scale.num, scale.denom)
    }

    /// The size TurboJPEG decodes `stored` to at `scale`: each side rounded up, as its
    /// `TJSCALED(dimension, factor)` macro does.
    public static func scaledSize(_ stored: PixelSize, by scale: (num: Int, denom: Int)) -> PixelSize {
        JPEGScale(num: scale.num, denom: scale.denom).scaled(stored)
    }
}
