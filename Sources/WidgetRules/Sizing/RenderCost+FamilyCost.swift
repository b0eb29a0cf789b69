extension RenderCost {
    /// How a thumbnail fits one widget family across the chosen devices. The verdicts are
    /// read from `devices`, so they cannot disagree with it.
    public struct FamilyCost: Sendable, Equatable {
        /// The family.
        public var family: WidgetFamily
        /// One entry per slot of the family on each device (a family can be on two surfaces).
        public var devices: [DeviceFit]
        /// Which caps decide: by default a cap that is only assumed fails nothing where the
        /// family has logged caps on the devices (a labelled risk); `.apply` when someone chose
        /// the devices (`--device`, `--platform`, the project's config, a `--catalog` file):
        /// then every cap of theirs is one they asked to meet. The one policy `budget`,
        /// `check` and the sizing (`FamilySizing`) share.
        public var assumedCaps: FamilySizing.AssumedCaps = .onlyWhereNothingIsLogged

        /// The family's entries, judged by `assumedCaps`.
        public init(family: WidgetFamily, devices: [DeviceFit], assumedCaps: FamilySizing.AssumedCaps = .onlyWhereNothingIsLogged) {
            self.family = family
            self.devices = devices
            self.assumedCaps = assumedCaps
        }

        /// Whether a chosen device offers the family at all.
        public var isOffered: Bool { !devices.isEmpty }
        /// Whether it is under every cap, logged or assumed, of every device that offers the
        /// family; false when none does (a family nobody offers is not a fit).
        public var fitsEverywhere: Bool { isOffered && devices.allSatisfy(\.fits) }
        /// The entries where the thumbnail is over a logged cap, or over an assumed one where
        /// the family has no logged cap on the devices (then the assumed caps are all there is):
        /// the widget shows its placeholder there. In `devices` order (JSON: their names,
        /// "iPhone SE 2/3, 375x667@2, iOS 26/27").
        public var failingDevices: [DeviceFit] { devices.filter { !$0.fits && Self.fails($0.capBasis, assumedCaps) } }
        /// The entries over an assumed cap of devices nobody named: a labelled risk, not a
        /// failure (no log says the assumed cap is real).
        public var risks: [DeviceFit] { devices.filter { !$0.fits && !Self.fails($0.capBasis, assumedCaps) } }
        /// The entry with the smallest cap that counts: among the logged caps when there are
        /// any, else among the assumed ones. The device that limits one image for the family.
        public var binding: DeviceFit? {
            devices.filter(counts).min { $0.capPixels < $1.capPixels }
        }
        /// Whether `entry`'s cap sizes an output (`binding`).
        func counts(_ entry: DeviceFit) -> Bool {
            Self.counts(entry.capBasis, familyHasLoggedCaps: hasLoggedCaps, assumedCaps)
        }

        /// Evidence decides the level, in every command (`check`, `budget`, `thumbnail`'s
        /// notes, `explain`): over a logged cap, or any cap of devices the user named, the
        /// widget fails; over an assumed cap of devices nobody named, it is a risk.
        public static func fails(_ basis: WidgetCatalog.CapBasis, _ assumedCaps: FamilySizing.AssumedCaps) -> Bool {
            assumedCaps == .apply || basis == .logged
        }

        /// Whether a cap sizes an output: when the user chose the devices, when it was
        /// logged, or when the family has no logged cap on them (then the assumed caps are all
        /// there is, and sizing under them shrinks nothing for a device with a logged cap).
        public static func counts(_ basis: WidgetCatalog.CapBasis, familyHasLoggedCaps: Bool,
                                  _ assumedCaps: FamilySizing.AssumedCaps) -> Bool {
            assumedCaps == .apply || !familyHasLoggedCaps || basis == .logged
        }
        /// Whether a cap of the family is logged on some device.
        public var hasLoggedCaps: Bool { devices.contains { $0.capBasis == .logged } }
        /// The entry with the largest slot: what an image must cover not to be upscaled.
        public var largest: DeviceFit? { devices.max { $0.slotArea < $1.slotArea } }
    }
}

// The JSON also carries the verdicts and the binding device, as values: a reader of `--json`
// need not derive them.
extension RenderCost.FamilyCost: Codable {
    private enum CodingKeys: String, CodingKey {
        case family, offered, fitsEverywhere, failingDevices, assumedCapRisks, bindingDevice, devices
    }

    /// Reads the family and its devices; the verdicts in the JSON follow from them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        family = try container.decode(WidgetFamily.self, forKey: .family)
        devices = try container.decode([RenderCost.DeviceFit].self, forKey: .devices)
    }

    /// Writes the family, whether a chosen device offers it, the verdicts (failing devices and
    /// assumed-cap risks by name), the binding device's name and the devices.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(isOffered, forKey: .offered)
        try container.encode(fitsEverywhere, forKey: .fitsEverywhere)
        try container.encode(failingDevices.map(\.deviceName), forKey: .failingDevices)
        try container.encode(risks.map(\.deviceName), forKey: .assumedCapRisks)
        try container.encodeIfPresent(binding?.deviceName, forKey: .bindingDevice)
        try container.encode(devices, forKey: .devices)
    }
}
