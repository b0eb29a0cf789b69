/// What a w x h thumbnail costs a widget: its decoded bitmap against the extension's memory
/// limit, and per family and device class whether its pixel area stays under WidgetKit's
/// archival cap (over it, the widget silently renders its placeholder).
public struct RenderCost: Sendable, Codable, Equatable {
    /// The widget extension's memory limit as reported in the field (30 MB; widget-facts.md §3).
    public static let extensionMemoryLimitBytes = 30 * 1024 * 1024

    public struct DeviceFit: Sendable, Codable, Equatable {
        /// "iPhone" or "iPad".
        public var device: String
        /// Portrait screen in points, "393x852".
        public var screen: String
        public var scale: Int
        public var slotWidth: Int
        public var slotHeight: Int
        public var archivalCapPixels: Int
        public var fits: Bool
    }

    public struct FamilyCost: Sendable, Codable, Equatable {
        public var family: WidgetFamily
        public var fitsEverywhere: Bool
        /// Device class names ("iPhone 430x932@3x") where the thumbnail is over the cap.
        public var failingDevices: [String]
        public var devices: [DeviceFit]
    }

    public var width: Int
    public var height: Int
    /// 4 for 8-bit output; 8 for 16-bit or wide-colour output (extended-range renderers).
    public var bytesPerPixel: Int
    public var rgbaBytes: Int
    public var extensionMemoryLimitBytes: Int
    /// rgbaBytes / extensionMemoryLimitBytes.
    public var extensionMemoryShare: Double
    public var families: [FamilyCost]

    /// The estimate for a thumbnail of `size`. `bytesPerPixel` is 4 unless the output is 16-bit
    /// or wide colour (8).
    public init(size: PixelSize, bytesPerPixel: Int = 4, devices: [DeviceClass] = DeviceClass.catalog) {
        width = size.width
        height = size.height
        self.bytesPerPixel = bytesPerPixel
        rgbaBytes = size.area * bytesPerPixel
        extensionMemoryLimitBytes = Self.extensionMemoryLimitBytes
        extensionMemoryShare = Double(rgbaBytes) / Double(Self.extensionMemoryLimitBytes)
        families = WidgetFamily.allCases.map { family in
            let fits = devices.compactMap { device -> DeviceFit? in
                guard let slot = device.slotPixels(for: family) else { return nil }
                let cap = ArchivalCap.pixels(slot: slot, family: family)
                return DeviceFit(device: device.idiom.rawValue, screen: device.screenName, scale: device.scale,
                                 slotWidth: slot.width, slotHeight: slot.height,
                                 archivalCapPixels: cap, fits: size.area <= cap)
            }
            let failing = zip(devices.filter { $0.slotPixels(for: family) != nil }, fits)
                .filter { !$0.1.fits }.map { $0.0.name }
            return FamilyCost(family: family, fitsEverywhere: failing.isEmpty, failingDevices: failing, devices: fits)
        }
    }

    public func cost(for family: WidgetFamily) -> FamilyCost? {
        families.first { $0.family == family }
    }
}

/// WidgetKit's archival pixel cap for a slot: 4.4 x the slot's pixel area for home-screen
/// families, which fits every logged iPhone/iPad data point (widget-facts.md §2.3); for
/// accessory families the cap is unknown, so the slot's own area.
public enum ArchivalCap {
    /// Rounded to the nearest pixel: the logged caps are fractional (988,574.4) and the
    /// issue's reference figures (988,574 and 836,141) are the rounded values.
    public static func pixels(slot: PixelSize, family: WidgetFamily) -> Int {
        Int((Double(slot.area) * family.archivalCapMultiplier).rounded())
    }
}
