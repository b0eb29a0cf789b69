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

    /// One thumbnail of `input`: `.path("photo.jpg")` (size-capped by `options.limits` before
    /// reading; a PNG or JPEG streams from the file, memory growing with its width, not its
    /// size; WebP and HEIF are read whole, in one read), `.bytes(...)`, or `.session(...)` for
    /// an input its caller opened (`ThumbnailInput.withSession`, with these options' limits and
    /// strictness) to read its header facts first. The input is opened once: the probe's
    /// session decodes. Errors name `file`, or the input's path when it has one.
    public func thumbnail(_ input: ThumbnailInput, file: String? = nil) throws(ImageError) -> Thumbnail {
        let file = file ?? input.path
        do {
            return try input.withSession(limits: options.limits, strictness: options.strictness) {
                (session) throws(ImageError) -> Thumbnail in try make(session)
            }
        } catch {
            throw error.naming(file)
        }
    }

    /// One thumbnail per family in `families` (in that order), each with these options made
    /// for its family (`ThumbnailOptions.forFamily`), all from one decode of `input` (as
    /// `thumbnail(_:file:)` takes it): the decode is kept in memory at the scale the largest
    /// output needs and each output is cropped (`fit` `.cover`) and resampled from it. Throws
    /// when the input cannot be read or decoded; an output that cannot be made (its byte
    /// budget unreachable, say) is a failure of its own, its reason starting with its family,
    /// and the others are made. Errors name `file`, or the input's path when it has one.
    public func thumbnails(_ input: ThumbnailInput, families: [WidgetFamily],
                           file: String? = nil) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        guard !families.isEmpty else {
            throw ImageError(.invalidArgument, "no widget family was asked for", file: file ?? input.path)
        }
        return try thumbnails(input, outputs: families.map { (options.forFamily($0), $0.rawValue) }, file: file)
    }

    /// One thumbnail per variant in `variants` (`FamilySizing.variants(for:devices:)`, in that
    /// order), each with these options sized for its own devices (`ThumbnailOptions.forVariant`),
    /// all from one decode and one crop analysis of the input, as `thumbnails(_:families:file:)`
    /// makes its families: a variant that cannot be made fails alone, its reason starting with
    /// its name (`accessoryCircular-112x112: `).
    public func thumbnails(_ input: ThumbnailInput, variants: [FamilySizing.Variant],
                           file: String? = nil) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        guard !variants.isEmpty else {
            throw ImageError(.invalidArgument, "no device shows the family", file: file ?? input.path)
        }
        return try thumbnails(input, outputs: variants.map { (options.forVariant($0), $0.name) }, file: file)
    }

    /// One thumbnail per box in `boxes` (in that order), each with these options fitted to its
    /// box (`box`, the family left unset), all from one decode of `input`: Android's cell
    /// spans, sized by the caller (`AndroidTarget.box`), as `thumbnails(_:families:file:)`
    /// makes families. An output that cannot be made fails alone, its reason starting with its name.
    public func thumbnails(_ input: ThumbnailInput, boxes: [(box: PixelSize, name: String)],
                           file: String? = nil) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        guard !boxes.isEmpty else {
            throw ImageError(.invalidArgument, "no box was asked for", file: file ?? input.path)
        }
        return try thumbnails(input, outputs: boxes.map { (options.forBox($0.box), $0.name) }, file: file)
    }

    /// The several-output calls' one body: `outputs` (each one's options and the name its
    /// failure starts with) from one decode of `input`.
    private func thumbnails(_ input: ThumbnailInput, outputs: [(options: ThumbnailOptions, name: String)],
                            file: String?) throws(ImageError) -> [Result<Thumbnail, ImageError>] {
        let file = file ?? input.path
        do {
            return try input.withSession(limits: options.limits, strictness: options.strictness) {
                (session) throws(ImageError) -> [Result<Thumbnail, ImageError>] in
                try makeFromOneDecode(session, outputs: outputs).map { $0.mapError { $0.naming(file) } }
            }
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
        let info = session.info
        let plan = try OutputPlan(options, source: info)
        var timings = StageTimings()
        let source = try timings.measure(\.decode) { () throws(ImageError) in
            try session.source(for: options.decodeOptions(targetBox: plan.target))
        }
        var thumbnail = try RenderStage(plan: plan, info: info, source: .streamed(source))
            .thumbnail(timings: timings, heif: source.heif, crop: nil)
        thumbnail.damage = session.damage
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
        let decodeBox = OutputPlan.decodeBox(plans)
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
                var thumbnail = try make(plan, from: working, analysis: analysis, source: info, heif: heif, timings: timings)
                thumbnail.damage = session.damage
                results.append(.success(thumbnail))
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
        let (window, crop) = try timings.measure(\.resample) { plan.window(in: working, source: info, analysis: analysis) }
        return try RenderStage(plan: plan, info: info, source: .window(working, window))
            .thumbnail(timings: timings, heif: heif, crop: crop)
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
        return (OutputPlan.decodeBox(plans), plans.map(\.target))
    }
}
