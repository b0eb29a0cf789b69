/// The DCT scale the JPEG decoder decodes at for shrink-on-load. TurboJPEG can decode at
/// n/8 of the stored size for n in 1...8 (on any build; it offers more factors above 1 that
/// we never want). We take the smallest that still gives `ShrinkOnLoad.minimumDecodeSize` on
/// both axes, so the resampler keeps its headroom and the decoder does the least work.
public enum JPEGScaleChoice {
    /// The chosen factor as a reduced fraction: 2/8 is `(1, 4)`, 8/8 is `(1, 1)`.
    public static func dctScale(for info: ImageInfo, box: PixelSize) -> (num: Int, denom: Int) {
        let needed = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
        for eighths in 1...8 {
            let scaled = scaledSize(info.size, by: (eighths, 8))
            if scaled.width >= needed.width && scaled.height >= needed.height {
                return reduced(eighths, 8)
            }
        }
        return (1, 1)
    }

    /// The size TurboJPEG decodes `stored` to at `scale`: each side rounded up, as its
    /// `TJSCALED(dimension, factor)` macro does.
    public static func scaledSize(_ stored: PixelSize, by scale: (num: Int, denom: Int)) -> PixelSize {
        PixelSize(width: (stored.width * scale.num + scale.denom - 1) / scale.denom,
                  height: (stored.height * scale.num + scale.denom - 1) / scale.denom)
    }

    private static func reduced(_ num: Int, _ denom: Int) -> (num: Int, denom: Int) {
        var (a, b) = (num, denom)
        while b != 0 { (a, b) = (b, a % b) }
        return (num / a, denom / a)
    }
}
