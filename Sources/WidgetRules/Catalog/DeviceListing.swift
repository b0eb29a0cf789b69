/// What `devices` prints: the chosen rows with every slot, then the sources, cap rules, memory
/// limits and the surfaces with no size, as a table or as JSON. A user's `--catalog` file is
/// untrusted input: the table prints every text of the catalogue through `DisplayText.escaped`
/// (the escaping of every other printed name and reason), and JSON writes controls as `\uXXXX`.
package struct DeviceListing: Encodable {
    package struct Row: Encodable {
        package var id: String
        package var platform: Platform
        package var screen: String
        package var os: [Int]
        package var label: String
        package var names: [String]
        package var droppedBy: String?
        package var note: String?
        /// `sized`, or `unsized`: a device with no published or measured frame, never sized for.
        package var status: DeviceClass.Status
        /// A Home Screen setting (Display Zoom, large icons): used only when named.
        package var setting: DeviceClass.Setting?
        /// Whether the default set (no --device, --platform or --os) has the row.
        package var inDefaultSet: Bool
        package var memoryLimitBytes: Int
        package var slots: [Slot]
    }

    package struct Slot: Encodable {
        package var family: WidgetFamily
        package var surface: WidgetSurface
        package var pixels: [Int]
        /// The frame a person sees, where it differs from `pixels` (the iPad Home Screen).
        package var displayed: [Int]?
        package var displayedSource: String?
        package var os: [Int]
        package var capPixels: Int
        package var capRule: String
        /// `logged` or `assumed`.
        package var capBasis: WidgetCatalog.CapBasis
        package var source: String
        /// The figure's status: its source's kind (measured, published, inferred, approximate).
        package var status: String
    }

    package struct Source: Encodable {
        package var id: String
        package var kind: String
        package var reference: String
    }

    package struct Rule: Encodable {
        package var id: String
        package var platforms: [Platform]
        package var families: [WidgetFamily]
        package var surfaces: [WidgetSurface]
        package var multiplier: String
        package var basis: WidgetCatalog.CapBasis
        package var reference: String
    }

    package struct Limit: Encodable {
        package var platforms: [Platform]
        package var megabytes: Int
        package var reference: String
    }


    package var schemaVersion = WidgetCatalog.schemaVersion
    package var devices: [Row]
    package var notShown: Int
    package var sources: [Source]
    package var capRules: [Rule]
    package var memoryLimits: [Limit]
    package var unsizedSlots: [WidgetCatalog.UnsizedSlot]

    package init(catalog: WidgetCatalog, devices chosen: [DeviceClass]) {
        devices = chosen.map { row in
            Row(id: row.id, platform: row.platform, screen: row.screenText, os: row.osVersions, label: row.label, names: row.names,
                droppedBy: row.droppedBy, note: row.note, status: row.status, setting: row.setting, inDefaultSet: row.isInDefaultSet,
                memoryLimitBytes: catalog.memoryLimitBytes(for: row.platform),
                slots: row.slots.map { slot in
                    Slot(family: slot.family, surface: slot.surface, pixels: [slot.pixels.width, slot.pixels.height],
                         displayed: slot.displayed.map { [$0.width, $0.height] }, displayedSource: slot.displayedSource,
                         os: slot.osVersions, capPixels: slot.capPixels, capRule: slot.capRule, capBasis: slot.capBasis,
                         source: slot.source, status: catalog.source(slot.source)?.kind.rawValue ?? "-")
                })
        }
        notShown = catalog.devices.count - Set(chosen.map(\.id)).count
        let used = Set(chosen.flatMap { $0.slots.flatMap { [$0.source] + ($0.displayedSource.map { [$0] } ?? []) } })
        sources = catalog.sources.filter { used.contains($0.id) }.map { Source(id: $0.id, kind: $0.kind.rawValue, reference: $0.reference) }
        capRules = catalog.capRules.map {
            Rule(id: $0.id, platforms: $0.platforms, families: $0.families, surfaces: $0.surfaces,
                 multiplier: $0.multiplier.description, basis: $0.basis, reference: $0.reference)
        }
        memoryLimits = catalog.memoryLimits.map { Limit(platforms: $0.platforms, megabytes: $0.megabytes, reference: $0.reference) }
        let platforms = Set(chosen.map(\.platform))
        unsizedSlots = catalog.unsizedSlots.filter { platforms.contains($0.platform) }
    }

    package var text: String {
        // One alignment for every slot line, so the columns line up from row to row.
        var slotLines = TableText.aligned(devices.flatMap { row in
            row.slots.map { slot in
                ["  \(slot.family.rawValue)", slot.surface.rawValue, "\(slot.pixels[0])x\(slot.pixels[1])",
                 slot.displayed.map { "shown \($0[0])x\($0[1])" } ?? "",
                 slot.os == row.os ? "" : DeviceClass.osText(row.platform, slot.os),
                 "cap \(TableText.grouped(slot.capPixels)) \(slot.capBasis.rawValue) (\(DisplayText.escaped(slot.capRule)))",
                 "\(slot.status): \(DisplayText.escaped(slot.source))"
                    + (slot.displayedSource.map { ", shown: \(DisplayText.escaped($0))" } ?? "")]
            }
        })[...]
        var lines: [String] = []
        for row in devices {
            var title = "\(DisplayText.escaped(row.label)), \(row.screen), \(DeviceClass.osText(row.platform, row.os))"
                + "  [\(DisplayText.escaped(row.id))]"
            if let droppedBy = row.droppedBy { title += "  (dropped by \(DisplayText.escaped(droppedBy)))" }
            if let setting = row.setting { title += "  (\(setting.rawValue): only when named)" }
            if row.status == .unsized { title += "  (unsized: no published or measured widget frame, never sized for)" }
            lines.append(title)
            lines += slotLines.prefix(row.slots.count)
            slotLines = slotLines.dropFirst(row.slots.count)
            if let note = row.note { lines.append("  note: \(DisplayText.escaped(note))") }
        }
        if notShown > 0 {
            lines.append("(\(notShown) more rows not chosen: devices the current OS releases dropped and Home Screen settings "
                + "such as Display Zoom; name one with --device)")
        }
        lines += ["", "sources:"] + sources.map { "  \(DisplayText.escaped($0.id)) (\($0.kind)): \(DisplayText.escaped($0.reference))" }
        lines += ["", "archival cap rules (first match):"] + capRules.map { rule in
            let scope = [rule.platforms.map(\.rawValue), rule.families.map(\.rawValue), rule.surfaces.map(\.rawValue)]
                .filter { !$0.isEmpty }.map { $0.joined(separator: ", ") }.joined(separator: "; ")
            return "  \(DisplayText.escaped(rule.id)): \(rule.multiplier) x slot area [\(rule.basis)] for "
                + "\(scope.isEmpty ? "every other slot" : scope). \(DisplayText.escaped(rule.reference))"
        }
        lines += ["", "memory limits:"] + memoryLimits.map {
            "  \($0.megabytes) MB: \($0.platforms.map(\.rawValue).joined(separator: ", ")). \(DisplayText.escaped($0.reference))"
        }
        if !unsizedSlots.isEmpty {
            lines += ["", "no size published or measured:"] + unsizedSlots.map { "  \(DisplayText.escaped($0.description))" }
        }
        return lines.joined(separator: "\n")
    }
}
