/// One output of `ThumbnailPipeline`: its options, the upright size it aims at, and how much
/// of the picture the decode must keep for it. A `.contain` output's window is the whole
/// picture; a `.cover` output's is the crop (`window(in:source:analysis:)`).
struct OutputPlan {
    let options: ThumbnailOptions
    /// `.contain`: the box the picture fits in. `.cover`: the size the crop aims at
    /// (`ThumbnailOptions.coverTarget`; a smaller window keeps its own size).
    let target: PixelSize
    /// The whole upright picture's size this output needs the decode to keep (shrink-on-load
    /// may not go below it).
    let decodeBox: PixelSize

    init(_ options: ThumbnailOptions, source: ImageInfo) throws(ImageError) {
        self.options = options
        let upright = source.orientedSize
        switch options.fit {
        case .contain:
            target = options.box(forSource: upright)
            decodeBox = target
        case .cover:
            target = options.coverTarget
            let window = CoverCrop.windowSize(source: upright, shape: target)
            decodeBox = CoverCrop.coveringSize(source: upright,
                                               target: CoverCrop.outputSize(window: window, target: target))
        }
        guard target.width > 0, target.height > 0 else {
            throw ImageError(.invalidArgument, "the thumbnail box \(target) is empty")
        }
    }

    /// What one decode for every plan in `plans` keeps: each plan's own need, the largest on
    /// each axis.
    static func decodeBox(_ plans: [OutputPlan]) -> PixelSize {
        PixelSize(width: plans.map(\.decodeBox.width).max() ?? 1, height: plans.map(\.decodeBox.height).max() ?? 1)
    }

    /// The upright size the budget search starts from: for `.contain`, the size shrink-on-load
    /// plans for the whole original; for `.cover`, the cover size of `window` (the crop in the
    /// decoded picture, as stored; nil for a streamed source, which only contains).
    func firstSize(source info: ImageInfo, window: PixelRect?) -> PixelSize {
        let orientation = info.orientation
        guard options.fit == .cover, let window else {
            return orientation.orientedSize(ShrinkOnLoad.outputSize(stored: info.size, orientation: orientation, box: target))
        }
        return CoverCrop.outputSize(window: orientation.orientedSize(window.size), target: target)
    }

    /// The window of `decoded` (the stored picture at the decode's scale) this output shows,
    /// and for a cover crop the same window in the upright original's pixels (nil: all of it).
    /// `analysis` is `decoded` analysed for a content-aware crop (nil for the others).
    func window(in decoded: RGBAImage, source: ImageInfo, analysis: SmartCrop.Analysis?) -> (PixelRect, PixelRect?) {
        let whole = PixelRect(x: 0, y: 0, size: decoded.size)
        guard options.fit == .cover else { return (whole, nil) }
        let orientation = source.orientation
        // The window is placed in the decoded picture as shown, so every orientation of a
        // picture rounds alike, then mapped to the stored pixels the decoder gave.
        let shown = orientation.orientedSize(decoded.size)
        let window = CoverCrop.windowSize(source: shown, shape: target)
        let inDecoded: PixelRect
        if let strategy = options.crop.smartStrategy {
            let size = orientation.orientedSize(window)
            let origin = (analysis ?? SmartCrop.Analysis(decoded, strategy: strategy)).origin(of: size, in: decoded.size)
            inDecoded = PixelRect(x: origin.x, y: origin.y, size: size)
        } else {
            let point = if case .focus(let x, let y) = options.crop { (x: x, y: y) } else { (x: 0.5, y: 0.5) }
            let origin = CoverCrop.origin(of: window, in: shown, centredAt: point)
            inDecoded = CoverCrop.storedRect(PixelRect(x: origin.x, y: origin.y, size: window),
                                             stored: decoded.size, orientation: orientation)
        }
        let inShown = CoverCrop.uprightRect(inDecoded, stored: decoded.size, orientation: orientation)
        return (inDecoded, CoverCrop.scaled(inShown, from: shown, to: source.orientedSize))
    }
}
