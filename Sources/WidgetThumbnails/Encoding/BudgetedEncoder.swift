/// Encodes an image within a byte budget (the README's `thumbnail` defaults tell it to users):
/// 1. encode once at the start quality: in the common case that fits and is the result;
/// 2. otherwise search quality between the floor and the start for the highest that fits,
///    encoding next where the last two encodes predict the cap is reached
///    (`QualityPrediction`), with a bisection step after every four predictions that have
///    not closed the interval, so a codec the model does not fit still converges; where the
///    encoder's quality is continuous (WebP's `QualityScale.refinesFractions`), two halvings then refine between the whole quality that
///    fits and the next, which is over (quarter steps: the bytes come closer to the cap);
/// 3. if even the floor is over, shrink the pixel size step by step, at each size trying the
///    floor and, once it fits, searching upward again;
/// 4. past the smallest size, throw `budgetUnreachable` with the numbers.
/// A lossless format (PNG: no `QualityScale`) goes straight from step 1 to step 3.
///
/// The search assumes bytes grow with quality, which holds for both codecs up to rare blips
/// of a few bytes; the result always fits, and the next step up was measured over the cap.
public struct BudgetedEncoder: Sendable {
    /// Makes the image at a smaller size. Called with sizes below the input's, largest first;
    /// it should resample from the best source it has (not from the previous step's output).
    public typealias Resize = (PixelSize) throws(ImageError) -> RGBAImage

    /// The format every encode writes; its encoder is `ImageEncoder.encoder(for:)`.
    public var format: StoredFormat
    /// The cap the result must fit. Default `.standard`: 300,000 bytes.
    public var budget: ByteBudget
    /// nil means the format's standard range; ignored for a lossless format (PNG).
    public var quality: QualityRange?
    /// How the pixel size shrinks once the quality floor does not fit. Default `.standard`.
    public var shrink: ShrinkSteps
    /// Embedded in every encode, so its bytes count against the budget.
    public var iccProfile: ICCProfile?
    /// Default `.standard`; ignored for a lossless format (PNG).
    public var effort: EncodeEffort

    /// Every parameter but `format` defaults to the value documented on its property; `quality`
    /// and `iccProfile` default to nil.
    public init(format: StoredFormat, budget: ByteBudget = .standard, quality: QualityRange? = nil,
                shrink: ShrinkSteps = .standard, iccProfile: ICCProfile? = nil, effort: EncodeEffort = .standard) {
        self.format = format
        self.budget = budget
        self.quality = quality
        self.shrink = shrink
        self.iccProfile = iccProfile
        self.effort = effort
    }

    /// Without `resize` the search cannot shrink, and fails once the quality floor is over.
    public func encode(_ image: RGBAImage, resize: Resize? = nil) throws(ImageError) -> EncodedImage {
        let scale = ImageEncoder.encoder(for: format).qualityScale
        let range = scale.map { quality ?? $0.standard }
        if let scale { try range?.check(in: scale, for: format) }
        try shrink.check()
        var search = Search(encoder: self, scale: scale, range: range)

        if let fit = try search.best(for: image, tryStartFirst: true) {
            return search.result(fit)
        }
        guard let resize else { throw search.unreachable(smallestSize: nil) }
        let sizes = shrink.sizes(below: image.size)
        for size in sizes {
            if let fit = try search.best(for: try resize(size), tryStartFirst: false) {
                return search.result(fit)
            }
        }
        throw search.unreachable(smallestSize: sizes.last ?? image.size)
    }
}

extension BudgetedEncoder {
    /// One search's state: the attempts so far.
    private struct Search {
        let encoder: BudgetedEncoder
        /// nil for a lossless format; then `range` is nil too.
        let scale: QualityScale?
        let range: QualityRange?
        var attempts: [EncodeAttempt] = []
        var prediction: QualityPrediction?

        init(encoder: BudgetedEncoder, scale: QualityScale?, range: QualityRange?) {
            self.encoder = encoder
            self.scale = scale
            self.range = range
            prediction = scale.map(QualityPrediction.init(scale:))
        }

        /// How many times a fractional scale's search halves the last whole step (two: quarter steps).
        static let fractionalHalvings = 2

        struct Fit {
            var bytes: [UInt8]
            var quality: Double?
            var size: PixelSize
        }

