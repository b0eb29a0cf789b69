import WidgetThumbnails

/// The batch command line, checked and typed: everything `BatchRun` needs.
package struct BatchSettings: Sendable {
    package enum Output: Sendable {
        case table
        case json
        /// One JSON object per input as it finishes, then a summary object.
        case jsonLines
        case quiet
    }

    /// How much of the render cost a `--json-lines` item carries.
    package enum RenderDetail: Sendable {
        /// Per family: fits, smallest cap, failing device count.
        case families
        /// Every device class (`--device-detail`).
        case devices
    }

    package var inputs: [String]
    /// `--files-from`: a file of names, or `-` for standard input.
    package var filesFrom: String?
    package var separator: InputList.Separator
    package var renderDetail: RenderDetail
    package var durability: Durability
    package var outDirectory: String
    /// The device catalogue (`--catalog` rows included), read once for the thumbnail options and
    /// the preview page.
    package var catalog: WidgetCatalog
    package var thumbnail: ThumbnailOptions
    /// `--families`: one output per family from each input's one decode; nil for one output.
    package var families: [WidgetFamily]?
    /// `--platform android --cells` listing several spans: one output per span (each with its
    /// box, `AndroidTarget.box`) from each input's one decode; nil for one output. One span
    /// sizes `thumbnail` itself and makes one output, named without a suffix.
    package var androidSpans: [AndroidTarget]?
    package var jobs: Int
    package var memoryLimitBytes: Int
    package var depth: InputDiscovery.Depth
    package var force: Bool
    package var foreignFiles: OutputGuard.ForeignFiles
    package var output: Output
    /// `--preview`: the page's path (its shard's name with `--shard`).
    package var previewPage: String?
    /// `--preview-embed`: the page embeds the thumbnails instead of linking them.
    package var previewEmbed: Bool
    package var shard: Shard?

    /// The tool's version, which `fingerprint` names: a new version redoes every thumbnail.
    package var toolVersion: String

    /// Every setting, as the command line checked it (`BatchSettings+CommandLine.swift` in widget-thumbs).
    package init(inputs: [String], filesFrom: String?, separator: InputList.Separator, renderDetail: RenderDetail,
                 durability: Durability, outDirectory: String, catalog: WidgetCatalog, thumbnail: ThumbnailOptions,
                 families: [WidgetFamily]?, androidSpans: [AndroidTarget]? = nil, jobs: Int, memoryLimitBytes: Int, depth: InputDiscovery.Depth, force: Bool,
                 foreignFiles: OutputGuard.ForeignFiles, output: Output, previewPage: String?, previewEmbed: Bool, shard: Shard?,
                 toolVersion: String) {
        self.inputs = inputs
        self.filesFrom = filesFrom
        self.separator = separator
        self.renderDetail = renderDetail
        self.durability = durability
        self.outDirectory = outDirectory
        self.catalog = catalog
        self.thumbnail = thumbnail
        self.families = families
        self.androidSpans = androidSpans
        self.jobs = jobs
        self.memoryLimitBytes = memoryLimitBytes
        self.depth = depth
        self.force = force
        self.foreignFiles = foreignFiles
        self.output = output
        self.previewPage = previewPage
        self.previewEmbed = previewEmbed
        self.shard = shard
        self.toolVersion = toolVersion
    }

    /// Each input's outputs when it has several (`--families`, or several `--cells` spans),
    /// in the order the run makes and lists them; nil for one output per input.
    package var variants: [OutputVariant]? {
        if let families { return families.map(OutputVariant.family) }
        return androidSpans.map { spans in
            spans.compactMap { target in
                guard let cells = target.cells, let box = target.box else { return nil }
                return .androidSpan(cells, box: box)
            }
        }
    }

    /// Each output's fingerprint (`fingerprint(for:)`), as its records keep it.
    package var outputFingerprints: OutputFingerprints {
        OutputFingerprints(variants: variants) { fingerprint(for: $0) }
    }

    /// Every setting that changes one output's pixels or bytes, and the tool version: a
    /// recorded thumbnail made with a different fingerprint is redone. The output's own
    /// options give their key (`ThumbnailOptions.outputKey`, its family or box included); the
    /// other outputs of the run are not part of it, so a family or span that joins or leaves a
    /// run does not redo the others. `variant`: the output's; nil for one output per input.
    func fingerprint(for variant: OutputVariant?) -> String {
        let several = switch variant {
        case nil: "one"
        case .family: "per family"
        case .androidSpan: "per span"
        }
        return [
            "widget-thumbs \(toolVersion)",
            (variant?.options(thumbnail) ?? thumbnail).outputKey,
            // A run of one output per input names it differently, but say it all the same.
            "output \(several)",
        ].joined(separator: "; ")
    }
}

/// The settings fingerprint of each output a run makes (`BatchSettings.fingerprint(for:)`),
/// as a record keeps it: its 64-bit FNV-1a in hex (16 bytes a line instead of the whole text,
/// over a library of 200,000 photos).
package struct OutputFingerprints: Sendable {
    private let digests: [OutputVariant: String]
    private let single: String

    /// `variants`: the run's (nil for one output per input); `fingerprint` gives one output's text.
    init(variants: [OutputVariant]?, _ fingerprint: (OutputVariant?) -> String) {
        digests = Dictionary(uniqueKeysWithValues: (variants ?? []).map { ($0, Self.digest(fingerprint($0))) })
        single = Self.digest(fingerprint(nil))
    }

    /// The digest for the output of `variant` (nil: a run's one output per input).
    package func digest(for variant: OutputVariant?) -> String {
        variant.flatMap { digests[$0] } ?? single
    }

    private static func digest(_ text: String) -> String {
        let hex = String(Shard.fnv1a(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
