import WidgetThumbnails

/// The human form of a `RenderCost`: a summary, then one line per family (or, for one
/// family, one line per device class).
struct BudgetTable {
    var cost: RenderCost
    var family: WidgetFamily?

    var text: String {
        let megabytes = Double(cost.rgbaBytes) / 1_048_576
        let share = cost.extensionMemoryShare * 100
        var lines = [
            "thumbnail: \(cost.width)x\(cost.height) = \(grouped(cost.width * cost.height)) px",
            "bitmap:    \(grouped(cost.rgbaBytes)) bytes (\(cost.bytesPerPixel) B/px, \(fixed(megabytes, 2)) MiB), "
                + "\(fixed(share, 1))% of the 30 MB widget-extension limit",
            "",
        ]
        if let family, let familyCost = cost.cost(for: family) {
            lines += deviceRows(familyCost)
        } else {
            lines += familyRows()
        }
        return lines.joined(separator: "\n")
    }

    private func familyRows() -> [String] {
        let header = ["family", "largest slot", "smallest cap", "verdict"]
        let rows = cost.families.map { family -> [String] in
            let largest = family.devices.max { $0.slotWidth * $0.slotHeight < $1.slotWidth * $1.slotHeight }
            let smallestCap = family.devices.map(\.archivalCapPixels).min()
            let verdict = if family.fitsEverywhere {
                "fits on all \(family.devices.count) device classes"
            } else if family.failingDevices.count == family.devices.count {
                "over the cap on all \(family.devices.count) device classes"
            } else {
                "over the cap on \(family.failingDevices.count) of \(family.devices.count): "
                    + family.failingDevices.map(\.deviceName).joined(separator: ", ")
            }
            return [family.family.rawValue,
                    largest.map { "\($0.slotWidth)x\($0.slotHeight)" } ?? "-",
                    smallestCap.map(grouped) ?? "-",
                    verdict]
        }
        return aligned([header] + rows)
    }

    private func deviceRows(_ family: RenderCost.FamilyCost) -> [String] {
        let header = ["device", "screen", "scale", "slot px", "archival cap", "fits"]
        let rows = family.devices.map { device in
            [device.device.rawValue, device.screen.description, "@\(device.scale)x", "\(device.slotWidth)x\(device.slotHeight)",
             grouped(device.archivalCapPixels), device.fits ? "yes" : "NO"]
        }
        return ["\(family.family.rawValue):"] + aligned([header] + rows)
    }

    /// Columns padded to their widest cell; the last column is left ragged.
    private func aligned(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }
    }

    private func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    private func fixed(_ value: Double, _ places: Int) -> String {
        let scale = Double(Array(repeating: 10, count: places).reduce(1, *))
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        let decimals = text.split(separator: ".").last?.count ?? 0
        if decimals < places { text += String(repeating: "0", count: places - decimals) }
        return text
    }
}
