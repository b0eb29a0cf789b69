/// What one `check` run checks against: the catalogue, the chosen devices (and how they were
/// chosen, for the fix), the families, the project's config and `--entries`.
public struct CheckContext: Sendable {
    /// The catalogue the devices come from.
    public var catalog: WidgetCatalog
    /// The chosen devices.
    public var devices: [DeviceClass]
    /// How they were chosen (repeated in a fix when a fix concerns all of them).
    public var selection: DeviceSelection
    /// `--catalog`'s file, repeated in the fix.
    public var catalogFile: String?
    /// `--family`/`--families`, or nil for the config's or the system families.
    public var families: [WidgetFamily]?
    /// The project's `widget-thumbs.json`.
    public var config: CheckConfig
    /// `--entries`: the timeline entries that carry each image.
    public var entries: Int?
    /// The families checked when neither the command nor the config names any: the system
    /// families for a plain folder, a widget target's own in a project (`WidgetCode.families`,
    /// else every family its platforms' devices have).
    public var defaultFamilies: [WidgetFamily] = CheckContext.systemFamilies

    /// A context; the config defaults to an empty one.
    public init(catalog: WidgetCatalog, devices: [DeviceClass], selection: DeviceSelection = DeviceSelection(),
                catalogFile: String? = nil, families: [WidgetFamily]? = nil, config: CheckConfig = CheckConfig(),
                entries: Int? = nil) {
        self.catalog = catalog
        self.devices = devices
        self.selection = selection
        self.catalogFile = catalogFile
        self.families = families
        self.config = config
        self.entries = entries
    }

    /// Which caps decide: the selection's (`DeviceSelection.assumedCaps`; the config's devices
    /// and platforms are named ones too).
    public var assumedCaps: FamilySizing.AssumedCaps { selection.assumedCaps }

    /// The system families: `check`'s default, since one image usually serves them all.
    public static let systemFamilies = WidgetFamily.allCases.filter { !$0.isAccessory }

    /// The families `facts` is checked in: the command's, else the config's for its path or
    /// its asset set, else `defaultFamilies`.
    public func families(for facts: ImageFacts) -> [WidgetFamily] {
        families ?? config.families(for: facts.path) ?? facts.assetSet.flatMap(config.families(for:)) ?? defaultFamilies
    }
}
