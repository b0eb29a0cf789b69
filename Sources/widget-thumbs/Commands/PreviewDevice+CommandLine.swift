import WidgetThumbnails
import WidgetThumbsBatch

/// `--preview-device`, checked and typed into the engine's `PreviewDevice`.
extension PreviewDevice {
    static let option = OptionSpec.value(
        "preview-device", valueName: "name|WxH@S", presence: .optional,
        help: "The device whose widget slots the --preview page's frames are drawn at, matched like --device "
            + "(default: \(rule); \(standard.map { $0.row.label } ?? "none") in the built-in catalogue).")

    /// The default in the built-in catalogue (nil only for a catalogue without a current iPhone).
    private static let standard = newestPhone(in: .builtIn)

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
}
