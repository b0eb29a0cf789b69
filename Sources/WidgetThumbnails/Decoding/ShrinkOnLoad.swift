/// The sizes shrink-on-load aims at. A decoder that can decode at reduced size (JPEG DCT
/// scaling, WebP scaled decode) decodes to at least `minimumDecodeSize`, so the final resample
/// still has `headroom` x the output's pixels per axis to filter from.
public enum ShrinkOnLoad {
    /// How much larger than the output the decoded image must stay, per axis. libvips keeps 2x;
    /// the resampler's quality at 1x-2x is measured by the quality report.
    public static let headroom = 2.0

    /// The final thumbnail size, in stored (not oriented) orientation, for an image of `stored`
    /// pixels that is shown with `orientation` and must fit inside `box` (upright).
    /// Never larger than the source; at least 1x1; aspect ratio kept, rounded to nearest.
    public static func outputSize(stored: PixelSize, orientation: EXIFOrientation, box: PixelSize) -> PixelSize {
        let upright = orientation.orientedSize(stored)
        let scale = min(1.0, Double(box.width) / Double(upright.width), Double(box.height) / Double(upright.height))
        let fitted = PixelSize(width: max(1, Int((Double(upright.width) * scale).rounded())),
                               height: max(1, Int((Double(upright.height) * scale).rounded())))
        let clamped = PixelSize(width: min(fitted.width, box.width), height: min(fitted.height, box.height))
        return orientation.swapsAxes ? clamped.transposed : clamped
    }

    /// The smallest decode (stored orientation) that keeps `headroom` over `outputSize`,
    /// capped at the stored size.
    public static func minimumDecodeSize(stored: PixelSize, orientation: EXIFOrientation, box: PixelSize) -> PixelSize {
        let output = outputSize(stored: stored, orientation: orientation, box: box)
        return PixelSize(width: min(stored.width, Int((Double(output.width) * headroom).rounded(.up))),
                         height: min(stored.height, Int((Double(output.height) * headroom).rounded(.up))))
    }
}
