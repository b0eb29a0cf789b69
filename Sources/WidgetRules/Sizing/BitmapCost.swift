/// What a decoded image costs the widget's renderer, and the memory it is measured against:
/// the one place `budget`, `check`, `explain` and the pipeline take both rules from.
public enum BitmapCost {
    /// The bytes a pixel takes once decoded: 8 for a 16-bit or wide-colour image, which iOS
    /// renders as is in an extended-range bitmap; 4 for everything else.
    public static func bytesPerPixel(bitDepth: Int, wideColour: Bool) -> Int {
        bitDepth > 8 || wideColour ? 8 : 4
    }

    /// The decoded bytes of an image of `size`.
    public static func decodedBytes(_ size: PixelSize, bytesPerPixel: Int) -> Int {
        size.area * bytesPerPixel
    }

    /// The memory limit that binds an image drawn on `devices`: the smallest widget-extension
    /// limit among their platforms (a watch's 15 MB when one is among them), iOS's when there
    /// are none.
    public static func memoryLimitBytes(of devices: [DeviceClass], in catalog: WidgetCatalog) -> Int {
        Set(devices.map(\.platform)).map(catalog.memoryLimitBytes(for:)).min() ?? catalog.memoryLimitBytes(for: .iOS)
    }
}

extension WidgetCatalog {
    /// Each memory limit as `30 MB on iOS, iPadOS`, as help and explanations print them.
    public var memoryLimitPhrases: [String] {
        memoryLimits.map { "\($0.megabytes) MB on \($0.platforms.map(\.rawValue).joined(separator: ", "))" }
    }
}
