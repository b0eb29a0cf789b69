/// What a w x h thumbnail costs a widget: its decoded bitmap against the extension's memory
/// limit, and per family and device class whether its pixel area stays under WidgetKit's
/// archival cap (over it, the widget silently renders its placeholder).
public struct RenderCost: Sendable, Codable, Equatable {
    /// The widget extension's memory limit as reported in the field (30 MB; widget-facts.md §3).
    public static let extensionMemoryLimitBytes = 30 * 1024 * 1024

    /// The thumbnail's width in pixels.
    public var width: Int
    /// The thumbnail's height in pixels.
    public var height: Int
    /// 4 for 8-bit output; 8 for 16-bit or wide-colour output (extended-range renderers).
    public var bytesPerPixel: Int
    /// What the widget's renderer allocates for the decoded image.
    public var rgbaBytes: Int
    /// The widget extension's memory limit this is measured against (about 30 MB).
    public var extensionMemoryLimitBytes: Int
    /// rgbaBytes / extensionMemoryLimitBytes.
    public var extensionMemoryShare: Double
    /// One entry per widget family.
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
                return DeviceFit(device: device.idiom, screen: device.screen, scale: device.scale,
                                 slotWidth: slot.width, slotHeight: slot.height,
                                 archivalCapPixels: cap, fits: size.area <= cap)
            }
            return FamilyCost(family: family, devices: fits)
        }
    }

    /// The entry for `family`, or nil when it is not listed.
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
