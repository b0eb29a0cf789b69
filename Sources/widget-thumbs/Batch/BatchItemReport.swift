import WidgetThumbnails

/// One input's entry in `--json`, the manifest and the contact sheet. Keys that do not apply
/// (a failed input has no output) are left out rather than written as null.
struct BatchItemReport: Codable, Sendable, Equatable {
    enum Status: String, Codable, Sendable {
        case ok
        case failed
        /// Up to date from an earlier run with the same settings: not redone (see `--force`).
        case skipped
    }

    /// Seconds per stage; `total` is the item's wall time without waiting for admission.
    struct Timings: Codable, Sendable, Equatable {
        var decode: Double
        var resample: Double
        var encode: Double
        var write: Double
        var total: Double
    }

    var input: String
    var status: Status
    /// `<code>: <reason>` for a failed input.
    var error: String?
    /// The thumbnail's path: `--out` joined with its relative output path.
    var output: String?
    var width: Int?
    var height: Int?
    /// The thumbnail's size in bytes.
    var bytes: Int?
    var format: ImageFormat?
    var quality: Int?
    var encodes: Int?
    var checksum: String?
    var orientation: Int?
    var sourceFormat: ImageFormat?
    var sourceWidth: Int?
    var sourceHeight: Int?
    /// The input file's size in bytes.
    var sourceBytes: Int?
    var colour: ColorHandling?
    var renderCost: RenderCost?
    var timings: Timings?

    /// The same entry with file names made printable for `--json` and the contact sheet: bytes
    /// that are not UTF-8 (`RawPath`) as `\xNN`. The manifest keeps the exact names.
    var withReadablePaths: BatchItemReport {
        var copy = self
        copy.input = RawPath.readable(input)
        copy.output = output.map(RawPath.readable)
        copy.error = error.map(RawPath.readable)
        return copy
    }

    static func failed(_ input: String, _ error: ImageError, sourceBytes: Int? = nil) -> BatchItemReport {
        let message = error.reason.isEmpty ? error.code.rawValue : "\(error.code.rawValue): \(error.reason)"
        return BatchItemReport(input: input, status: .failed, error: message, sourceBytes: sourceBytes)
    }

    static func made(_ input: String, output: String, sourceBytes: Int, thumbnail: Thumbnail,
                     timings: Timings) -> BatchItemReport {
        BatchItemReport(
            input: input, status: .ok, output: output, width: thumbnail.size.width, height: thumbnail.size.height,
            bytes: thumbnail.bytes.count, format: thumbnail.format, quality: thumbnail.quality,
            encodes: thumbnail.encodeCount, checksum: thumbnail.checksum.description,
            orientation: thumbnail.source.orientation.rawValue, sourceFormat: thumbnail.source.format,
            sourceWidth: thumbnail.source.size.width, sourceHeight: thumbnail.source.size.height,
            sourceBytes: sourceBytes, colour: thumbnail.colorHandling, renderCost: thumbnail.renderCost,
            timings: timings)
    }
}

/// The `--json` document: every input in input order, then the totals.
struct BatchReport: Codable, Sendable {
    var inputs: [BatchItemReport]
    var summary: BatchSummary
}

struct BatchSummary: Codable, Sendable, Equatable {
    struct Slowest: Codable, Sendable, Equatable {
        var input: String
        var seconds: Double
    }

    var total: Int
    var ok: Int
    var failed: Int
    var skipped: Int
    /// Input file bytes of the inputs made or skipped (failed ones excluded).
    var bytesIn: Int
    /// Thumbnail bytes of the inputs made or skipped.
    var bytesOut: Int
    var jobs: Int
    var shard: String?
    var wallSeconds: Double
    var slowest: Slowest?

    init(items: [BatchItemReport], jobs: Int, shard: Shard?, wallSeconds: Double) {
        let done = items.filter { $0.status != .failed }
        total = items.count
        ok = items.count { $0.status == .ok }
        failed = items.count { $0.status == .failed }
        skipped = items.count { $0.status == .skipped }
        bytesIn = done.reduce(0) { $0 + ($1.sourceBytes ?? 0) }
        bytesOut = done.reduce(0) { $0 + ($1.bytes ?? 0) }
        self.jobs = jobs
        self.shard = shard?.description
        self.wallSeconds = wallSeconds
        slowest = items.filter { $0.status == .ok }
            .compactMap { item in item.timings.map { Slowest(input: RawPath.readable(item.input), seconds: $0.total) } }
            .max { $0.seconds < $1.seconds }
    }
}
