/// The source pixels at the smallest size worth keeping, ready to be resampled to any
/// thumbnail size at or below the first one asked for.
///
/// Every format decodes from the input's `DecodeSession`, so the first size reads the input
/// with what its probe opened.
///
/// JPEG and PNG rows stream straight through the resampler (from memory or from the open
/// file): JPEG decodes at its DCT scale (shrink-on-load), row by row, so memory grows with the
/// width, not the area (a progressive JPEG still needs libjpeg's coefficient buffer); PNG has
/// no scaled decode and streams at full size. A second size (rare: the byte-budget search
/// shrinking) streams the source again: libjpeg and libpng cannot rewind, so it opens the
/// decoder again (JPEG on the marker walk its session kept).
///
/// WebP decodes once, shrunk on load (scaled decode), and keeps that decoded image, so the
/// byte-budget search can resample smaller sizes without decoding again.
///
/// HEIF has no scaled decode. A plain HEIC's tiles are decoded by libde265 a row of tiles at a
/// time, straight into the resampler (`HEVCTileStream`), again for a second size; anything
/// else decodes once through libheif, at full size or from an embedded thumbnail, and keeps
/// libheif's own pixels, whose rows stream through the resampler a band at a time.
enum ScaledSource {
    case decoded(DecodedImage)
    /// A JPEG's session and the box it decodes for (shrink-on-load).
    case jpeg(JPEGSession, targetBox: PixelSize?)
    case png(PNGSession)
    case heifPixels(HEIFLibrary.Pixels, HEIFImageChoice, HEVCLoopFilters)
    /// A plain HEIC primary, decoded tile by tile for each size asked for; libheif takes over
    /// (`DecodeOptions` kept for it) if a tile will not decode.
    case hevcTiles(HEVCTileStream, DecodeOptions)

    /// The source for `session`'s input, decoded for `options` (whose limits and strictness
    /// are the session's).
    static func open(_ session: DecodeSession, options: DecodeOptions) throws(ImageError) -> ScaledSource {
        switch session.format {
        case .jpeg(let jpeg):
            return .jpeg(jpeg, targetBox: options.targetBox)
        case .png(let png):
            return .png(png)
        case .webp(let file, let bytes):
            return .decoded(try WebPDecoder.decode(bytes, file: file, options: options))
        case .heif(let bytes):
            let file = try session.takeHEIFFile(bytes, limits: options.limits)
            if let tiles = try file.tileStream(options) { return .hevcTiles(tiles, options) }
            let (pixels, choice, loopFilters) = try file.decode(options)
            return .heifPixels(pixels, choice, loopFilters)
        }
    }

    /// The source for `input`, opened for this call only: a second size opens the input again.
    static func open(_ input: ThumbnailInput, options: DecodeOptions) throws(ImageError) -> ScaledSource {
        try input.withSession(limits: options.limits, strictness: options.strictness) {
            (session) throws(ImageError) -> ScaledSource in try open(session, options: options)
        }
    }

    /// Which image of a HEIF the pixels come from, and whether HEVC's loop filters ran; nil
    /// for other formats.
    var heif: HEIFDecodeResult? {
        switch self {
        case .heifPixels(_, let choice, let loopFilters): HEIFDecodeResult(image: choice, loopFilters: loopFilters)
        case .hevcTiles(let tiles, _): HEIFDecodeResult(image: .primary, loopFilters: tiles.loopFilters)
        default: nil
        }
    }

    /// The image resampled to `size` (stored orientation; never upscaled). For a streamed
    /// source (JPEG, PNG) the time spent inside the decoder's row reads is added to
    /// `decodeSeconds`, so the caller can tell decoding from resampling.
    func resampled(to size: PixelSize, decodeSeconds: inout Double) throws(ImageError) -> RGBAImage {
        switch self {
        case .decoded(let decoded):
            return try Resampler.resize(decoded.image, to: size)
        case .heifPixels(let pixels, _, _):
            return try pixels.resampled(to: size)
        case .hevcTiles(let tiles, let options):
            do {
                return try tiles.resampled(to: size, decodeSeconds: &decodeSeconds)
            } catch {
                // libheif decodes what libde265 alone would not (or names the damage).
                let (pixels, _, _) = try HEIFFile(tiles.bytes, limits: options.limits).decode(options)
                return try pixels.resampled(to: size)
            }
        case .jpeg(let session, let targetBox):
            return try session.withScaledReader(targetBox: targetBox) { (plan, reader) throws(ImageError) -> RGBAImage in
                try Self.stream(plan.size, to: size, decodeSeconds: &decodeSeconds) { consume throws(ImageError) in
                    try reader.forEachRows { rows in consume(rows) }
                }
            }
        case .png(let session):
            return try session.withReader { (reader) throws(ImageError) -> RGBAImage in
                try Self.stream(reader.info.size, to: size, decodeSeconds: &decodeSeconds) { consume throws(ImageError) in
                    try reader.forEachRow { _, row in consume(row) }
                }
            }
        }
    }

