import WidgetThumbnails

/// `widget-thumbs devices [--device D ...] [--platform P] [--os N] [--catalog FILE] [--json]`:
/// the catalogue rows in use, each slot in pixels with its cap and where the figure came from.
struct DevicesCommand: Command {
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of a table.")

    static let spec = CommandSpec(
        name: "devices",
        abstract: "List the device catalogue: every widget slot in pixels, its archival cap and its source.",
        discussion: """
            The catalogue is Data/widget-catalog.json, compiled in: one row per screen class and \
            OS generation (iPhone rows for iOS 18 and for iOS 26/27 both exist), each slot in \
            pixels, measured or published (the source of each figure is listed). Rows of devices \
            the current OS releases dropped are kept but used only when named with --device. \
            --catalog FILE adds rows (same schema: schemaVersion, devices, optional sources); a \
            row with a built-in id replaces it. A malformed file (unknown family, a size that is \
            zero or negative, a row twice, another schema version) is a usage error naming the \
            row and field.
            """,
        options: [json] + DeviceArguments.specs)

    var catalog: WidgetCatalog
    var devices: [DeviceClass]
    var asJSON: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        catalog = try DeviceArguments.catalog(arguments)
        devices = try DeviceArguments.devices(arguments, in: catalog)
        asJSON = arguments.isSet(Self.json)
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        let listing = DeviceListing(catalog: catalog, devices: devices)
        console.write(asJSON ? try JSONOutput.encode(listing) : listing.text)
        return .success
    }
}
