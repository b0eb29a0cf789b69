/// Sizes a thumbnail for one widget family: large enough to cover the family's largest slot
/// on the chosen devices, small enough to stay under the smallest archival cap among them.
public enum FamilySizing {
    /// The box (upright pixels) a source of `sourceSize` should fit for `family` on `devices`
    /// (by default every current device of the built-in catalogue). The returned size keeps
    /// the aspect ratio; the pipeline fits the image inside it.
    public static func box(for family: WidgetFamily, sourceSize: PixelSize,
                           devices: [DeviceClass] = WidgetCatalog.builtIn.currentDevices) -> PixelSize {
        let slots = devices.flatMap { $0.slots(for: family) }
        guard !slots.isEmpty else { return sourceSize }
        let aspect = Double(sourceSize.width) / Double(sourceSize.height)
        // Cover every slot: the image must be at least as wide and as tall as each slot.
        var width = slots.map { max(Double($0.pixels.width), Double($0.pixels.height) * aspect) }.max()!
        var height = width / aspect
        // Stay under the smallest cap across the devices (the image must render everywhere).
        let cap = Double(slots.map(\.capPixels).min()!)
        if width * height > cap {
            let shrink = (cap / (width * height)).squareRoot()
            width *= shrink
            height *= shrink
        }
        // Round down so rounding can never push the area over the cap.
        return PixelSize(width: max(1, Int(width.rounded(.down))), height: max(1, Int(height.rounded(.down))))
    }
}
