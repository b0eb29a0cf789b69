/// One output's way from source pixels to a thumbnail: its window of the source is resampled
/// to a size, converted to the output's colour, turned upright and encoded within the byte
/// budget; every smaller size the budget search asks for goes through the same steps. Both of
/// `ThumbnailPipeline`'s paths render through it, so a colour or orientation step added here
/// holds for `.contain` and `.cover`, one family or several.
struct RenderStage {
    /// Where the resample reads the window from.
    enum Source {
        /// The whole picture from its session's source (`ScaledSource`), which a streamed
        /// format (JPEG, PNG) decodes as it resamples, never holding it whole; a second size
        /// streams it again.
        case streamed(any ScaledSource)
        /// A window of a picture decoded whole, in its stored orientation: a crop, or all of
        /// it when several outputs share one decode.
        case window(RGBAImage, PixelRect)
    }

    let plan: OutputPlan
    let info: ImageInfo
    let source: Source

    /// The thumbnail, its budget search starting at the plan's first size. `timings` holds
    /// what came before (the decode); `crop` is the window in the upright original's pixels
    /// (nil: all of it).
    func thumbnail(timings start: StageTimings, heif: HEIFDecodeResult?, crop: PixelRect?) throws(ImageError) -> Thumbnail {
        let options = plan.options
        var timings = start
        let first = switch source {
        case .streamed: plan.firstSize(source: info, window: nil)
        case .window(_, let window): plan.firstSize(source: info, window: window)
        }
        let (image, color) = try timings.measure(\.resample, decodingInside: { (decoding: inout Double) throws(ImageError) in
            try render(upright: first, decodeSeconds: &decoding)
        })
        let encoder = BudgetedEncoder(format: options.format.resolved(for: image), budget: options.budget,
                                      quality: options.quality, iccProfile: color.outputProfile, effort: options.effort)
        let encoded = try timings.measure(\.encode, decodingInside: { (decoding: inout Double) throws(ImageError) in
            var shrinkDecode = 0.0  // the encoder's resize escapes: it cannot hold `decoding` itself
            defer { decoding += shrinkDecode }
            return try encoder.encode(image) { (upright: PixelSize) throws(ImageError) -> RGBAImage in
                try render(upright: upright, decodeSeconds: &shrinkDecode).image
            }
        })

        // Only profiles that are not sRGB are embedded, and those render in extended range.
        let wideColour = color.outputProfile != nil
        var thumbnail = Thumbnail(bytes: encoded.bytes, format: encoded.format, size: encoded.size,
                                  quality: encoded.quality, effort: encoded.quality == nil ? nil : options.effort,
                                  encodeCount: encoded.encodeCount,
                                  colorHandling: color.handling,
                                  renderBytesPerPixel: BitmapCost.bytesPerPixel(bitDepth: 8, wideColour: wideColour),
                                  source: info, attempts: encoded.attempts, timings: timings, heif: heif,
                                  renderDevices: options.chosenDevices)
        thumbnail.family = options.family
        thumbnail.crop = crop
        // Measured on the image the budget search started from, as the encoded format stores it.
        thumbnail.appearance = RenderAppearance(
            measuring: image, storesAlpha: ImageEncoder.encoder(for: encoded.format).storesAlpha, family: options.family)
        return thumbnail
    }

    /// The window at `size` (upright): resampled, colour converted, oriented. A streamed
    /// source's time inside its decoder is added to `decodeSeconds`. The colour result depends
    /// only on the profile, its colour model and the policy, so every size's is the first's.
    private func render(upright size: PixelSize, decodeSeconds: inout Double) throws(ImageError)
        -> (image: RGBAImage, color: ColorConverter.Result) {
        let stored = info.orientation.orientedSize(size)
        var image: RGBAImage
        switch source {
        case .streamed(let scaled):
            image = try scaled.resampled(to: stored, decodeSeconds: &decodeSeconds)
        case .window(let picture, let window):
            image = try Resampler.resize(picture, window: window, to: stored)
        }
        let color = ColorConverter.apply(plan.options.colorPolicy, profile: info.iccProfile,
                                         colorModel: info.colorModel, to: &image)
        return (image.oriented(info.orientation), color)
    }
}
