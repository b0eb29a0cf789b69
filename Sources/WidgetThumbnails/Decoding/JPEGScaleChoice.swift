/// The DCT scale the JPEG decoder decodes at for shrink-on-load, as a pure function, so tools
/// (`widget-thumbs inspect`) can show it without decoding. TurboJPEG decodes at n/8 of the
/// stored size for n in 1...8 (it also offers factors above 1, which we never want). We take
/// the smallest decoded size that still reaches `ShrinkOnLoad.minimumDecodeSize` on both
/// axes, so the resampler keeps its headroom and the decoder does the least work. When
/// several factors give that same size (tiny images: sizes round up), the largest of them,
/// the one TurboJPEG itself settles on for that size; so an 8x8 image is never "scaled".
public enum JPEGScaleChoice {
    /// The chosen factor as a reduced fraction: 2/8 is `(1, 4)`, 8/8 is `(1, 1)`.
    public static func dctScale(for info: ImageInfo, box: PixelSize) -> (num: Int, denom: Int) {
        let needed = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
        func size(_ eighths: Int) -> PixelSize { scaledSize(info.size, by: (eighths, 8)) }
        guard var eighths = (1...8).first(where: { size($0).width >= needed.width && size($0).height >= needed.height })
        else { return (1, 1) }
        while eighths < 8 && size(eighths + 1) == size(eighths) { eighths += 1 }
        return reduced(eighths, 8)
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
