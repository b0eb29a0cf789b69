import WidgetThumbnails

/// One widget family's verdict in a `--json-lines` item: the render cost in a line, not the
/// hundred per-device records (`--device-detail` asks for those).
struct FamilyFit: Codable, Sendable, Equatable {
    var family: WidgetFamily
    var fitsEverywhere: Bool
    /// The smallest archival pixel cap across the device classes that have the family.
    var smallestCapPixels: Int
    var failingDeviceCount: Int

    static func summary(of cost: RenderCost) -> [FamilyFit] {
        cost.families.map { family in
            FamilyFit(family: family.family, fitsEverywhere: family.fitsEverywhere,
                      smallestCapPixels: family.devices.map(\.archivalCapPixels).min() ?? 0,
                      failingDeviceCount: family.failingDevices.count)
        }
    }
}
