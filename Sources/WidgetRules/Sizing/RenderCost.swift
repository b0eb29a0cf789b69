/// What a w x h thumbnail costs a widget: its decoded bitmap against the extension's memory
/// limit, and per family, device and slot whether its pixel area stays under WidgetKit's
/// archival cap (over it, the widget silently renders its placeholder).
public struct RenderCost: Sendable, Codable, Equatable {
    /// The thumbnail's width in pixels.
    public var width: Int
    /// The thumbnail's height in pixels.
    public var height: Int
    /// 4 for 8-bit output; 8 for 16-bit or wide-colour output (extended-range renderers).
    public var bytesPerPixel: Int
    /// What the widget's renderer allocates for the decoded image.
    public var rgbaBytes: Int
    /// The smallest widget-extension memory limit among the devices (30 MB; 15 MB when a
    /// watch is among them; the catalogue's `memoryLimits`).
    public var extensionMemoryLimitBytes: Int
    /// rgbaBytes / extensionMemoryLimitBytes.
    public var extensionMemoryShare: Double
    /// One entry per widget family.
    public var families: [FamilyCost]

    /// The estimate for a thumbnail of `size` on `devices` (by default every current device of
    /// the built-in catalogue). `bytesPerPixel` is 4 unless the output is 16-bit or wide
    /// colour (8).
    public init(size: PixelSize, bytesPerPixel: Int = 4, devices: [DeviceClass] = WidgetCatalog.builtIn.currentDevices,
                catalog: WidgetCatalog = .builtIn) {
        width = size.width
        height = size.height
        self.bytesPerPixel = bytesPerPixel
        rgbaBytes = BitmapCost.decodedBytes(size, bytesPerPixel: bytesPerPixel)
        extensionMemoryLimitBytes = BitmapCost.memoryLimitBytes(of: devices, in: catalog)
        extensionMemoryShare = Double(rgbaBytes) / Double(extensionMemoryLimitBytes)
        families = WidgetFamily.allCases.map { family in
            let fits = devices.flatMap { device in
                device.slots(for: family).map { DeviceFit(device: device, slot: $0, fits: size.area <= $0.capPixels) }
            }
            return FamilyCost(family: family, devices: fits)
        }
    }

    /// The entry for `family`, or nil when it is not listed.
    public func cost(for family: WidgetFamily) -> FamilyCost? {
        families.first { $0.family == family }
    }
}
