import WidgetThumbnails

/// The device whose slots the preview page draws its frames at, and the size of each frame:
/// `--preview-device`, or by default the newest iPhone of the catalogue's current rows.
struct PreviewDevice: Equatable {
    /// The catalogue row.
    let row: DeviceClass

    /// The default rule, as help and the page state it.
    static let rule = "the newest iPhone of the catalogue's current rows: the highest OS version, "
        + "then the largest screen (points), then the highest scale"

    static let option = OptionSpec.value(
        "preview-device", valueName: "name|WxH@S", presence: .optional,
        help: "The device whose widget slots the --preview page's frames are drawn at, matched like --device "
            + "(default: \(rule); \(standard.map { $0.row.label } ?? "none") in the built-in catalogue).")

    /// The default in the built-in catalogue (nil only for a catalogue without a current iPhone).
    private static let standard = newestPhone(in: .builtIn)

    /// The newest current iPhone row of `catalog` by `rule`.
    static func newestPhone(in catalog: WidgetCatalog) -> PreviewDevice? {
        newest(of: catalog.currentDevices.filter { $0.platform == .iOS })
    }

    /// The newest of `rows` by `rule` (ties kept by catalogue order).
    static func newest(of rows: [DeviceClass]) -> PreviewDevice? {
        func key(_ row: DeviceClass) -> (Int, Double, Int) {
            (row.osVersions.max() ?? 0, (row.screen?.width ?? 0) * (row.screen?.height ?? 0), row.scale)
        }
        var best: DeviceClass?
        for row in rows where best.map({ key(row) > key($0) }) ?? true { best = row }
        return best.map(PreviewDevice.init)
    }

    /// The device `--preview-device` names in the command's catalogue (`--catalog` rows included),
    /// the newest of the rows it names (a marketing name can name an iOS 18 and an iOS 26 row).
    static func chosen(_ arguments: ParsedArguments, in catalog: WidgetCatalog) throws(UsageError) -> PreviewDevice {
        guard let name = arguments.value(option) else {
            guard let device = newestPhone(in: catalog) else {
                throw UsageError("the catalogue has no current iPhone row for the preview: name one with '--preview-device'")
            }
            return device
        }
        let rows: [DeviceClass]
        do {
            rows = try catalog.devices(DeviceSelection(names: [name]))
        } catch {
            throw UsageError("'--preview-device' \(error.description)")
        }
        guard let device = newest(of: rows) else { throw UsageError("'--preview-device' matches no device") }
        return device
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
