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
                 families: [WidgetFamily]?, jobs: Int, memoryLimitBytes: Int, depth: InputDiscovery.Depth, force: Bool,
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

    /// Each output's fingerprint (`fingerprint(for:)`), as its records keep it.
    package var outputFingerprints: OutputFingerprints {
        OutputFingerprints(families: families) { fingerprint(for: $0) }
    }

    /// Every setting that changes one output's pixels or bytes, and the tool version: a
    /// recorded thumbnail made with a different fingerprint is redone. The output's own
    /// options give their key (`ThumbnailOptions.outputKey`, its family included); the other
    /// families of the run are not part of it, so a family that joins or leaves a run does
    /// not redo the others. `family`: the output's, with `--families`; nil for a run without.
    func fingerprint(for family: WidgetFamily?) -> String {
        [
            "widget-thumbs \(toolVersion)",
            (family.map(thumbnail.forFamily) ?? thumbnail).outputKey,
            // A run without --families names its one output differently, but say it all the same.
            "output \(family == nil ? "one" : "per family")",
        ].joined(separator: "; ")
    }
}

/// The settings fingerprint of each output a run makes (`BatchSettings.fingerprint(for:)`),
/// as a record keeps it: its 64-bit FNV-1a in hex (16 bytes a line instead of the whole text,
/// over a library of 200,000 photos).
package struct OutputFingerprints: Sendable {
    private let digests: [WidgetFamily: String]
    private let single: String

    /// `families`: the run's (nil without `--families`); `fingerprint` gives one output's text.
    init(families: [WidgetFamily]?, _ fingerprint: (WidgetFamily?) -> String) {
        digests = Dictionary(uniqueKeysWithValues: (families ?? []).map { ($0, Self.digest(fingerprint($0))) })
        single = Self.digest(fingerprint(nil))
    }

    /// The digest for the output of `family` (nil: a run's one output per input).
    package func digest(for family: WidgetFamily?) -> String {
        family.flatMap { digests[$0] } ?? single
    }

    private static func digest(_ text: String) -> String {
        let hex = String(Shard.fnv1a(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
