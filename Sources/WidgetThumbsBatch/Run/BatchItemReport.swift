import Foundation
import WidgetThumbnails

/// One input's entry in `--json`, the manifest and the preview page. Keys that do not apply
/// (a failed input has no output) are left out rather than written as null.
package struct BatchItemReport: Codable, Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        case ok
        case failed
        /// Up to date from an earlier run with the same settings: not redone (see `--force`).
        case skipped
    }

    /// Seconds per stage; `total` is the item's wall time without waiting for admission.
    package struct Timings: Codable, Sendable, Equatable {
        package var decode: Double
        package var resample: Double
        package var encode: Double
        package var write: Double
        package var total: Double
    }

    package var input: String
    /// With `--families`, the family this entry's output was made for (one entry per family).
    package var family: WidgetFamily?
    /// With several `--cells` spans, the span this entry's output was made for (`2x2`, one
    /// entry per span), as `thumbnail --cells` names it in its JSON.
    package var cells: String?
    package var status: Status
    /// `<code>: <reason>` for a failed input.
    package var error: String?
    /// The thumbnail's path: `--out` joined with its relative output path.
    package var output: String?
    package var width: Int?
    package var height: Int?
    /// The thumbnail's size in bytes.
    package var bytes: Int?
    package var format: StoredFormat?
    package var quality: Double?
    /// The encoder effort (`--effort`); absent for PNG.
    package var effort: Int?
    /// How many encodes the byte budget took (1 in the common case).
    package var encodes: Int?
    /// A JPEG thumbnail's chroma subsampling, "4:2:0" or "4:4:4" (drawings from effort 1 up,
    /// and quality 90 and over).
    var chroma: String?
    package var checksum: String?
    package var orientation: Int?
    package var sourceFormat: SourceFormat?
    package var sourceWidth: Int?
    package var sourceHeight: Int?
    /// The input file's size in bytes.
    package var sourceBytes: Int?
    package var colour: ColorHandling?
    /// For a HEIF original, the image the thumbnail was made from (the primary, or an embedded
    /// thumbnail and why).
    var heifImage: String?
    /// For a HEIC original, whether HEVC's in-loop filters ran (`applied`) or were skipped
    /// for a primary at least 4x the thumbnail (`skipped`; `--full-decode` always applies them).
    package var hevcLoopFilters: HEVCLoopFilters?
    /// For a cover crop (`--fit cover`), the window of the upright original it shows.
    package var crop: PixelRect?
    /// What the rendering modes do to it (luminance facts, transparency) and the warnings.
    package var appearance: RenderAppearance?
    /// What the decoder found wrong with the input and decoded around (`Thumbnail.damage`: a
    /// truncated JPEG, its missing part grey); absent for a clean decode.
    package var damage: String?
    package var renderCost: RenderCost?
    /// `--json-lines`: the render cost per family in one line each, instead of `renderCost`.
    package var families: [FamilyFit]?
    package var timings: Timings?

    /// Which of its input's several outputs this entry is (`systemSmall`, `android-2x2`: its
    /// name's suffix); nil for an input's one output.
    package var outputLabel: String? {
        family?.rawValue ?? cells.map(OutputVariant.androidSuffix)
    }

    /// The entry as one `--json-lines` line has it: per-family verdicts instead of the
    /// per-device render cost, unless `detail` asks for the devices.
    package func forJSONLines(_ detail: BatchSettings.RenderDetail) -> BatchItemReport {
        var copy = withReadablePaths
        if detail == .families, let cost = renderCost {
            copy.families = FamilyFit.summary(of: cost)
            copy.renderCost = nil
        }
        return copy
    }

    /// The same entry with file names made printable for `--json` and the preview page
    /// (`RawPath.readable`: bytes that are not UTF-8 as `\xNN`, a backslash doubled). The
    /// manifest keeps the exact names.
    package var withReadablePaths: BatchItemReport {
        var copy = self
        copy.input = RawPath.readable(input)
        copy.output = output.map(RawPath.readable)
        copy.error = error.map(RawPath.readable)
        return copy
    }

    package static func failed(_ input: String, _ error: ImageError, sourceBytes: Int? = nil) -> BatchItemReport {
        let message = error.reason.isEmpty ? error.code.rawValue : "\(error.code.rawValue): \(error.reason)"
        return BatchItemReport(input: input, status: .failed, error: message, sourceBytes: sourceBytes)
    }

    /// `withRenderCost`: only the reports that print it (`--json`, `--json-lines`, the contact
    /// sheet) pay for building it.
    package static func made(_ input: String, output: String, sourceBytes: Int, thumbnail: Thumbnail,
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
            damage: thumbnail.damage,
            renderCost: withRenderCost ? thumbnail.renderCost : nil,
            timings: timings)
    }
}

