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
    public let screen: PixelSize
    /// Pixels per point (2 or 3).
    public let scale: Int
    /// Slot size in points per family; a family missing here is not offered on this class.
    public let slots: [WidgetFamily: PointSize]

    /// "393x852", the key the reports use.
    public var screenName: String { "\(screen.width)x\(screen.height)" }
    /// "iPhone 393x852@3x": unique across the table (414x896 exists at @2x and @3x).
    public var name: String { "\(idiom.rawValue) \(screenName)@\(scale)x" }

    /// The slot in pixels (points x scale, rounded up), or nil when the family is not offered.
    public func slotPixels(for family: WidgetFamily) -> PixelSize? {
        guard let points = slots[family] else { return nil }
        return PixelSize(width: Int((points.width * Double(scale)).rounded(.up)),
                         height: Int((points.height * Double(scale)).rounded(.up)))
    }
}

/// A size in points (iPad canvas sizes have halves, so not integers).
public struct PointSize: Sendable, Hashable {
    /// Points across.
    public let width: Double
    /// Points down.
    public let height: Double
    /// A size of `width` x `height` points.
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
}
