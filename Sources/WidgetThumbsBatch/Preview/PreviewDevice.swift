import WidgetThumbnails

/// The device whose slots the preview page draws its frames at, and the size of each frame:
/// `--preview-device` (the CLI's `PreviewDevice+CommandLine`), or by default the newest iPhone
/// of the catalogue's current rows.
package struct PreviewDevice: Equatable, Sendable {
    /// The catalogue row.
    package let row: DeviceClass

    /// The default rule, as help and the page state it.
    package static let rule = "the newest iPhone of the catalogue's current rows: the highest OS version, "
        + "then the largest screen (points), then the highest scale"

    /// The newest current iPhone row of `catalog` by `rule`.
    package static func newestPhone(in catalog: WidgetCatalog) -> PreviewDevice? {
        newest(of: catalog.currentDevices.filter { $0.platform == .iOS })
    }

    /// The newest of `rows` by `rule` (ties kept by catalogue order).
    package static func newest(of rows: [DeviceClass]) -> PreviewDevice? {
        func key(_ row: DeviceClass) -> (Int, Double, Int) {
            (row.osVersions.max() ?? 0, (row.screen?.width ?? 0) * (row.screen?.height ?? 0), row.scale)
        }
        var best: DeviceClass?
        for row in rows where best.map({ key(row) > key($0) }) ?? true { best = row }
        return best.map(PreviewDevice.init)
    }

    /// The frame `family` gets on this device, or nil when the device has no slot for it. The
    /// first of the family's slots in catalogue order (an iPad lists the Home Screen one first).
    func frame(for family: WidgetFamily) -> WidgetFrame? {
        guard let slot = row.slots(for: family).first else { return nil }
        return WidgetFrame(family: family, slot: slot.pixels, scale: row.scale)
    }
}

/// One family's frame on the preview device: the slot in points (pixels / scale, fractional
/// where the slot is: 530 px at 3x is 176.67 pt), and its shape.
struct WidgetFrame: Equatable {
    let family: WidgetFamily
    /// The slot in pixels, as the catalogue has it.
    let slot: PixelSize
    let scale: Int

    var widthPoints: Double { Double(slot.width) / Double(scale) }
    var heightPoints: Double { Double(slot.height) / Double(scale) }
    var shape: WidgetFrameShape { .of(family) }
}
