extension RenderCost {
    /// How a thumbnail fits one widget family across every device class. The verdicts are
    /// read from `devices`, so they cannot disagree with it.
    public struct FamilyCost: Sendable, Equatable {
        /// The family.
        public var family: WidgetFamily
        /// One entry per device class that offers the family.
        public var devices: [DeviceFit]

        /// Whether it fits on every device class that offers the family.
        public var fitsEverywhere: Bool { devices.allSatisfy(\.fits) }
        /// The device classes where the thumbnail is over the cap, in `devices` order (JSON:
        /// their names, "iPhone 430x932@3x").
        public var failingDevices: [DeviceFit] { devices.filter { !$0.fits } }
    }
}

// The JSON also carries the two verdicts, as values: a reader of `--json` need not derive them.
extension RenderCost.FamilyCost: Codable {
    private enum CodingKeys: String, CodingKey {
        case family, fitsEverywhere, failingDevices, devices
    }

    /// Reads the family and its devices; the verdicts in the JSON follow from them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        family = try container.decode(WidgetFamily.self, forKey: .family)
        devices = try container.decode([RenderCost.DeviceFit].self, forKey: .devices)
    }

    /// Writes the family, both verdicts (failing devices by name) and the devices.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(fitsEverywhere, forKey: .fitsEverywhere)
        try container.encode(failingDevices.map(\.deviceName), forKey: .failingDevices)
        try container.encode(devices, forKey: .devices)
    }
}