    /// The whole image in memory (stored orientation), at the decode's scale, reduced to keep
    /// at least `needed` pixels on each axis where it has a quarter more or more: what a crop or
    /// several outputs are cut from, so no output decodes again. JPEG decodes at its DCT
    /// scale for the box the source was opened with, PNG and a HEIF primary at full size
    /// (`fullSize`, the probe's stored size), a HEIF's embedded thumbnail and WebP as decoded.
    /// JPEG and PNG rows stream straight into the reduction, so a PNG never holds its full
    /// size; the others are reduced once decoded.
    func materialized(fullSize: PixelSize, keeping needed: PixelSize) throws(ImageError) -> RGBAImage {
        var ignored = 0.0
        switch self {
        case .decoded(let decoded):
            return try Self.reduced(decoded.image, keeping: needed)
        case .heifPixels(let pixels, _, _):
            guard let size = Self.reducedSize(pixels.size, keeping: needed) else { return pixels.rgbaImage() }
            return try pixels.resampled(to: size)
        case .hevcTiles(let tiles, let options):
            let size = Self.reducedSize(fullSize, keeping: needed) ?? fullSize
            do {
                return try tiles.resampled(to: size, decodeSeconds: &ignored)
            } catch {
                let (pixels, _, _) = try HEIFFile(tiles.bytes, limits: options.limits).decode(options)
                return try Self.reduced(pixels.rgbaImage(), keeping: needed)
            }
        case .jpeg(let session, let targetBox):
            return try session.withScaledReader(targetBox: targetBox) { (plan, reader) throws(ImageError) -> RGBAImage in
                try Self.whole(plan.size, keeping: needed, decodeSeconds: &ignored) { consume throws(ImageError) in
                    try reader.forEachRows { rows in consume(rows) }
                }
            }
        case .png(let session):
            return try session.withReader { (reader) throws(ImageError) -> RGBAImage in
                try Self.whole(reader.info.size, keeping: needed, decodeSeconds: &ignored) { consume throws(ImageError) in
                    try reader.forEachRow { _, row in consume(row) }
                }
            }
        }
    }

    /// The size `size` reduces to, keeping at least `needed` on each axis (aspect ratio kept),
    /// when it has a quarter more or more on both (`needed` already holds the resample's
    /// headroom, and a reduction by less saves too little memory to pay for its pass); nil
    /// when it is kept as it is.
    static func reducedSize(_ size: PixelSize, keeping needed: PixelSize) -> PixelSize? {
        let scale = max(Double(needed.width) / Double(size.width), Double(needed.height) / Double(size.height))
        guard scale <= 0.8 else { return nil }
        return PixelSize(width: max(1, Int((Double(size.width) * scale).rounded(.up))),
                         height: max(1, Int((Double(size.height) * scale).rounded(.up))))
    }

    /// `image` reduced to `reducedSize`, or itself.
    private static func reduced(_ image: RGBAImage, keeping needed: PixelSize) throws(ImageError) -> RGBAImage {
        guard let size = reducedSize(image.size, keeping: needed) else { return image }
        return try Resampler.resize(image, to: size)
    }

    /// Every row `feed` produces (`size`, top to bottom), streamed into the reduction, or
    /// collected as they are when there is nothing to reduce.
    private static func whole(
        _ size: PixelSize, keeping needed: PixelSize, decodeSeconds: inout Double,
        _ feed: (_ consume: (UnsafeBufferPointer<UInt8>) -> Void) throws(ImageError) -> Void
    ) throws(ImageError) -> RGBAImage {
        if let target = reducedSize(size, keeping: needed) {
            return try stream(size, to: target, decodeSeconds: &decodeSeconds, feed)
        }
        return try collect(size, feed)
    }

    /// Every row `feed` produces, top to bottom, as one image of `size`.
    private static func collect(
        _ size: PixelSize, _ feed: (_ append: (UnsafeBufferPointer<UInt8>) -> Void) throws(ImageError) -> Void
    ) throws(ImageError) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(size.area * 4)
        try feed { rows in pixels.append(contentsOf: rows) }
        guard pixels.count == size.area * 4 else {
            throw ImageError(.corruptImage, "the decoder gave \(pixels.count / max(1, size.width * 4)) of \(size.height) rows")
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// The image resampled to `size`, without the decode time.
    func resampled(to size: PixelSize) throws(ImageError) -> RGBAImage {
        var ignored = 0.0
        return try resampled(to: size, decodeSeconds: &ignored)
    }

    /// Feeds every row `feed` produces (`sourceSize`, top to bottom) through a resampler to
    /// `size`; the time outside the resampler is the decoder's.
    private static func stream(
        _ sourceSize: PixelSize, to size: PixelSize, decodeSeconds: inout Double,
        _ feed: (_ consume: (UnsafeBufferPointer<UInt8>) -> Void) throws(ImageError) -> Void
    ) throws(ImageError) -> RGBAImage {
        let stream = try ResamplingStream(sourceSize: sourceSize, targetSize: size)
        let start = ContinuousClock.now
        var resampling = Duration.zero
        try feed { rows in
            let before = ContinuousClock.now
            stream.consume(rows: rows)
            resampling += ContinuousClock.now - before
        }
        decodeSeconds += (ContinuousClock.now - start - resampling).totalSeconds
        return stream.finish()
    }
}
