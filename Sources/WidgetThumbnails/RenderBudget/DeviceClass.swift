/// A screen class: the point size of the screen in portrait, its scale, and the widget slot
/// sizes (points) Apple's HIG gives for it. Sources and caveats: research/widget-facts.md §1.
public struct DeviceClass: Sendable, Hashable {
    /// The kind of device.
    public enum Idiom: String, Sendable, Codable {
        /// An iPhone.
        case iPhone
        /// An iPad.
        case iPad
    }

    /// iPhone or iPad.
    public let idiom: Idiom
    /// Portrait screen size in points, e.g. 393x852.
    public let screen: PointSize
    /// Pixels per point (2 or 3).
    public let scale: Int
    /// Slot size in points per family; a family missing here is not offered on this class.
    public let slots: [WidgetFamily: PointSize]

    /// "iPhone 393x852@3x": unique across the table (414x896 exists at @2x and @3x).
    public var name: String { Self.name(idiom: idiom, screen: screen, scale: scale) }

    /// The name of the device class with these three facts (what reports print).
    static func name(idiom: Idiom, screen: PointSize, scale: Int) -> String {
        "\(idiom.rawValue) \(screen)@\(scale)x"
    }

    /// The slot in pixels (points x scale, rounded up), or nil when the family is not offered.
    public func slotPixels(for family: WidgetFamily) -> PixelSize? {
        guard let points = slots[family] else { return nil }
        return PixelSize(width: Int((points.width * Double(scale)).rounded(.up)),
                         height: Int((points.height * Double(scale)).rounded(.up)))
    }
}
