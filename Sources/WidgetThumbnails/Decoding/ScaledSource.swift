/// One input's pixels at the smallest size worth keeping, ready to be resampled to any
/// thumbnail size at or below the first one asked for: what a format's session hands the
/// pipeline (`DecodingSession.source(for:)`), from the state its probe opened.
///
/// A streamed source (JPEG at its DCT scale, PNG at full size: `StreamedSource`) decodes its
/// rows straight through the resampler each time it is asked, so memory grows with the width,
/// not the area. The others decode once and keep the pixels (WebP's scaled decode, HEIF
/// through libheif), or decode again for each size (a plain HEIC's tiles).
protocol ScaledSource {
    /// The image resampled to `size` (stored orientation; never upscaled). A source that
    /// decodes as it resamples adds the time spent inside the decoder to `decodeSeconds`, so
    /// the caller can tell decoding from resampling.
    func resampled(to size: PixelSize, decodeSeconds: inout Double) throws(ImageError) -> RGBAImage

    /// The whole image in memory (stored orientation), at the decode's scale, reduced to keep
    /// at least `needed` pixels on each axis where it has a quarter more or more
    /// (`SourceReduction.reducedSize`): what a crop or several outputs are cut from, so no
    /// output decodes again. `fullSize` is the probe's stored size.
    func materialized(fullSize: PixelSize, keeping needed: PixelSize) throws(ImageError) -> RGBAImage

    /// Which image of a HEIF the pixels come from, and whether HEVC's loop filters ran; nil
    /// for other formats.
    var heif: HEIFDecodeResult? { get }
}

extension ScaledSource {
    var heif: HEIFDecodeResult? { nil }

    /// The image resampled to `size`, without the decode time.
    func resampled(to size: PixelSize) throws(ImageError) -> RGBAImage {
        var ignored = 0.0
        return try resampled(to: size, decodeSeconds: &ignored)
    }
}

/// Hands every decoded row (top to bottom, RGBA8) to `consume`, in batches.
typealias RowFeed = (_ consume: (UnsafeBufferPointer<UInt8>) -> Void) throws(ImageError) -> Void

/// A source whose decoder hands out its rows each time it is asked (JPEG, PNG): they stream
/// straight through the resampler, or into the reduction of the whole picture. A second size
/// (rare: the byte-budget search shrinking) streams the input again.
protocol StreamedSource: ScaledSource {
    /// Starts the decoder and runs `body` with the decoded size and the feed of its rows.
    func withRows<Result>(_ body: (PixelSize, RowFeed) throws(ImageError) -> Result) throws(ImageError) -> Result
}

extension StreamedSource {
    func resampled(to size: PixelSize, decodeSeconds: inout Double) throws(ImageError) -> RGBAImage {
        try withRows { (sourceSize, feed) throws(ImageError) -> RGBAImage in
            try SourceReduction.stream(sourceSize, to: size, decodeSeconds: &decodeSeconds, feed)
        }
    }

    /// The rows stream straight into the reduction, so a PNG never holds its full size.
    func materialized(fullSize: PixelSize, keeping needed: PixelSize) throws(ImageError) -> RGBAImage {
        try withRows { (size, feed) throws(ImageError) -> RGBAImage in
            var ignored = 0.0
            if let target = SourceReduction.reducedSize(size, keeping: needed) {
                return try SourceReduction.stream(size, to: target, decodeSeconds: &ignored, feed)
            }
            return try SourceReduction.collect(size, feed)
        }
    }
}

extension DecodedImage: ScaledSource {
    func resampled(to size: PixelSize, decodeSeconds: inout Double) throws(ImageError) -> RGBAImage {
        try Resampler.resize(image, to: size)
    }

    func materialized(fullSize: PixelSize, keeping needed: PixelSize) throws(ImageError) -> RGBAImage {
        try SourceReduction.reduced(image, keeping: needed)
    }
}

/// How a source is reduced to what the outputs need, and how streamed rows become an image.
enum SourceReduction {
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
    static func reduced(_ image: RGBAImage, keeping needed: PixelSize) throws(ImageError) -> RGBAImage {
        guard let size = reducedSize(image.size, keeping: needed) else { return image }
        return try Resampler.resize(image, to: size)
    }

    /// Every row `feed` produces, top to bottom, as one image of `size`.
    static func collect(_ size: PixelSize, _ feed: RowFeed) throws(ImageError) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(size.area * 4)
        try feed { rows in pixels.append(contentsOf: rows) }
        guard pixels.count == size.area * 4 else {
            throw ImageError(.corruptImage, "the decoder gave \(pixels.count / max(1, size.width * 4)) of \(size.height) rows")
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// Feeds every row `feed` produces (`sourceSize`, top to bottom) through a resampler to
    /// `size`; the time outside the resampler is the decoder's.
    static func stream(_ sourceSize: PixelSize, to size: PixelSize, decodeSeconds: inout Double,
                       _ feed: RowFeed) throws(ImageError) -> RGBAImage {
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
