/// Everything a caller can choose about a thumbnail. Every default is one a widget thumbnail needs,
/// written once, at its property (so `ThumbnailOptions()` is the defaults, and a front end's
/// help reads them from there instead of repeating them).
public struct ThumbnailOptions: Sendable, Equatable {
    /// The long side of the default box, 500 px: the top of the 300-500 px a widget's thumbnail is given.
    public static let defaultSide = 500

    /// The upright box the thumbnail fits inside, aspect ratio kept, never upscaled.
    /// Default `defaultSide` x `defaultSide`.
    public var box = PixelSize(width: defaultSide, height: defaultSide)
    /// When set, sizes the thumbnail for this widget family instead of `box`: it covers the
    /// family's largest slot and stays under its smallest archival cap. Default nil.
    public var family: WidgetFamily?
    /// How the thumbnail fills its box (or the family's slot). Default `.contain`: the whole
    /// picture, fitted inside. `.cover` crops it to the box's shape (with `family`, the shape
    /// of the family's largest slot on `devices`, covering its slots as far as their caps allow).
    public var fit = FitMode.contain
    /// Where a `.cover` crop's window goes. Default `.centre`, as SwiftUI's fill would crop.
    public var crop = CropPosition.centre
    /// The devices `family` sizes for and the render cost reports on. Default nil: every
    /// current device of the built-in catalogue (`WidgetCatalog.devices(_:)` chooses others).
    public var devices: [DeviceClass]?
    /// Whether assumed archival caps shrink `family` (`FamilySizing.AssumedCaps`). Default
    /// `.onlyWhereNothingIsLogged`; a front end sets `.apply` when someone names devices or
    /// platforms.
    public var assumedCaps = FamilySizing.AssumedCaps.onlyWhereNothingIsLogged
    /// Default `.auto`: JPEG for opaque images, WebP for images with alpha.
    public var format = OutputFormat.auto
    /// The byte budget. Default `ByteBudget.standard`: a `ByteBudget.defaultCap` cap, never
    /// over `ByteBudget.hardCeiling`.
    public var budget = ByteBudget.standard
    /// Start quality and floor of the quality search. Default nil: the format's own range,
    /// `QualityRange.standard(for:)`.
    public var quality: QualityRange?
    /// Encoder work for fewer bytes at the same quality, 0-6. Default `.standard` (4): WebP
    /// method 4, JPEG with optimised Huffman tables.
    public var effort = EncodeEffort.standard
    /// Default `.convertToSRGB`: small files, safe for mixed sources.
    public var colorPolicy = ColorPolicy.convertToSRGB
    /// Damaged-input policy. Default `.lenient`: a partial picture beats no picture.
    public var strictness = Strictness.lenient
    /// Decoder limits. Default `DecodeLimits.default`.
    public var limits = DecodeLimits.default
    /// The choices only a HEIF original has: whether its embedded thumbnail may stand in for
    /// the primary, whether HEVC's in-loop filters may be skipped. Default: both
    /// `HEIFDecodeOptions` defaults; `--full-decode` turns both off.
    public var heif = HEIFDecodeOptions()

