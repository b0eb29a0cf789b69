import WidgetThumbnails

/// One widget family's verdict in a `--json-lines` item: the render cost in a line, not the
/// hundred per-device records (`--device-detail` asks for those).
package struct FamilyFit: Codable, Sendable, Equatable {
    package var family: WidgetFamily
    /// Whether a chosen device offers the family; when none does, `fitsEverywhere` is false.
    package var offered: Bool
    package var fitsEverywhere: Bool
    /// The smallest archival pixel cap across the chosen devices that have the family.
    var smallestCapPixels: Int
    var failingDeviceCount: Int
    /// Devices over an assumed cap where the family has logged ones: a risk, not a failure.
    var assumedCapRiskCount: Int
    /// The device with that smallest cap, "iPhone SE 2/3, 375x667@2, iOS 26/27" (nil when no
    /// chosen device offers the family).
    var bindingDevice: String?

    package static func summary(of cost: RenderCost) -> [FamilyFit] {
        cost.families.map { family in
            FamilyFit(family: family.family, offered: family.isOffered, fitsEverywhere: family.fitsEverywhere,
                      smallestCapPixels: family.binding?.capPixels ?? 0,
                      failingDeviceCount: family.failingDevices.count, assumedCapRiskCount: family.risks.count,
                      bindingDevice: family.binding?.deviceName)
        }
    }
}
