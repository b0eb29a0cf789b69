/// The human form of a `RenderCost`: a summary, then one line per family naming its binding
/// device (or, for one family, one line per device and slot). Device names and notes come from
/// the catalogue, which a user's `--catalog` file extends: they print through
/// `DisplayText.escaped`, as every other printed name does.
package struct BudgetTable {
    package var cost: RenderCost
    package var family: WidgetFamily?
    package var catalog: WidgetCatalog
    package var devices: [DeviceClass]

    package init(cost: RenderCost, family: WidgetFamily?, catalog: WidgetCatalog, devices: [DeviceClass]) {
        self.cost = cost
        self.family = family
        self.catalog = catalog
        self.devices = devices
    }

    package var text: String {
        let megabytes = Double(cost.rgbaBytes) / 1_048_576
        let share = cost.extensionMemoryShare * 100
        var lines = [
            "thumbnail: \(cost.width)x\(cost.height) = \(TableText.grouped(cost.width * cost.height)) px",
            "bitmap:    \(TableText.grouped(cost.rgbaBytes)) bytes (\(cost.bytesPerPixel) B/px, \(TableText.fixed(megabytes, 2)) MiB), "
                + "\(TableText.fixed(share, 1))% of the \(cost.extensionMemoryLimitBytes / 1_048_576) MB widget-extension limit",
            "devices:   \(devices.count) catalogue rows (see 'widget-thumbs devices')",
            "",
        ]
        if let family, let familyCost = cost.cost(for: family) {
            lines += deviceRows(familyCost)
        } else {
            lines += familyRows()
            lines += sharedFileLines()
        }
        let unsized = catalog.unsizedSlots.filter { slot in
            (family == nil || slot.family == family) && devices.contains { $0.platform == slot.platform }
        }
        if !unsized.isEmpty {
            lines += ["", "no size to budget against:"]
            lines += unsized.map { "  \(DisplayText.escaped($0.description))" }
        }
        return lines.joined(separator: "\n")
    }

    private func familyRows() -> [String] {
        let header = ["family", "largest slot", "smallest cap", "binding device", "verdict"]
        let rows = cost.families.map { family -> [String] in
            let count = family.devices.count
            var verdict = if count == 0 {
                "not offered on the chosen devices"
            } else if family.failingDevices.isEmpty {
                family.risks.isEmpty ? "fits on all \(count) slots" : "fits under every logged cap"
            } else if family.failingDevices.count == count {
                "over the cap on all \(count) slots"
            } else {
                "over the cap on \(family.failingDevices.count) of \(count): "
                    + family.failingDevices.map { DisplayText.escaped($0.deviceName) }.joined(separator: "; ")
            }
            if !family.risks.isEmpty {
                verdict += "; risk: over an assumed cap (none logged there) on \(family.risks.count): "
                    + family.risks.map { DisplayText.escaped($0.deviceName) }.joined(separator: "; ")
            }
            return [family.family.rawValue,
                    family.largest.map { "\($0.slotPixels[0])x\($0.slotPixels[1])" } ?? "-",
                    family.binding.map { TableText.grouped($0.capPixels) + ($0.capBasis == .assumed ? " (assumed)" : "") } ?? "-",
                    family.binding.map { "\(DisplayText.escaped($0.deviceName)) (\($0.surface.rawValue))" } ?? "-",
                    verdict]
        }
        return TableText.aligned([header] + rows)
    }

    /// WidgetKit fails a widget's whole archive when one family's image is over its cap, so
    /// one file serving several families is bound by the smallest cap among them: say which
    /// families this size would take down with it.
    private func sharedFileLines() -> [String] {
        let offered = cost.families.filter { !$0.devices.isEmpty }
        let over = offered.filter { !$0.failingDevices.isEmpty }.map(\.family.rawValue)
        var lines = ["", "one file for several families: a family over its cap fails the archive of every family of the widget, "
            + "so a file several families share must be under the smallest cap among them."]
        if !over.isEmpty && over.count < offered.count {
            lines.append("this size is over the cap of \(over.joined(separator: ", ")): a widget that also shows it there "
                + "shows no family at all.")
        }
        return lines
    }

    private func deviceRows(_ family: RenderCost.FamilyCost) -> [String] {
        let header = ["device", "screen", "os", "surface", "slot px", "archival cap", "cap", "fits"]
        let risky = Set(family.risks.map { "\($0.id) \($0.surface)" })
        let rows = family.devices.map { device in
            [DisplayText.escaped(device.device), device.screen, DeviceClass.osText(device.platform, device.os),
             device.surface.rawValue, "\(device.slotPixels[0])x\(device.slotPixels[1])",
             TableText.grouped(device.capPixels), device.capBasis.rawValue,
             device.fits ? "yes" : risky.contains("\(device.id) \(device.surface)") ? "risk (assumed cap)" : "NO"]
        }
        var lines = ["\(family.family.rawValue):"] + TableText.aligned([header] + rows)
        if let binding = family.binding {
            lines.append("smallest cap: \(DisplayText.escaped(binding.deviceName)) (\(binding.surface.rawValue)), \(TableText.grouped(binding.capPixels)) px")
        }
        return lines
    }
}
