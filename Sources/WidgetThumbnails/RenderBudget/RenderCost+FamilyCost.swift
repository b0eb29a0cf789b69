extension RenderCost {
    /// How a thumbnail fits one widget family across the chosen devices. The verdicts are
    /// read from `devices`, so they cannot disagree with it.
    public struct FamilyCost: Sendable, Equatable {
        /// The family.
        public var family: WidgetFamily
        /// One entry per slot of the family on each device (a family can be on two surfaces).
        public var devices: [DeviceFit]

        /// Whether a chosen device offers the family at all.
        public var isOffered: Bool { !devices.isEmpty }
        /// Whether it fits on every device that offers the family; false when none does (a
        /// family nobody offers is not a fit: issue #28, class 15).
        public var fitsEverywhere: Bool { isOffered && devices.allSatisfy(\.fits) }
        /// The entries where the thumbnail is over the cap, in `devices` order (JSON: their
        /// names, "iPhone SE 2/3, 375x667@2, iOS 26/27").
        public var failingDevices: [DeviceFit] { devices.filter { !$0.fits } }
        /// The entry with the smallest cap: the device that limits one image for the family.
        public var binding: DeviceFit? { devices.min { $0.capPixels < $1.capPixels } }
        /// The entry with the largest slot: what an image must cover not to be upscaled.
        public var largest: DeviceFit? { devices.max { $0.slotArea < $1.slotArea } }
    }
}

// The JSON also carries the verdicts and the binding device, as values: a reader of `--json`
// need not derive them.
extension RenderCost.FamilyCost: Codable {
    private enum CodingKeys: String, CodingKey {
        case family, offered, fitsEverywhere, failingDevices, bindingDevice, devices
    }

    /// Reads the family and its devices; the verdicts in the JSON follow from them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        family = try container.decode(WidgetFamily.self, forKey: .family)
        devices = try container.decode([RenderCost.DeviceFit].self, forKey: .devices)
    }

    /// Writes the family, whether a chosen device offers it, both verdicts (failing devices by name), the binding device's name
    /// and the devices.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(isOffered, forKey: .offered)
        try container.encode(fitsEverywhere, forKey: .fitsEverywhere)
        try container.encode(failingDevices.map(\.deviceName), forKey: .failingDevices)
        try container.encodeIfPresent(binding?.deviceName, forKey: .bindingDevice)
        try container.encode(devices, forKey: .devices)
    }
}
