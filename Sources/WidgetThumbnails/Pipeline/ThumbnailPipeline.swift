/// Turns an original image into a widget thumbnail: probe, plan the size, decode at scale,
/// resample, convert colour, orient, encode within the byte budget. Each stage is its own
/// type; this one only runs them in order. Safe to use from several threads at once.
public struct ThumbnailPipeline: Sendable {
    /// The options every thumbnail of this pipeline uses.
    public var options: ThumbnailOptions

    /// A pipeline that makes thumbnails with `options`.
    public init(options: ThumbnailOptions = ThumbnailOptions()) {
        self.options = options
    }

    /// Thumbnails the file at `path` (size-capped before reading). A PNG or JPEG streams from
    /// the file (memory grows with its width, not its size); WebP and HEIF are read whole, in
    /// one read.
    /// Errors name the file.
    public func thumbnail(atPath path: String) throws(ImageError) -> Thumbnail {
        try thumbnail(of: ThumbnailInput.open(atPath: path, maxBytes: options.limits.maxFileBytes), file: path)
    }

    /// Thumbnails an image in memory. `file` only names the input in errors.
    public func thumbnail(of bytes: [UInt8], file: String? = nil) throws(ImageError) -> Thumbnail {
        try thumbnail(of: .bytes(bytes), file: file)
    }

    /// Thumbnails an opened input (`ThumbnailInput.open`). `file` names the input in errors.
    /// The input is opened once (`ThumbnailInput.withSession`): the probe's session decodes.
    public func thumbnail(of input: ThumbnailInput, file: String? = nil) throws(ImageError) -> Thumbnail {
        do {
            return try input.withSession(limits: options.limits, strictness: options.strictness) {
                (session) throws(ImageError) -> Thumbnail in try make(session)
            }
        } catch {
            throw error.naming(file)
        }
    }

    /// Thumbnails an input its caller has opened (`ThumbnailInput.withSession`, with these
    /// options' limits and strictness), for a caller that needs the header facts first (to
    /// admit the work by memory, say) without opening the input twice. `file` names it in errors.
    public func thumbnail(of session: DecodeSession, file: String? = nil) throws(ImageError) -> Thumbnail {
        do {
            return try make(session)
        } catch {
            throw error.naming(file)
        }
    }

