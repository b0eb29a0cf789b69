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

    private func make(_ session: DecodeSession) throws(ImageError) -> Thumbnail {
        var timings = StageTimings()
        let info = session.info
        let box = options.box(forSource: info.orientedSize)
        guard box.width > 0, box.height > 0 else {
            throw ImageError(.invalidArgument, "the thumbnail box \(box) is empty")
        }
        let decodeOptions = options.decodeOptions(targetBox: box)
        let source = try timings.measure(\.decode) { () throws(ImageError) in
            try ScaledSource.open(session, options: decodeOptions)
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

        // Embedded wide-gamut profiles render in extended range on iOS: 8 bytes a pixel.
        let wideColour = color.outputProfile != nil  // only profiles that are not sRGB are embedded
        return Thumbnail(bytes: encoded.bytes, format: encoded.format, size: encoded.size,
                         quality: encoded.quality, effort: encoded.quality == nil ? nil : options.effort,
                         encodeCount: encoded.encodeCount,
                         colorHandling: color.handling,
                         renderBytesPerPixel: wideColour ? 8 : 4,
                         source: info, attempts: encoded.attempts, timings: timings, heif: source.heif,
                         renderDevices: options.chosenDevices)
    }
}
