import WidgetThumbnails

/// `--families small,medium,large` (or `all`): one thumbnail per family from one decode, in
/// `batch` and `thumbnail`; the families `check` checks against. Each family is named in full (`systemSmall`) or without its
/// `system`/`accessory` prefix, first letter lower-case (`small`, `circular`).
enum FamiliesArgument {
    static let spec = OptionSpec.value(
        "families", valueName: "list", presence: .optional,
        help: "Widget families: a comma-separated list (systemSmall or small, accessoryCircular or circular, ...), "
            + "or 'all' for every family the chosen devices have. thumbnail and batch make one thumbnail per family, all "
            + "from one decode, named NAME.<family>.<ext> (photo.systemSmall.jpg); check checks each image against them "
            + "(default: the config's families for the path, else the system families).")

    /// The families `--families` lists (each once, in the order given; `all`: in WidgetKit's
    /// order, those with a slot on `devices`), or nil when it was not given. Refused with
    /// `--family`, with `--max-side` and with `--per-device`, which size one output.
    static func families(_ arguments: ParsedArguments, devices: [DeviceClass]) throws(UsageError) -> [WidgetFamily]? {
        guard let list = arguments.value(spec) else { return nil }
        for other in [ThumbnailArguments.family, ThumbnailArguments.maxSide, OptionSpec.perDevice]
        where arguments.wasGiven(other) {
            throw UsageError("'--families' sizes each output for its family; it cannot be combined with '\(other.longForm)'")
        }
        if list.split(separator: ",").contains("all") {
            guard list == "all" else { throw UsageError("'--families': 'all' stands alone; it already lists every family") }
            let families = WidgetFamily.allCases.filter { family in devices.contains { !$0.slots(for: family).isEmpty } }
            guard !families.isEmpty else { throw UsageError("'--families all': the chosen devices have no widget family") }
            return families
        }
        var families: [WidgetFamily] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let family = WidgetFamily(name: name) else {
                let known = WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")
                throw UsageError("'--families': unknown family '\(name)' (known: \(known), their full names, or 'all')")
            }
            try DeviceArguments.requireSlots(for: family, on: devices, option: spec)
            if !families.contains(family) { families.append(family) }
        }
        return families
    }
}