    /// One thumbnail per family in `families` (in that order), each with these options made
    /// for its family (`ThumbnailOptions.forFamily`), all from one decode of the file at
    /// `path`: the decode is kept in memory at the scale the largest output needs and each
    /// output is cropped (`fit` `.cover`) and resampled from it. Throws when the input cannot
    /// be read or decoded; an output that cannot be made (its byte budget unreachable, say) is
    /// a failure of its own, its reason starting with its family, and the others are made.
    /// Errors name the file.
    public func thumbnails(atPath path: String, families: [WidgetFamily]) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        try thumbnails(of: ThumbnailInput.open(atPath: path, maxBytes: options.limits.maxFileBytes),
                       families: families, file: path)
    }

    /// `thumbnails(atPath:families:)` for an opened input; `file` names it in errors.
    public func thumbnails(of input: ThumbnailInput, families: [WidgetFamily],
                           file: String? = nil) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        do {
            return try input.withSession(limits: options.limits, strictness: options.strictness) {
                (session) throws(ImageError) -> [Result<Thumbnail, ImageError>] in
                try thumbnails(of: session, families: families, file: file)
            }
        } catch {
            throw error.naming(file)
        }
    }

    /// `thumbnails(atPath:families:)` for an input its caller has opened (as
    /// `thumbnail(of:file:)` takes one); `file` names it in errors.
    public func thumbnails(of session: DecodeSession, families: [WidgetFamily],
                           file: String? = nil) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        guard !families.isEmpty else { throw ImageError(.invalidArgument, "no widget family was asked for", file: file) }
        return try thumbnails(of: session, outputs: families.map { (options.forFamily($0), $0.rawValue) }, file: file)
    }

    /// One thumbnail per variant in `variants` (`FamilySizing.variants(for:devices:)`, in that
    /// order), each with these options sized for its own devices (`ThumbnailOptions.forVariant`),
    /// all from one decode and one crop analysis of the input, as `thumbnails(atPath:families:)`
    /// makes its families: a variant that cannot be made fails alone, its reason starting with
    /// its name (`accessoryCircular-112x112: `). Errors name the file.
    public func thumbnails(of input: ThumbnailInput, variants: [FamilySizing.Variant],
                           file: String? = nil) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        guard !variants.isEmpty else { throw ImageError(.invalidArgument, "no device shows the family", file: file) }
        do {
            return try input.withSession(limits: options.limits, strictness: options.strictness) {
                (session) throws(ImageError) -> [Result<Thumbnail, ImageError>] in
                try thumbnails(of: session, outputs: variants.map { (options.forVariant($0), $0.name) }, file: file)
            }
        } catch {
            throw error.naming(file)
        }
    }

    /// `thumbnails(of:variants:file:)` for the file at `path` (size-capped before reading).
    public func thumbnails(atPath path: String, variants: [FamilySizing.Variant]) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        try thumbnails(of: ThumbnailInput.open(atPath: path, maxBytes: options.limits.maxFileBytes),
                       variants: variants, file: path)
    }

    /// The several-output calls' one body: `outputs` (each one's options and the name its
    /// failure starts with) from one decode of `session`.
    private func thumbnails(of session: DecodeSession, outputs: [(options: ThumbnailOptions, name: String)],
                            file: String?) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        do throws(ImageError) {
            return try makeFromOneDecode(session, outputs: outputs).map { $0.mapError { $0.naming(file) } }
        } catch {
            throw error.naming(file)
        }
    }

    private func make(_ session: DecodeSession) throws(ImageError) -> Thumbnail {
        // A contained picture streams through the resampler (JPEG and PNG never hold the
        // picture whole); a crop is cut from the picture in memory.
        if options.fit == .cover {
            return try makeFromOneDecode(session, outputs: [(options, options.family?.rawValue)])[0].get()
        }
        var timings = StageTimings()
        let info = session.info
        let box = options.box(forSource: info.orientedSize)
        guard box.width > 0, box.height > 0 else {
            throw ImageError(.invalidArgument, "the thumbnail box \(box) is empty")
        }
        let decodeOptions = options.decodeOptions(targetBox: box)
        let source = try timings.measure(\.decode) { () throws(ImageError) in
            try session.source(for: decodeOptions)
        }

        // Every size the budget search asks for goes through the same steps. The colour result
        // depends only on the profile, its colour model and the policy, so the first size's is
        // every size's.
        func render(stored size: PixelSize, decodeSeconds: inout Double) throws(ImageError)
            -> (image: RGBAImage, color: ColorConverter.Result) {
            var image = try source.resampled(to: size, decodeSeconds: &decodeSeconds)
            let color = ColorConverter.apply(options.colorPolicy, profile: info.iccProfile,
                                             colorModel: info.colorModel, to: &image)
            return (image.oriented(info.orientation), color)
        }

        let planned = ShrinkOnLoad.outputSize(stored: info.size, orientation: info.orientation, box: box)
        var firstDecode = 0.0  // JPEG and PNG decode while they resample
        let (first, color) = try timings.measure(\.resample) { () throws(ImageError) in
            try render(stored: planned, decodeSeconds: &firstDecode)
        }
        timings.move(firstDecode, from: \.resample, to: \.decode)
        let encoder = BudgetedEncoder(format: options.format.resolved(for: first), budget: options.budget,
                                      quality: options.quality, iccProfile: color.outputProfile,
                                      effort: options.effort)
        var shrinkDecode = 0.0
        let encoded = try timings.measure(\.encode) { () throws(ImageError) in
            try encoder.encode(first) { (upright: PixelSize) throws(ImageError) -> RGBAImage in
                try render(stored: info.orientation.swapsAxes ? upright.transposed : upright,
                           decodeSeconds: &shrinkDecode).image
            }
        }
        timings.move(shrinkDecode, from: \.encode, to: \.decode)

        return Self.thumbnail(encoded, first: first, color: color, options: options, source: info,
                              timings: timings, heif: source.heif, crop: nil)
    }

    /// The finished thumbnail of `encoded`, its appearance measured on `first` (the image the
    /// budget search started from) as `encoded`'s format stores it.
    private static func thumbnail(_ encoded: EncodedImage, first: RGBAImage, color: ColorConverter.Result,
                                  options: ThumbnailOptions, source: ImageInfo, timings: StageTimings,
                                  heif: HEIFDecodeResult?, crop: PixelRect?) -> Thumbnail {
        // Embedded wide-gamut profiles render in extended range on iOS: 8 bytes a pixel.
        let wideColour = color.outputProfile != nil  // only profiles that are not sRGB are embedded
        var thumbnail = Thumbnail(bytes: encoded.bytes, format: encoded.format, size: encoded.size,
                                  quality: encoded.quality, effort: encoded.quality == nil ? nil : options.effort,
                                  encodeCount: encoded.encodeCount,
                                  colorHandling: color.handling,
                                  renderBytesPerPixel: wideColour ? 8 : 4,
                                  source: source, attempts: encoded.attempts, timings: timings, heif: heif,
                                  renderDevices: options.chosenDevices)
        thumbnail.family = options.family
        thumbnail.crop = crop
        thumbnail.appearance = RenderAppearance(
            measuring: first, storesAlpha: ImageEncoder.encoder(for: encoded.format).storesAlpha, family: options.family)
        return thumbnail
    }

    /// Every output in `outputs` (each these options but for its family) from one decode,
    /// kept whole in memory at the scale the largest needs: a `.cover` output is resampled
    /// from its window of it (the crop before the resample, at the decode's scale, no copy),
    /// a `.contain` one from all of it. Throws when the decode fails; each output's own
    /// failure is its result, its reason starting with the output's name (its family, or its
    /// variant), when it has one.
    private func makeFromOneDecode(_ session: DecodeSession, outputs: [(options: ThumbnailOptions, name: String?)])
        throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        let info = session.info
        let plans = try outputs.map { (output) throws(ImageError) in try OutputPlan(output.options, source: info) }
        let decodeBox = Self.decodeBox(plans)
        var timings = StageTimings()
        // Only the reduced picture outlives this: the decoder's pixels are freed before the
        // first output.
        let (working, heif) = try timings.measure(\.decode) { () throws(ImageError) -> (RGBAImage, HEIFDecodeResult?) in
            let source = try session.source(for: options.decodeOptions(targetBox: decodeBox))
            // A picture decoded far larger than every output needs (PNG and HEIF have no
            // scaled decode) is reduced as it is read, as a JPEG's DCT scale would, so each
            // output resamples from a picture with the same headroom, not from the full size.
            let needed = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: decodeBox)
            return (try source.materialized(fullSize: info.size, keeping: needed), source.heif)
        }
        // A content-aware crop analyses the picture once for every output.
        let analysis = try timings.measure(\.resample) { () -> SmartCrop.Analysis? in
            guard let strategy = options.crop.smartStrategy, plans.contains(where: { $0.options.fit == .cover }) else {
                return nil
            }
            return SmartCrop.Analysis(working, strategy: strategy)
        }
        var results: [Result<Thumbnail, ImageError>] = []
        for (plan, output) in zip(plans, outputs) {
            do throws(ImageError) {
                results.append(.success(try make(plan, from: working, analysis: analysis, source: info, heif: heif,
                                                 timings: timings)))
            } catch {
                let name = output.name.map { "\($0): " } ?? ""
                results.append(.failure(ImageError(error.code, name + error.reason, file: error.file)))
            }
            timings = StageTimings()  // the decode is the first output's; each output its own resample and encode
        }
        return results
    }

    /// One output of `makeFromOneDecode`, from `working` (the stored picture at the decode's scale).
    private func make(_ plan: OutputPlan, from working: RGBAImage, analysis: SmartCrop.Analysis?, source info: ImageInfo,
                      heif: HEIFDecodeResult?, timings start: StageTimings) throws(ImageError) -> Thumbnail {
        var timings = start
        let output = plan.options
        let (window, crop) = try timings.measure(\.resample) { plan.window(in: working, source: info, analysis: analysis) }
        let planned = crop == nil
            ? info.orientation.orientedSize(ShrinkOnLoad.outputSize(stored: info.size, orientation: info.orientation,
                                                                      box: plan.target))
            : CoverCrop.outputSize(window: info.orientation.orientedSize(window.size), target: plan.target)
        func render(upright size: PixelSize) throws(ImageError) -> (image: RGBAImage, color: ColorConverter.Result) {
            var image = try Resampler.resize(working, window: window, to: info.orientation.orientedSize(size))
            let color = ColorConverter.apply(output.colorPolicy, profile: info.iccProfile,
                                             colorModel: info.colorModel, to: &image)
            return (image.oriented(info.orientation), color)
        }
        let (first, color) = try timings.measure(\.resample) { () throws(ImageError) in try render(upright: planned) }
        let encoder = BudgetedEncoder(format: output.format.resolved(for: first), budget: output.budget,
                                      quality: output.quality, iccProfile: color.outputProfile, effort: output.effort)
        let encoded = try timings.measure(\.encode) { () throws(ImageError) in
            try encoder.encode(first) { (upright: PixelSize) throws(ImageError) -> RGBAImage in
                try render(upright: upright).image
            }
        }
        return Self.thumbnail(encoded, first: first, color: color, options: output, source: info,
                              timings: timings, heif: heif, crop: crop)
    }
}

extension ThumbnailPipeline {
    /// What the one decode of `outputs` needs for a source described by `info`: the box it
    /// keeps (each output's own need, the largest on each axis) and each output's upright
    /// target; nil when an output's box is empty. The batch's memory estimate sizes with it.
    static func oneDecodeSizes(for outputs: [ThumbnailOptions],
                               source info: ImageInfo) -> (decodeBox: PixelSize, targets: [PixelSize])? {
        guard let plans = try? outputs.map({ (output) throws(ImageError) in try OutputPlan(output, source: info) }) else {
            return nil
        }
        return (decodeBox(plans), plans.map(\.target))
    }

    fileprivate static func decodeBox(_ plans: [OutputPlan]) -> PixelSize {
        PixelSize(width: plans.map(\.decodeBox.width).max() ?? 1, height: plans.map(\.decodeBox.height).max() ?? 1)
    }

}

/// One output of `ThumbnailPipeline`'s one-decode path: its options, the upright size it aims
/// at, and how much of the picture the decode must keep for it.
private struct OutputPlan {
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