    /// The text that decides whether a thumbnail made before is still what these options
    /// make: one `name=value` entry per stored property above (named as the property; a test
    /// changes each property, and each field of its groups, and expects this to change), each
    /// written as what decides the bytes (the devices as the slots and caps that size each
    /// family on them). Two options with the same key make the same thumbnail of one input
    /// with one build; a front end adds what is its own (its version, its list of outputs).
    /// The text changes when an option is added, so a store of keys made before is redone once.
    public var outputKey: String {
        let entries: [(name: String, value: String)] = [
            ("box", "\(box)"),
            ("family", family?.rawValue ?? "-"),
            ("fit", fit.rawValue),
            ("crop", "\(crop)"),
            ("devices", WidgetFamily.allCases.map { family in
                FamilySizing.sizingSlots(for: family, on: chosenDevices, assumedCaps)
                    .map { "\($0.pixels) \($0.capPixels)" }.joined(separator: ",")
            }.joined(separator: ";")),
            ("assumedCaps", "\(assumedCaps)"),
            ("format", format.rawValue),
            ("budget", "\(budget.cap)"),
            ("quality", quality.map { "\($0.start) \($0.floor)" } ?? "-"),
            ("effort", "\(effort.level)"),
            ("colorPolicy", colorPolicy.rawValue),
            ("strictness", strictness.rawValue),
            ("limits", "\(limits.maxPixels) \(limits.maxDimension) \(limits.maxFileBytes) \(limits.maxMetadataBytes) "
                + "\(limits.maxTiles)"),
            ("heif", "\(heif.embeddedThumbnails) \(heif.hevcLoopFilters)"),
        ]
        return entries.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Sets the properties given; one left out (nil) keeps the default at its property, so
    /// no default is written twice. (Before, each parameter was non-optional with the
    /// default repeated here; every call that compiled then compiles now, with the same result.)
    /// `embeddedThumbnails` and `hevcLoopFilters` set `heif`'s, where they moved; given
    /// with `heif`, they win.
    public init(box: PixelSize? = nil, family: WidgetFamily? = nil, fit: FitMode? = nil, crop: CropPosition? = nil,
                format: OutputFormat? = nil, budget: ByteBudget? = nil, quality: QualityRange? = nil,
                effort: EncodeEffort? = nil,
                colorPolicy: ColorPolicy? = nil, strictness: Strictness? = nil,
                limits: DecodeLimits? = nil, heif: HEIFDecodeOptions? = nil,
                embeddedThumbnails: EmbeddedThumbnailPolicy? = nil,
                hevcLoopFilters: HEVCLoopFilterPolicy? = nil) {
        self.family = family
        self.quality = quality
        if let box { self.box = box }
        if let fit { self.fit = fit }
        if let crop { self.crop = crop }
        if let format { self.format = format }
        if let budget { self.budget = budget }
        if let effort { self.effort = effort }
        if let colorPolicy { self.colorPolicy = colorPolicy }
        if let strictness { self.strictness = strictness }
        if let limits { self.limits = limits }
        if let heif { self.heif = heif }
        if let embeddedThumbnails { self.heif.embeddedThumbnails = embeddedThumbnails }
        if let hevcLoopFilters { self.heif.hevcLoopFilters = hevcLoopFilters }
    }

    /// `heif.embeddedThumbnails`, where this choice lived before it moved to HEIF's options.
    @available(*, deprecated, renamed: "heif.embeddedThumbnails")
    public var embeddedThumbnails: EmbeddedThumbnailPolicy {
        get { heif.embeddedThumbnails }
        set { heif.embeddedThumbnails = newValue }
    }

    /// `heif.hevcLoopFilters`, where this choice lived before it moved to HEIF's options.
    @available(*, deprecated, renamed: "heif.hevcLoopFilters")
    public var hevcLoopFilters: HEVCLoopFilterPolicy {
        get { heif.hevcLoopFilters }
        set { heif.hevcLoopFilters = newValue }
    }

    /// The devices to size and budget for: `devices`, or the built-in catalogue's current ones.
    public var chosenDevices: [DeviceClass] { devices ?? WidgetCatalog.builtIn.currentDevices }

    /// The box for a source of `sourceSize`: the family's (on `chosenDevices`), or `box`.
    public func box(forSource sourceSize: PixelSize) -> PixelSize {
        family.map { FamilySizing.box(for: $0, sourceSize: sourceSize, devices: chosenDevices, assumedCaps: assumedCaps) } ?? box
    }

    /// The upright size a `.cover` thumbnail is cropped and resampled to (before the never-
    /// upscale rule): the family's slot shape on `chosenDevices` (`FamilySizing.coverSize`),
    /// or `box` itself.
    public var coverTarget: PixelSize {
        family.flatMap { FamilySizing.coverSize(for: $0, devices: chosenDevices, assumedCaps: assumedCaps) } ?? box
    }

    /// These options for `family`, the rest unchanged: one output of a several-family call.
    public func forFamily(_ family: WidgetFamily) -> ThumbnailOptions {
        var options = self
        options.family = family
        return options
    }

    /// These options fitted to `box` with no family, the rest unchanged: one output of a
    /// several-box call (Android's cell spans, `ThumbnailPipeline.thumbnails(_:boxes:file:)`).
    public func forBox(_ box: PixelSize) -> ThumbnailOptions {
        var options = self
        options.family = nil
        options.box = box
        return options
    }

    /// These options for one variant of a family (`FamilySizing.variants(for:devices:)`): its
    /// family, sized for its devices alone (each holding only the variant's slots).
    public func forVariant(_ variant: FamilySizing.Variant) -> ThumbnailOptions {
        var options = forFamily(variant.family)
        options.devices = variant.devices
        // Each slot size was asked for by name: its rule applies, assumed or not.
        options.assumedCaps = .apply
        return options
    }

    /// What the decoder is told for a thumbnail in `box`: these limits, strictness and HEIF
    /// options. The pipeline decodes with it and the batch's memory estimate sizes with it.
    func decodeOptions(targetBox box: PixelSize) -> DecodeOptions {
        DecodeOptions(limits: limits, strictness: strictness, targetBox: box, heif: heif)
    }
}
