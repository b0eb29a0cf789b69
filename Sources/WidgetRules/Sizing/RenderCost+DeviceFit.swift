extension RenderCost {
    /// How a thumbnail fits one slot of one family on one device row.
    public struct DeviceFit: Sendable, Equatable, Codable {
        /// The catalogue row's id, e.g. `iphone-402x874@3-ios26`.
        public var id: String
        /// The row's short name, e.g. "iPhone 16 Pro, 17, 17 Pro".
        public var device: String
        /// The platform.
        public var platform: Platform
        /// Screen points and scale, `402x874@3` (`@2` where the row has no screen).
        public var screen: String
        /// The OS versions the slot is shown on.
        public var os: [Int]
        /// Where the slot is shown.
        public var surface: WidgetSurface
        /// The slot, `[width, height]` in pixels: what WidgetKit renders (on iPad the canvas).
        public var slotPixels: [Int]
        /// The frame a person sees where it differs (the iPad Home Screen), or nil.
        public var displayedPixels: [Int]?
        /// The largest pixel area WidgetKit archives for this slot.
        public var capPixels: Int
        /// The cap rule that gave `capPixels` (the catalogue's `capRules`).
        public var capRule: String
        /// Whether that cap was logged or is assumed.
        public var capBasis: WidgetCatalog.CapBasis
        /// Whether the thumbnail's pixel area is at most that cap.
        public var fits: Bool

        /// The entry for `slot` of `device`.
        public init(device: DeviceClass, slot: DeviceClass.Slot, fits: Bool) {
            id = device.id
            self.device = device.label
            platform = device.platform
            screen = device.screenText
            os = slot.osVersions
            surface = slot.surface
            slotPixels = [slot.pixels.width, slot.pixels.height]
            displayedPixels = slot.displayed.map { [$0.width, $0.height] }
            capPixels = slot.capPixels
            capRule = slot.capRule
            capBasis = slot.capBasis
            self.fits = fits
        }

        /// "iPhone SE 2/3, 375x667@2, iOS 26/27": the device and OS for a person.
        public var deviceName: String { "\(device), \(screen), \(DeviceClass.osText(platform, os))" }

        /// The slot's area in pixels.
        public var slotArea: Int { slotPixels.reduce(1, *) }
    }
}
