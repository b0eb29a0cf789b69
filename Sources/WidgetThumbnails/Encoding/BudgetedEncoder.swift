import Glibc

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
///
/// Where one encode is costly (`QualityScale.predictsFromTrials`: AVIF and HEIC) and the
/// picture is large (`trialMinimumArea` and up), the search is bounded instead: the start
/// quality first, as above; when it is over, two trial encodes of tiles of the picture at its
/// own resolution (`Search.sampled`: a ninth of the pixels each) measure how bytes follow
/// quality (`ByteModel`), and each size then gets one full encode at the quality predicted for
/// the cap and at most one more, from what that one measured; a floor predicted over goes
/// straight to the shrink size predicted to fit. The measured search made 7-9 full encodes
/// there (about a minute for a 3000x2000 AVIF); with trials on a half-size copy the bounded
/// one cost 2.5 encodes of the picture and, on a noisy one, aimed far under the cap. The
/// result fits; the next quality up may not have been tried.
public struct BudgetedEncoder: Sendable {
    /// Makes the image at a smaller size. Called with sizes below the input's, largest first;
    /// it should resample from the best source it has (not from the previous step's output).
    public typealias Resize = (PixelSize) throws(ImageError) -> RGBAImage

    /// The format every encode writes; its encoder is `ImageEncoder.encoder(for:)`.
    public var format: StoredFormat
    /// The cap the result must fit. Default `.standard`: 300,000 bytes.
    public var budget: ByteBudget
    /// nil means the format's standard range; ignored for a lossless format (PNG). A range
    /// made by `QualityRange.starting(at:)` takes this format's floor.
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
        let range = scale.map { quality?.resolved(for: $0) ?? $0.standard }
        if let scale { try range?.check(in: scale, for: format) }
        try shrink.check()
        var search = Search(encoder: self, scale: scale, range: range)

