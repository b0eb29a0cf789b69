/// Where one thumbnail's time went, in seconds. Resample includes colour conversion and
/// orientation (both work on the small image and are cheap); encode includes every attempt
/// of the byte-budget search. A streamed source (JPEG, PNG) decodes during the resample: its
/// time inside the decoder's row reads counts as decode.
public struct StageTimings: Sendable, Codable, Equatable {
    /// Reading and decoding the original.
    public var decode: Double = 0
    /// Resampling (and orienting) to the target size.
    public var resample: Double = 0
    /// Encoding within the byte budget (every attempt).
    public var encode: Double = 0

    /// All zero.
    public init() {}

    /// The three stages together.
    public var total: Double { decode + resample + encode }

    /// Runs `body`, adding its wall time to the stage at `keyPath`.
    mutating func measure<Result>(_ stage: WritableKeyPath<StageTimings, Double>,
                                  _ body: () throws(ImageError) -> Result) throws(ImageError) -> Result {
        let start = ContinuousClock.now
        defer { self[keyPath: stage] += (ContinuousClock.now - start).totalSeconds }
        return try body()
    }

    /// Runs `body`, adding its wall time to the stage at `keyPath` but for the seconds `body`
    /// adds to its argument, which count as decode: a streamed source decodes while it resamples.
    mutating func measure<Result>(_ stage: WritableKeyPath<StageTimings, Double>,
                                  decodingInside body: (inout Double) throws(ImageError) -> Result)
        throws(ImageError) -> Result {
        var decoding = 0.0
        let result = try measure(stage) { () throws(ImageError) in try body(&decoding) }
        self[keyPath: stage] -= decoding
        decode += decoding
        return result
    }
}
