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
    /// With `--families`, the family this entry's output was made for (one entry per family).
    var family: WidgetFamily?
    var status: Status
    /// `<code>: <reason>` for a failed input.
    var error: String?
    /// The thumbnail's path: `--out` joined with its relative output path.
    var output: String?
    var width: Int?
    var height: Int?
    /// The thumbnail's size in bytes.
    var bytes: Int?
    var format: StoredFormat?
    var quality: Double?
    /// The encoder effort (`--effort`); absent for PNG.
    var effort: Int?
    /// How many encodes the byte budget took (1 in the common case).
    var encodes: Int?
    /// A JPEG thumbnail's chroma subsampling, "4:2:0" or "4:4:4" (drawings from effort 1 up,
    /// and quality 90 and over).
    var chroma: String?
    var checksum: String?
    var orientation: Int?
    var sourceFormat: SourceFormat?
    var sourceWidth: Int?
    var sourceHeight: Int?
    /// The input file's size in bytes.
    var sourceBytes: Int?
    var colour: ColorHandling?
    /// For a HEIF original, the image the thumbnail was made from (the primary, or an embedded
    /// thumbnail and why).
    var heifImage: String?
    /// For a HEIC original, whether HEVC's in-loop filters ran (`applied`) or were skipped
    /// for a primary at least 4x the thumbnail (`skipped`; `--full-decode` always applies them).
    var hevcLoopFilters: HEVCLoopFilters?
    /// For a cover crop (`--fit cover`), the window of the upright original it shows.
    var crop: PixelRect?
    /// What the rendering modes do to it (luminance facts, transparency) and the warnings.
    var appearance: RenderAppearance?
    var renderCost: RenderCost?
    /// `--json-lines`: the render cost per family in one line each, instead of `renderCost`.
    var families: [FamilyFit]?
    var timings: Timings?

    /// The entry as one `--json-lines` line has it: per-family verdicts instead of the
    /// per-device render cost, unless `detail` asks for the devices.
    func forJSONLines(_ detail: BatchSettings.RenderDetail) -> BatchItemReport {
        var copy = withReadablePaths
        if detail == .families, let cost = renderCost {
            copy.families = FamilyFit.summary(of: cost)
            copy.renderCost = nil
        }
        return copy
    }

    /// The same entry with file names made printable for `--json` and the contact sheet
    /// (`RawPath.readable`: bytes that are not UTF-8 as `\xNN`, a backslash doubled). The
    /// manifest keeps the exact names.
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

    /// `withRenderCost`: only the reports that print it (`--json`, `--json-lines`, the contact
    /// sheet) pay for building it.
    static func made(_ input: String, output: String, sourceBytes: Int, thumbnail: Thumbnail,
                     timings: Timings, withRenderCost: Bool) -> BatchItemReport {
        BatchItemReport(
            input: input, family: thumbnail.family, status: .ok, output: output, width: thumbnail.size.width, height: thumbnail.size.height,
            bytes: thumbnail.bytes.count, format: thumbnail.format, quality: thumbnail.quality,
            effort: thumbnail.effort?.level, encodes: thumbnail.encodeCount,
            chroma: JPEGEncoder.Subsampling(ofJPEG: thumbnail.bytes)?.description,
            checksum: thumbnail.checksum.description,
            orientation: thumbnail.source.orientation.rawValue, sourceFormat: thumbnail.source.format,
            sourceWidth: thumbnail.source.size.width, sourceHeight: thumbnail.source.size.height,
            sourceBytes: sourceBytes, colour: thumbnail.colorHandling, heifImage: thumbnail.heif?.image.description,
            hevcLoopFilters: thumbnail.heif?.loopFilters, crop: thumbnail.crop, appearance: thumbnail.appearance,
            renderCost: withRenderCost ? thumbnail.renderCost : nil,
            timings: timings)
    }
}

/// The `--json` document: every input in input order, then the totals.
struct BatchReport: Codable, Sendable {
    var inputs: [BatchItemReport]
    var summary: BatchSummary
}

/// The totals of a run, added up item by item as they finish (nothing per item is kept).
struct BatchSummary: Codable, Sendable, Equatable {
    struct Slowest: Codable, Sendable, Equatable {
        /// The name as it is (`RawPath`): the table escapes it for the terminal (`DisplayText`),
        /// the JSON as every name in `--json` (`RawPath.readable`), each once.
        var input: String
        var seconds: Double

        private enum CodingKeys: String, CodingKey { case input, seconds }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(RawPath.readable(input), forKey: .input)
            try container.encode(seconds, forKey: .seconds)
        }
    }

    /// Inputs (an input with `--families` has one output per family: `total` counts outputs).
    var inputs = 0
    var total = 0
    var ok = 0
    var failed = 0
    var skipped = 0
    /// Input file bytes of the inputs made or skipped (failed ones excluded).
    var bytesIn = 0
    /// Thumbnail bytes of the inputs made or skipped.
    var bytesOut = 0
    /// The same two for the inputs made in this run alone.
    var madeBytesIn = 0
    var madeBytesOut = 0
    /// Encodes the byte budget took over the inputs made in this run (one each when every
    /// first encode fits).
    var madeEncodes = 0
    var jobs: Int
    var shard: String?
    var wallSeconds = 0.0
    var slowest: Slowest?

    init(jobs: Int, shard: Shard?) {
        self.jobs = jobs
        self.shard = shard?.description
    }

    /// "17 inputs", or "17 inputs, 136 outputs" when they differ (`--families`): outputs are
    /// not inputs.
    var countText: String {
        let counted = "\(inputs) input\(inputs == 1 ? "" : "s")"
        return inputs == total ? counted : counted + ", \(total) output\(total == 1 ? "" : "s")"
    }

    /// Adds `item`; `countingInput` false leaves its input's bytes out (an input with several
    /// outputs adds them with one of them only); `newInput` false: another output of an input
    /// already counted.
    mutating func add(_ item: BatchItemReport, countingInput: Bool = true, newInput: Bool = true) {
        if newInput { inputs += 1 }
        total += 1
        switch item.status {
        case .ok: ok += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
        guard item.status != .failed else { return }
        let inputBytes = countingInput ? item.sourceBytes ?? 0 : 0
        bytesIn += inputBytes
        bytesOut += item.bytes ?? 0
        guard item.status == .ok else { return }
        madeBytesIn += inputBytes
        madeBytesOut += item.bytes ?? 0
        madeEncodes += item.encodes ?? 0
        if let seconds = item.timings?.total, seconds > slowest?.seconds ?? -1 {
            slowest = Slowest(input: item.input, seconds: seconds)
        }
    }
}
