import WidgetThumbnails

/// `--device`, `--platform`, `--os` and `--catalog`: which catalogue rows a command sizes or
/// budgets for. Shared by `budget`, `devices`, `batch`, `thumbnail` and `commit`; read once here.
enum DeviceArguments {
    static let device = OptionSpec.value(
        "device", valueName: "name|WxH@S", presence: .optional,
        help: "Only this device: a marketing name (\"iPhone 17 Pro\"), a catalogue id or a screen such as 402x874@3. "
            + "Repeatable. Devices the current OS releases dropped are used only when named.")
    static let platform = OptionSpec.value(
        "platform", valueName: "platform", presence: .optional, allowedValues: WidgetPlatforms.names,
        help: "Only devices of this platform. Repeatable. 'android' chooses Android's rules (budget, thumbnail, batch, explain, "
            + "devices) with --screen.")
    static let os = OptionSpec.value(
        "os", valueName: "version", presence: .optional,
        help: "Only catalogue rows (and slots) for this OS major version, e.g. 18, 26 or 27.")
    static let catalog = OptionSpec.value(
        "catalog", valueName: "file.json", presence: .optional,
        help: "A catalogue file whose device rows are added to the built-in ones (a row with a built-in id replaces it). "
            + "A malformed file is refused before any work; see 'widget-thumbs devices --help'.")

    static var specs: [OptionSpec] { [device, platform, os, catalog] }

    /// Whether any of the four was given (otherwise the library's defaults apply unchanged).
    static func isSet(_ arguments: ParsedArguments) -> Bool {
        specs.contains { arguments.wasGiven($0) }
    }

    /// Whether `--device` or `--platform` names what to size for: then every cap of those
    /// devices applies, assumed or not (`FamilySizing.AssumedCaps.apply`).
    static func namesDevices(_ arguments: ParsedArguments) -> Bool {
        arguments.wasGiven(device) || arguments.wasGiven(platform)
    }

    /// Refuses `family` (named by `option`) when no device of `devices` shows it: there is no
    /// slot to size it for.
    static func requireSlots(for family: WidgetFamily, on devices: [DeviceClass], option: OptionSpec) throws(UsageError) {
        guard !devices.contains(where: { !$0.slots(for: family).isEmpty }) else { return }
        throw UsageError("'\(option.longForm)': no chosen device shows \(family.rawValue), so there is no slot to size it for "
            + "(see 'widget-thumbs devices')")
    }

    /// The built-in catalogue, with the `--catalog` file's rows added. A command reads it once
    /// and hands it to what needs it (a 4 MiB file is not parsed twice).
    static func catalog(_ arguments: ParsedArguments) throws(UsageError) -> WidgetCatalog {
        guard let path = arguments.value(catalog) else { return .builtIn }
        do {
            return try WidgetCatalog.builtIn(addingFileAt: path)
        } catch {
            throw UsageError("'--catalog' \(error)")
        }
    }

    /// The catalogue rows the options choose from `catalog`.
    static func devices(_ arguments: ParsedArguments, in catalog: WidgetCatalog) throws(UsageError) -> [DeviceClass] {
        // A platform with no catalogue rows (Android) is sized by its own options, never by
        // WidgetKit's rows: a command that reached here does not size for it.
        if let other = arguments.values(platform).first(where: { Platform(rawValue: $0) == nil }) {
            throw UsageError("'--platform \(other)' is not a WidgetKit platform, and this command sizes only for WidgetKit's devices")
        }
        let version = try arguments.value(os, expected: "an OS major version such as 26") {
            Int($0).flatMap { (1...999).contains($0) ? $0 : nil }
        }
        let selection = DeviceSelection(names: arguments.values(device),
                                        platforms: arguments.values(platform).compactMap(Platform.init(rawValue:)),
                                        osVersion: version)
        do {
            return try catalog.devices(selection)
        } catch {
            throw UsageError(error.description)
        }
    }

    /// The devices the options choose from `catalog`, or nil when none was given (the
    /// library's default set).
    static func chosenDevices(_ arguments: ParsedArguments, in catalog: WidgetCatalog) throws(UsageError) -> [DeviceClass]? {
        guard isSet(arguments) else { return nil }
        return try devices(arguments, in: catalog)
    }
}