        if let fit = try search.best(for: image, tryStartFirst: true) {
            return search.result(fit)
        }
        guard let resize else { throw search.unreachable(smallestSize: nil) }
        let sizes = shrink.sizes(below: image.size)
        for (index, size) in sizes.enumerated() {
            // A predicted search skips the sizes its floor estimate says are still over (the
            // smallest is always tried).
            if index < sizes.count - 1, let area = search.predictedFittingArea, size.area > area { continue }
            if let fit = try search.best(for: try resize(size), tryStartFirst: false) {
                return search.result(fit)
            }
        }
        throw search.unreachable(smallestSize: sizes.last ?? image.size)
    }

    /// The smallest picture a trial-predicted search is used for (800x800): below it a full
    /// AVIF or HEIC encode takes a fraction of a second and the measured search stays.
    public static let trialMinimumArea = 800 * 800
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
        /// A bounded search's model of the encoder's bytes, once its first encode was over.
        var model: ByteModel?
        /// From a bounded search whose floor was over: the most pixels predicted to fit at the floor.
        var predictedFittingArea: Int?

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
            // Once bounded, the shrunk sizes stay bounded too.
            if scale?.predictsFromTrials == true, model != nil || image.size.area >= BudgetedEncoder.trialMinimumArea {
                return try predicted(for: image, range: range)
            }
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

        /// The share of the cap a predicted quality aims at, so that a prediction a little off still fits.
        static let predictionMargin = 0.9

        /// The bounded search (see `BudgetedEncoder`). At the input size the start quality goes
        /// first, as in the measured search: the common case is one encode. When it is over, two
        /// trials on tiles of the picture (`sampled`, a ninth of the pixels each) measure how
        /// bytes follow quality (`ByteModel`), and each size gets one encode at
        /// the quality the model predicts for the cap, and one more from what that one measured.
        mutating func predicted(for image: RGBAImage, range: QualityRange) throws(ImageError) -> Fit? {
            let aim = Double(encoder.budget.cap) * Self.predictionMargin
            var ceiling = range.start
            if model == nil {
                if let fit = try attempt(image, quality: Double(range.start)) { return fit }
                let full = Double(attempts[attempts.count - 1].byteCount)
                // The second trial where the typical slope puts the answer: bytes fall faster with
                // quality towards the floor, so the slope is measured over the stretch that matters.
                let typicalSlope = scale?.typicalSlope ?? 0.05
                let guess = min(range.start - 1, max(range.floor, Int((Double(range.start) + log(aim / full) / typicalSlope).rounded())))
                let sample = Self.sampled(image)
                let sampleStart = try trialBytes(sample, quality: range.start)
                let sampleGuess = try trialBytes(sample, quality: guess)
                model = ByteModel(area: image.size.area, quality: range.start, bytes: full,
                                  trial: (sampleStart, sampleGuess), lowerQuality: guess,
                                  typicalSlope: scale?.typicalSlope ?? 0.05)
                ceiling = range.start - 1
            }
            guard var model else { return nil }
            defer { self.model = model }
            for _ in 0..<2 {
                let quality = min(ceiling, Int(model.quality(bytes: aim, area: image.size.area).rounded(.down)))
                guard quality >= range.floor else { break }
                if let fit = try attempt(image, quality: Double(quality)) { return fit }
                model.measured(area: image.size.area, quality: quality, bytes: Double(attempts[attempts.count - 1].byteCount))
                ceiling = quality - 1
            }
            // The floor is over here: the shrink goes to the size predicted to fit.
            predictedFittingArea = Int(model.area(bytes: aim, quality: range.floor))
            return nil
        }

        /// The bytes of one trial encode (recorded among the attempts, at the trial's size).
        private mutating func trialBytes(_ trial: RGBAImage, quality: Int) throws(ImageError) -> Double {
            _ = try attempt(trial, quality: Double(quality))
            return Double(max(1, attempts[attempts.count - 1].byteCount))
        }

        /// What the trials encode: four tiles of `image` at its own resolution, each a sixth
        /// of its width and height, from the middles of its four quarters, side by side (a
        /// ninth of the pixels). A copy scaled down to half the size per side, which the trials
        /// encoded before, smooths the noise and fine detail away: on a noisy 3000 px photo its
        /// bytes fell with quality at half the full picture's rate, and the quality predicted
        /// from it landed far under the cap (AVIF q42 at 281 KB for a 450 KB aim, HEIC at the
        /// floor at 288 KB). Tiles keep the picture's detail per pixel, from four places.
        static func sampled(_ image: RGBAImage) -> RGBAImage {
            let tile = PixelSize(width: max(1, image.width / 6), height: max(1, image.height / 6))
            let size = PixelSize(width: tile.width * 2, height: tile.height * 2)
            var pixels = [UInt8](repeating: 0, count: size.area * 4)
            for quarter in 0..<4 {
                let (column, row) = (quarter % 2, quarter / 2)
                // The middle of the quarter, clamped inside the picture.
                let x = min(image.width - tile.width, column * image.width / 2 + image.width / 4 - tile.width / 2)
                let y = min(image.height - tile.height, row * image.height / 2 + image.height / 4 - tile.height / 2)
                for line in 0..<tile.height {
                    let from = ((y + line) * image.width + x) * 4
                    let to = ((row * tile.height + line) * size.width + column * tile.width) * 4
                    pixels.replaceSubrange(to..<(to + tile.width * 4), with: image.pixels[from..<(from + tile.width * 4)])
                }
            }
            return RGBAImage(width: size.width, height: size.height, pixels: pixels)
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

/// How an encoder's bytes follow quality and pixels near what it was asked for, for the bounded
/// search: ln(bytes) linear in quality near the answer (the slope from two trials on tiles of
/// the picture at its own resolution, `Search.sampled`, as `QualityPrediction` assumes), and
/// bytes growing as a power of the pixels when the picture is scaled, at one quality
/// (`growth`). Anchored on the last full-size measurement.
struct ByteModel {
    private var area: Double
    private var quality: Double
    private var bytes: Double
    private var slope: Double
    /// The power of the pixels that bytes grow with when a picture is scaled: 0.6-0.8 on
    /// photos (a full encode against a half-size copy's, as the trials measured it before
    /// they became tiles), a smaller picture holding more detail per pixel.
    private let growth = 0.75

    /// `trial`: the tiles' bytes at `quality` and at `lowerQuality`.
    init(area: Int, quality: Int, bytes: Double, trial: (start: Double, lower: Double), lowerQuality: Int,
         typicalSlope: Double) {
        self.area = Double(area)
        self.quality = Double(quality)
        self.bytes = bytes
        let measuredSlope = quality > lowerQuality ? log(trial.start / trial.lower) / Double(quality - lowerQuality) : 0
        slope = measuredSlope.isFinite && measuredSlope > 0.001 ? measuredSlope : typicalSlope
    }

    /// Re-anchors on a full encode just measured; two at one size measure the slope there.
    mutating func measured(area: Int, quality: Int, bytes: Double) {
        let slopeHere = log(self.bytes / bytes) / (self.quality - Double(quality))
        if Double(area) == self.area, slopeHere.isFinite, slopeHere > 0.001 { slope = slopeHere }
        self.area = Double(area)
        self.quality = Double(quality)
        self.bytes = bytes
    }

    /// The quality (not rounded) whose bytes at `area` pixels should be `target`.
    func quality(bytes target: Double, area: Int) -> Double {
        let atQuality = bytes * pow(Double(area) / self.area, growth)
        return quality + (log(target) - log(atQuality)) / slope
    }

    /// The pixels whose bytes at `quality` should be `target`.
    func area(bytes target: Double, quality: Int) -> Double {
        let atArea = bytes * exp(slope * (Double(quality) - self.quality))
        return area * pow(target / atArea, 1 / growth)
    }
}
