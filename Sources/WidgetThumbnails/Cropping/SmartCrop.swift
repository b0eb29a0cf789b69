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
        return Analysis(image, strategy: strategy).origin(of: window, in: image.size)
    }

    /// One image analysed for one strategy, asked for several windows: the one decode of
    /// several families analyses its picture once, not once per family.
    enum Analysis: Sendable {
        case entropy(EntropyCrop)
        case attention(AttentionCrop)

        /// Analyses `image` for `strategy`.
        init(_ image: RGBAImage, strategy: Strategy) {
            switch strategy {
            case .entropy: self = .entropy(EntropyCrop(image))
            case .attention: self = .attention(AttentionCrop(image))
            }
        }

        /// The top-left corner of a `window`-sized crop of the analysed image (`window` at most
        /// its size), as `SmartCrop.origin(of:in:strategy:)` gives it.
        func origin(of window: PixelSize, in size: PixelSize) -> (x: Int, y: Int) {
            precondition(window.width >= 1 && window.height >= 1 && window.width <= size.width && window.height <= size.height,
                         "the crop window \(window) must lie inside the image \(size)")
            if window == size { return (0, 0) }
            switch self {
            case .entropy(let crop): return crop.origin(of: window)
            case .attention(let crop): return crop.origin(of: window)
            }
        }
    }
}
