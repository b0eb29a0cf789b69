/// One row of the device catalogue (`WidgetCatalog`): a screen class on one platform, the OS
/// generations whose frames it describes, the devices it covers and each widget slot in pixels
/// with the archival cap WidgetKit holds it to. The rows are data: Data/widget-catalog.json.
public struct DeviceClass: Sendable, Hashable, CustomStringConvertible {
    /// One family's slot on one surface of the device.
    public struct Slot: Sendable, Hashable {
        /// The widget family.
        public let family: WidgetFamily
        /// Where the slot is shown.
        public let surface: WidgetSurface
        /// The slot in pixels, as measured or published: never points rounded before scaling
        /// (iOS 26 frames are whole pixels with fractional points, 176.67 pt x 3 = 530 px).
        /// What WidgetKit renders: on iPad the design canvas, which the archival cap multiplies
        /// and cover crops are sized for (`displayed` is the smaller frame a person sees).
        public let pixels: PixelSize
        /// The frame a person sees when it differs from `pixels`: the iPad Home Screen scales
        /// the canvas down (820x1180: a 310 px canvas shown at 272 px). Nil elsewhere.
        public let displayed: PixelSize?
        /// The id of the source of `displayed`, nil without it.
        public let displayedSource: String?
        /// The OS versions that show this slot: the row's, or fewer (systemExtraLargePortrait
        /// is iOS 27 only on a row that describes iOS 26 and 27).
        public let osVersions: [Int]
        /// The id of the catalogue source the figure comes from (`WidgetCatalog.Source`).
        public let source: String
        /// The largest pixel area WidgetKit archives for this slot (over it, the widget shows
        /// its placeholder): the cap rule's multiplier times the slot's area, rounded down.
        public let capPixels: Int
        /// The id of the cap rule that gave `capPixels` (`WidgetCatalog.CapRule`).
        public let capRule: String
        /// Whether that cap was logged or is assumed (the rule's basis).
        public let capBasis: WidgetCatalog.CapBasis

        /// The slot with other OS versions, everything else kept.
        func with(osVersions: [Int]) -> Slot {
            Slot(family: family, surface: surface, pixels: pixels, displayed: displayed, displayedSource: displayedSource,
                 osVersions: osVersions, source: source, capPixels: capPixels, capRule: capRule, capBasis: capBasis)
        }
    }

    /// Whether a row has widget frames to size for.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// At least one slot is published, measured, inferred or approximate (each slot's
        /// source says which).
        case sized
        /// A device people hold whose widget frames nobody has published or measured: listed so
        /// that it is not silently missing, with no slot, so nothing is ever sized for it.
        case unsized
    }

    /// A Home Screen setting that changes every frame of a screen. Rows for one are used only
    /// when named (`--device`): the default set describes the standard settings.
    public enum Setting: String, Sendable, Codable, CaseIterable {
        /// iPad Display Zoom set to More Space (a larger screen in points, larger frames).
        case displayZoomMoreSpace
        /// iPhone Home Screen with large app icons (iOS 18: slots about 4% larger).
        case largeIcons
    }

    /// Unique across the catalogue, e.g. `iphone-402x874@3-ios26`; a user catalogue row with
    /// the same id replaces this one.
    public let id: String
    /// The platform.
    public let platform: Platform
    /// Portrait screen size in points, or nil where frames do not depend on a screen (Mac,
    /// Vision Pro, Apple Watch rows, which are named by their case).
    public let screen: PointSize?
    /// Pixels per point.
    public let scale: Int
    /// The OS major versions whose frames this row describes (`[26, 27]`, or `[18]` for iOS 18
    /// and earlier).
    public let osVersions: [Int]
    /// A short name for reports, e.g. "iPhone SE 2/3".
    public let label: String
    /// The marketing names `--device` matches, e.g. "iPhone 17 Pro".
    public let names: [String]
    /// The OS release that no longer runs on any device of the row (e.g. "iOS 26"), or nil
    /// when the current releases still do. Such rows are kept but left out of the default set.
    public let droppedBy: String?
    /// A caveat about the row, or nil.
    public let note: String?
    /// Sized, or unsized (no slot).
    public let status: Status
    /// The Home Screen setting the row describes, or nil for the standard one.
    public let setting: Setting?
    /// Every slot of the row (none when `status` is unsized).
    public let slots: [Slot]

    /// Whether the current OS releases still run on the row's devices.
    public var isCurrent: Bool { droppedBy == nil }

    /// Whether the row is in the default set (`WidgetCatalog.currentDevices`): current, at the
    /// standard Home Screen settings.
    public var isInDefaultSet: Bool { isCurrent && setting == nil }

    /// `402x874@3` (screen points and scale), or `@2` where the row has no screen.
    public var screenText: String { (screen.map(\.description) ?? "") + "@\(scale)" }

    /// `iOS 26/27`.
    public var osText: String { Self.osText(platform, osVersions) }

    /// `iOS 26/27`: how reports name a platform's OS versions.
    public static func osText(_ platform: Platform, _ versions: [Int]) -> String {
        "\(platform.rawValue) " + versions.map(String.init).joined(separator: "/")
    }

    /// "iPhone SE 2/3, 375x667@2, iOS 26/27": what reports print for the row.
    public var description: String { "\(label), \(screenText), \(osText)" }

    /// The row's slots of `family` (none when the row does not offer it).
    public func slots(for family: WidgetFamily) -> [Slot] {
        slots.filter { $0.family == family }
    }

    /// Whether `name` names this row: its id, label or a marketing name (case ignored), or
    /// its screen as `402x874@3` (or `402x874` for every scale; a row for a Home Screen setting
    /// is named only by its id, label or names).
    public func isNamed(_ name: String) -> Bool {
        let folded = name.lowercased()
        if ([id, label] + names).contains(where: { $0.lowercased() == folded }) { return true }
        guard let screen, setting == nil else { return false }
        return folded == screenText.lowercased() || folded == screen.description.lowercased()
    }

    /// The row with only the slots shown on `version` (nil when the row does not describe it).
    func narrowed(toOS version: Int) -> DeviceClass? {
        guard osVersions.contains(version) else { return nil }
        return with(osVersions: [version], slots: slots.filter { $0.osVersions.contains(version) }.map { $0.with(osVersions: [version]) })
    }

    /// The row with only the slots `keep` accepts (nil when none is left).
    func keepingSlots(_ keep: (Slot) -> Bool) -> DeviceClass? {
        let kept = slots.filter(keep)
        return kept.isEmpty ? nil : with(osVersions: osVersions, slots: kept)
    }

    /// This row with other OS versions and slots, everything else kept.
    private func with(osVersions: [Int], slots: [Slot]) -> DeviceClass {
        DeviceClass(id: id, platform: platform, screen: screen, scale: scale, osVersions: osVersions, label: label,
                    names: names, droppedBy: droppedBy, note: note, status: status, setting: setting, slots: slots)
    }
}
