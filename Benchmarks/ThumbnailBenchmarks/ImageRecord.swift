/// What one thumbnail cost, as the driver script reads it from the JSON report.
struct ImageRecord: Codable, Sendable {
    var file: String
    /// Stored size of the original.
    var sourceWidth: Int
    var sourceHeight: Int
    var outputWidth: Int
    var outputHeight: Int
    var outputBytes: Int
    var encodeCount: Int
    /// Seconds: read is the file read, the rest come from `Thumbnail.timings`, write is the
    /// output file; latency is all of it.
    var read: Double
    var decode: Double
    var resample: Double
    var encode: Double
    var write: Double
    var latency: Double
    var error: String?
}