/// The `--json` document: every input in input order, then the totals.
package struct BatchReport: Codable, Sendable {
    package var inputs: [BatchItemReport]
    package var summary: BatchSummary

    package init(inputs: [BatchItemReport], summary: BatchSummary) {
        self.inputs = inputs
        self.summary = summary
    }
}

/// The totals of a run, added up item by item as they finish (nothing per item is kept).
package struct BatchSummary: Codable, Sendable, Equatable {
    package struct Slowest: Codable, Sendable, Equatable {
        /// The name as it is (`RawPath`): the table escapes it for the terminal (`DisplayText`),
        /// the JSON as every name in `--json` (`RawPath.readable`), each once.
        package var input: String
        package var seconds: Double

        private enum CodingKeys: String, CodingKey { case input, seconds }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(RawPath.readable(input), forKey: .input)
            try container.encode(seconds, forKey: .seconds)
        }
    }

    /// Inputs (an input with `--families` has one output per family: `total` counts outputs).
    package var inputs = 0
    package var total = 0
    package var ok = 0
    package var failed = 0
    package var skipped = 0
    /// Input file bytes of the inputs made or skipped (failed ones excluded).
    package var bytesIn = 0
    /// Thumbnail bytes of the inputs made or skipped.
    package var bytesOut = 0
    /// The same two for the inputs made in this run alone.
    package var madeBytesIn = 0
    package var madeBytesOut = 0
    /// Encodes the byte budget took over the inputs made in this run (one each when every
    /// first encode fits).
    var madeEncodes = 0
    package var jobs: Int
    package var shard: String?
    package var wallSeconds = 0.0
    package var slowest: Slowest?

    package init(jobs: Int, shard: Shard?) {
        self.jobs = jobs
        self.shard = shard?.description
    }

    /// "17 inputs", or "17 inputs, 136 outputs" when they differ (`--families`): outputs are
    /// not inputs.
    package var countText: String {
        let counted = "\(inputs) input\(inputs == 1 ? "" : "s")"
        return inputs == total ? counted : counted + ", \(total) output\(total == 1 ? "" : "s")"
    }

    /// `bytes` in decimal units, as the byte budget counts them (1 kB = 1000 bytes), or "-"
    /// when `count` items add up to nothing: the summary table's and the preview page's sizes.
    package static func byteText(_ bytes: Int, _ count: Int) -> String {
        guard count > 0 else { return "-" }
        let value = Double(bytes)
        switch value {
        case ..<1000: return "\(bytes) B"
        case ..<1_000_000: return String(format: "%.1f kB", value / 1000)
        case ..<1_000_000_000: return String(format: "%.1f MB", value / 1_000_000)
        default: return String(format: "%.2f GB", value / 1_000_000_000)
        }
    }

    /// Adds `item`; `countingInput` false leaves its input's bytes out (an input with several
    /// outputs adds them with one of them only); `newInput` false: another output of an input
    /// already counted.
    package mutating func add(_ item: BatchItemReport, countingInput: Bool = true, newInput: Bool = true) {
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
