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

    /// What each record keeps of `fingerprint`: its 64-bit FNV-1a in hex (16 bytes a line
    /// instead of 250, over a library of 200,000 photos).
    package var fingerprintDigest: String {
        let hash = Shard.fnv1a(fingerprint)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Every setting that changes a thumbnail's pixels or bytes, and the tool version: a
    /// recorded thumbnail made with a different fingerprint is redone.
    var fingerprint: String {
        let options = thumbnail
        let sized = families.map { chosen in WidgetFamily.allCases.filter(chosen.contains) } ?? options.family.map { [$0] } ?? []
        // Said only when not the default, so records of runs before these options stay current.
        // The families in WidgetKit's order: listing them in another order makes the same files.
        let listed = families.map { chosen in WidgetFamily.allCases.filter(chosen.contains) }
        let shape = (listed.map { ["families \($0.map(\.rawValue).joined(separator: ","))"] } ?? [])
            + (options.fit == .cover ? ["fit cover, crop \(options.crop)"] : [])
        return ([
            "widget-thumbs \(toolVersion)",
            "box \(options.box)",
            "family \(options.family?.rawValue ?? "-")",
            // The family's box follows the chosen devices' slots and caps (a --catalog may change them).
            // The slots that size it: which caps count depends on whether devices were named.
            "devices \(sized.isEmpty ? "-" : sized.map { family in FamilySizing.sizingSlots(for: family, on: options.chosenDevices, options.assumedCaps).map { "\($0.pixels) \($0.capPixels)" }.joined(separator: ",") }.joined(separator: ";"))",
            "format \(options.format.rawValue)",
            "cap \(options.budget.cap)",
            "quality \(options.quality?.description ?? "-")",
            "effort \(options.effort)",
            "colour \(options.colorPolicy.rawValue)",
            "strictness \(options.strictness.rawValue)",
            "embedded thumbnails \(options.heif.embeddedThumbnails)",
            "limits \(options.limits.maxPixels) \(options.limits.maxDimension) \(options.limits.maxFileBytes)",
        ] + shape).joined(separator: "; ")
    }
}