        /// The highest quality at this size that fits, or nil when the floor does not.
        /// At the input size the start quality goes first (the common case is one encode);
        /// at shrunk sizes the floor goes first, since the size before failed at the floor.
        mutating func best(for image: RGBAImage, tryStartFirst: Bool) throws(ImageError) -> Fit? {
            guard let range, var prediction else { return try attempt(image, quality: nil) }
            defer { self.prediction = prediction }
            var best: (fit: Fit, probe: QualityPrediction.Probe)?
            var over: QualityPrediction.Probe?
            if tryStartFirst {
                if let fit = try attempt(image, quality: Double(range.start)) { return fit }
                over = lastProbe
            } else {
                guard let fit = try attempt(image, quality: Double(range.floor)) else { return nil }
                best = (fit, lastProbe)
            }
            var recent = [lastProbe]
            var predictions = 0  // since the last bisection step
            while true {
                let low = best?.probe.quality ?? range.floor - 1  // highest known to fit
                let high = over?.quality ?? range.start + 1        // lowest known (or assumed) over
                if high - low <= 1 {
                    guard let fit = best?.fit, over != nil else { return best?.fit }
                    return try refined(fit, below: Double(high), image: image)
                }
                let lowest = max(low + 1, range.floor)
                let predicted = predictions < 4 ? prediction.crossing(cap: encoder.budget.cap, recent: recent) : nil
                predictions = predicted == nil ? 0 : predictions + 1
                // Clamped as a Double first: a nearly flat slope can put the crossing far off.
                let quality = predicted.flatMap { $0.isFinite ? Int(min(max($0, Double(lowest)), Double(high - 1)).rounded()) : nil }
                    ?? max(lowest, (low + high) / 2)
                if let fit = try attempt(image, quality: Double(quality)) {
                    best = (fit, lastProbe)
                } else {
                    over = lastProbe
                    if quality == range.floor { return nil }
                }
                recent = [recent[recent.count - 1], lastProbe]
            }
        }

        /// For a scale that refines fractions (WebP's): halves the step between `fit` and the
        /// measured-over `over` quality `fractionalHalvings` times, keeping the highest that fits.
        private mutating func refined(_ fit: Fit, below over: Double, image: RGBAImage) throws(ImageError) -> Fit {
            guard scale?.refinesFractions == true, var low = fit.quality else { return fit }
            var best = fit, high = over
            for _ in 0..<Self.fractionalHalvings {
                let middle = (low + high) / 2
                if let better = try attempt(image, quality: middle) {
                    best = better
                    low = middle
                } else {
                    high = middle
                }
            }
            return best
        }

        /// The encode just made, as the prediction sees it (whole qualities only reach it).
        private var lastProbe: QualityPrediction.Probe {
            let last = attempts[attempts.count - 1]
            return QualityPrediction.Probe(quality: Int(last.quality ?? 0), byteCount: last.byteCount)
        }

        /// Encodes once and records it; the bytes when they fit.
        mutating func attempt(_ image: RGBAImage, quality: Double?) throws(ImageError) -> Fit? {
            let bytes = try ImageEncoder.encode(image, format: encoder.format, quality: quality ?? 0,
                                                effort: encoder.effort, iccProfile: encoder.iccProfile)
            let fits = encoder.budget.admits(byteCount: bytes.count)
            attempts.append(EncodeAttempt(size: image.size, quality: quality, byteCount: bytes.count, fits: fits))
            return fits ? Fit(bytes: bytes, quality: quality, size: image.size) : nil
        }

        func result(_ fit: Fit) -> EncodedImage {
            EncodedImage(bytes: fit.bytes, format: encoder.format, quality: fit.quality, size: fit.size,
                         attempts: attempts)
        }

        /// `smallestSize` is nil when there was no resize callback.
        func unreachable(smallestSize: PixelSize?) -> ImageError {
            let smallest = attempts.min { $0.byteCount < $1.byteCount }
            let tried = smallest.map {
                let setting = $0.quality.map { " at quality " + EncodeAttempt.text(quality: $0) } ?? ""
                return "the smallest of \(attempts.count) encodes was \($0.byteCount) bytes (\($0.size)\(setting))"
            }
                ?? "nothing was encoded"
            let limits = [
                range.map { "quality floor \($0.floor)" },
                smallestSize.map { "smallest size \($0)" } ?? "no resize given, so no shrinking",
            ].compactMap { $0 }.joined(separator: ", ")
            return ImageError(.budgetUnreachable,
                              "\(encoder.format.name) cannot fit in \(encoder.budget.cap) bytes: \(tried); limits: \(limits)")
        }
    }
}
