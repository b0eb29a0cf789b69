import WidgetThumbnails

/// `widget-thumbs devices [--device D ...] [--platform P] [--os N] [--catalog FILE] [--json]`:
/// the catalogue rows in use, each slot in pixels with its cap and where the figure came from;
/// `--platform android` lists Android's screens with their caps (`AndroidScreenListing`);
/// `--export json|dart|ts` writes the slots and caps as constants an app imports (`SlotExport`).
struct DevicesCommand: Command {
    static let json = OptionSpec.flag("json", help: "Print one JSON document instead of a table.")
    static let export = OptionSpec.value(
        "export", valueName: "language", presence: .optional, allowedValues: SlotExport.Language.allCases.map(\.rawValue),
        help: "Write the chosen devices' iOS slots and every Android screen (with its cap) and cell span as constants, with "
            + "helpers that pick the slot at run time (Dart for Flutter's MediaQuery, TypeScript for React Native's PixelRatio).")

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
            row and field. \
            --platform android lists Android's screens instead: each display's real size in \
            pixels, its density, its widget bitmap cap M = 6 x W x H bytes and its 4x2 slot, then \
            the design guide's cell spans in dp (a --catalog file may add androidScreens rows: id, \
            label, pixels, dpi, source, optional names and note). \
            --export json|dart|ts writes the iOS slots of the chosen devices and every Android \
            screen and span as constants, with iosSlot, androidSlot and androidCapBytes helpers, \
            for Flutter home_widget or Expo apps to import instead of guessing sizes.
            """,
        options: [json, export] + DeviceArguments.specs)

    var catalog: WidgetCatalog
    var devices: [DeviceClass]
    var asJSON: Bool
    /// `--platform android`: Android's screens instead of WidgetKit's rows.
    var android: Bool
    var exportLanguage: SlotExport.Language?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        catalog = try DeviceArguments.catalog(arguments)
        asJSON = arguments.isSet(Self.json)
        exportLanguage = arguments.value(Self.export).flatMap(SlotExport.Language.init(rawValue:))
        if exportLanguage != nil, asJSON { throw UsageError("'--export json' is the JSON export; '--json' is the listing's") }
        android = AndroidArguments.isChosen(arguments)
        if android {
            if exportLanguage != nil { throw UsageError("'--export' writes both platforms; leave out '--platform android'") }
            if let given = (AndroidArguments.specs + [DeviceArguments.device, DeviceArguments.os]).first(where: { arguments.wasGiven($0) }) {
                throw UsageError("'devices --platform android' lists every Android screen; '\(given.longForm)' does not apply")
            }
            if arguments.values(DeviceArguments.platform).count > 1 {
                throw UsageError("'--platform android' cannot be combined with another --platform")
            }
            devices = []
        } else {
            devices = try DeviceArguments.devices(arguments, in: catalog)
        }
    }

    func run(_ console: Console) throws(ImageError) -> ExitStatus {
        if let exportLanguage {
            console.write(SlotExport(catalog: catalog, devices: devices).text(exportLanguage))
            return .success
        }
        if android {
            let listing = AndroidScreenListing(catalog: catalog)
            if asJSON { console.write(json: try JSONOutput.encode(listing)) } else { console.write(listing.text) }
            return .success
        }
        let listing = DeviceListing(catalog: catalog, devices: devices)
        if asJSON { console.write(json: try JSONOutput.encode(listing)) } else { console.write(listing.text) }
        return .success
    }
}
