/// Where a content-aware crop window goes (the `--crop entropy|attention` strategies).
///
/// Both follow libvips' `vips_smartcrop` (what `vipsthumbnail --smartcrop` and sharp's
/// `position: entropy|attention` run): `EntropyCrop` and `AttentionCrop` say what each does
/// and where ours differs. Both read straight-alpha RGBA premultiplied, so a fully
/// transparent pixel weighs nothing, whatever colour it stores; both analyse a reduced copy
/// (`CropAnalysisImage`), so the cost is one read of the image plus a fixed amount. Both are
/// deterministic, and a tie goes to the centre-most position: an image with nothing to
/// choose by gets the centred window.
enum SmartCrop {
    /// What makes part of an image worth keeping.
    enum Strategy: Sendable {
        /// Trim the edge with less detail (colour histogram entropy) until the window is left.
        case entropy
        /// Centre on the strongest mix of edges, skin tones and saturated reds.
        case attention
    }

    /// The top-left corner of a `window`-sized crop of `image` chosen by `strategy`.
    /// `window` is at most `image.size` on both axes (the caller guarantees it); the result keeps the window inside the image.
    static func origin(of window: PixelSize, in image: RGBAImage, strategy: Strategy) -> (x: Int, y: Int) {
        precondition(window.width >= 1 && window.height >= 1
                     && window.width <= image.width && window.height <= image.height,
                     "the crop window \(window) must lie inside the image \(image.size)")
        if window == image.size { return (0, 0) }
        switch strategy {
        case .entropy: return EntropyCrop(image).origin(of: window)
        case .attention: return AttentionCrop(image).origin(of: window)
        }
    }
}
