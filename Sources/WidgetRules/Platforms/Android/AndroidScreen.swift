/// One Android display in the catalogue (`WidgetCatalog.androidScreens`): its real size in
/// pixels in one resolution mode, its density, and where the figures come from. The widget
/// bitmap cap follows from the size alone (`AndroidBitmapCap`); the slots follow from the
/// density and the cell table (`AndroidCellTable`). The rows are data: Data/widget-catalog.json.
public struct AndroidScreen: Sendable, Hashable, CustomStringConvertible {
    /// Unique among the Android screens, e.g. `android-1080x2400`; a user catalogue's screen with
    /// the same id replaces it.
    public let id: String
    /// A short name for reports, e.g. "FHD+ 20:9 phone".
    public let label: String
    /// The display's real size in pixels (`Display.getRealSize`) in this resolution mode,
    /// portrait (a foldable's inner screen as its maker gives it).
    public let pixels: PixelSize
    /// The density the screen runs at in this mode.
    public let density: AndroidDensity
    /// Marketing names `--screen` also matches, e.g. "Pixel 7 Pro".
    public let names: [String]
    /// A caveat (a density assumed, a mode), or nil.
    public let note: String?
    /// The id of the catalogue source of the figures (`WidgetCatalog.Source`).
    public let source: String

    /// The widget bitmap cap M on this screen, in bytes.
    public var capBytes: Int { AndroidBitmapCap.bytes(forScreen: pixels) }

    /// `1080x2400 px at 2.625 (420 dpi)`.
    public var screenText: String { "\(pixels.width)x\(pixels.height) px at \(density) (\(density.dpi) dpi)" }

    /// "FHD+ 20:9 phone, 1080x2400 px at 2.625 (420 dpi)".
    public var description: String { "\(label), \(screenText)" }

    /// Whether `name` names this screen: its id, label or a marketing name (case ignored), or
    /// its size as `1080x2400` (or `2400x1080`).
    public func isNamed(_ name: String) -> Bool {
        let folded = name.lowercased()
        if ([id, label] + names).contains(where: { $0.lowercased() == folded }) { return true }
        return folded == "\(pixels.width)x\(pixels.height)" || folded == "\(pixels.height)x\(pixels.width)"
    }
}
