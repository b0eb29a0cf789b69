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
            pixels, measured, published, inferred or approximate (each slot's status is its \
            source's kind; the sources are listed). On iPad a slot is the design canvas WidgetKit \
            renders and caps, with the smaller Home Screen frame a person sees beside it \
            ("shown"). Each cap is logged (seen in WidgetKit's errors) or assumed. \
            The default devices, used by every command without --device, --platform or --os: \
            every row whose devices the current OS releases run on, at the standard Home Screen \
            settings. Rows of dropped devices and of Home Screen settings (iPad Display Zoom More \
            Space, iPhone large icons) are kept but used only when named with --device; an \
            unsized row (a device with no published or measured widget frame, such as iPhone Duo) \
            is listed with no slot and never sized for. Without --device or --platform, a \
            family's size rests on its slots with logged caps where it has any: an assumed cap \
            never shrinks it (going over one is a risk in 'budget'); naming devices or a \
            platform applies every cap of theirs. \
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
        if asJSON { console.write(json: try JSONOutput.encode(listing)) } else { console.write(listing.text) }
        return .success
    }
}
