/// Sizes a thumbnail for one widget family: large enough to cover the family's largest slot
/// on the chosen devices, small enough to stay under the smallest archival cap among them.
/// Which caps count is `AssumedCaps`: by default a family with logged caps on the devices is
/// sized by its slots with logged caps alone, so an assumed cap (visionOS, Mac) never makes
/// the phones people hold get a smaller image.
public enum FamilySizing {
    /// Whether an assumed archival cap (`WidgetCatalog.CapBasis.assumed`) may shrink a family.
    public enum AssumedCaps: Sendable, Equatable {
        /// Only where the family has no slot with a logged cap on the devices (the Lock Screen
        /// accessories, the Smart Stack): then they apply. Elsewhere the slots with logged caps
        /// decide the size, and `RenderCost` reports an assumed cap the size goes over as a risk.
        /// The default, for the default set of devices.
        case onlyWhereNothingIsLogged
        /// Every cap of every slot applies, assumed or not: for devices someone named
        /// (`--device`, `--platform`, `--per-device`).
        case apply
    }

    /// The box (upright pixels) a source of `sourceSize` should fit for `family` on `devices`
    /// (by default every current device of the built-in catalogue). The returned size keeps
    /// the aspect ratio; the pipeline fits the image inside it.
    public static func box(for family: WidgetFamily, sourceSize: PixelSize,
                           devices: [DeviceClass] = WidgetCatalog.builtIn.currentDevices,
                           assumedCaps: AssumedCaps = .onlyWhereNothingIsLogged) -> PixelSize {
        box(covering: sizingSlots(for: family, on: devices, assumedCaps), shape: sourceSize) ?? sourceSize
    }

    /// The slots that size `family` on `devices`: all of them, or with
    /// `.onlyWhereNothingIsLogged` those with logged caps when there are any.
    public static func sizingSlots(for family: WidgetFamily, on devices: [DeviceClass],
                                   _ assumedCaps: AssumedCaps) -> [DeviceClass.Slot] {
        let slots = devices.flatMap { $0.slots(for: family) }
        guard assumedCaps == .onlyWhereNothingIsLogged else { return slots }
        let logged = slots.filter { $0.capBasis == .logged }
        return logged.isEmpty ? slots : logged
    }

    /// The size (upright pixels) of a cover crop for `family` on `devices`: the shape of the
    /// family's largest slot there, large enough to cover every one of its slots where the
    /// caps allow, and under the smallest archival cap among them (`sizingSlots`: by default
    /// the logged caps, so systemSmall is 530x530, the largest iPhone slot; with `.apply` on
    /// devices that include visionOS, its assumed cap binds). Nil when no device has the
    /// family.
    public static func coverSize(for family: WidgetFamily,
                                 devices: [DeviceClass] = WidgetCatalog.builtIn.currentDevices,
                                 assumedCaps: AssumedCaps = .onlyWhereNothingIsLogged) -> PixelSize? {
        let slots = sizingSlots(for: family, on: devices, assumedCaps)
        guard let largest = slots.map(\.pixels).max(by: { ($0.area, $0.width) < ($1.area, $1.width) }) else { return nil }
        guard let box = box(covering: slots, shape: largest) else { return nil }
        // The long side rounded down, the short one derived from it (not rounded on its own):
        // within a pixel of the slot's shape, and never over the cap.
        return largest.width >= largest.height
            ? PixelSize(width: box.width, height: max(1, box.width * largest.height / largest.width))
            : PixelSize(width: max(1, box.height * largest.width / largest.height), height: box.height)
    }

    /// One image per distinct slot size, where one image cannot serve every device (a 112 px
    /// circular slot and a 180 px one). `devices` of a variant hold only the slots of that
    /// size, so sizing for them (`ThumbnailOptions.devices`) covers and caps exactly those.
    public struct Variant: Sendable, Equatable {
        /// The family.
        public let family: WidgetFamily
        /// The slot size every device of the variant shows.
        public let slot: PixelSize
        /// The rows served, each with only its slots of this size.
        public let devices: [DeviceClass]

        /// `accessoryCircular-112x112`: what a variant's file name carries.
        public var name: String { "\(family.rawValue)-\(slot)" }
    }

    /// The variants of `family` on `devices`, largest slot first; identical slot sizes share
    /// one variant.
    public static func variants(for family: WidgetFamily,
                                devices: [DeviceClass] = WidgetCatalog.builtIn.currentDevices) -> [Variant] {
        var sizes: [PixelSize] = []
        for slot in devices.flatMap({ $0.slots(for: family) }) where !sizes.contains(slot.pixels) {
            sizes.append(slot.pixels)
        }
        sizes.sort { ($0.area, $0.width) > ($1.area, $1.width) }
        return sizes.map { size in
            Variant(family: family, slot: size, devices: devices.compactMap { row in
                row.keepingSlots { $0.family == family && $0.pixels == size }
            })
        }
    }

    /// The size of `shape`'s aspect ratio that covers every slot and stays under their
    /// smallest cap; nil without slots.
    private static func box(covering slots: [DeviceClass.Slot], shape: PixelSize) -> PixelSize? {
        guard !slots.isEmpty else { return nil }
        let aspect = Double(shape.width) / Double(shape.height)
        // Cover every slot: the image must be at least as wide and as tall as each slot.
        var width = slots.map { max(Double($0.pixels.width), Double($0.pixels.height) * aspect) }.max()!
        var height = width / aspect
        // Stay under the smallest cap across the slots (the image must render everywhere).
        let cap = Double(slots.map(\.capPixels).min()!)
        if width * height > cap {
            let shrink = (cap / (width * height)).squareRoot()
            width *= shrink
            height *= shrink
        }
        // Round down so rounding can never push the area over the cap. A side below one pixel
        // (a picture thinner than about 1:10,000) becomes one, and then the other side is cut
        // to what the cap leaves, so the area stays under it whatever the shape.
        var side = (width: max(1, Int(width.rounded(.down))), height: max(1, Int(height.rounded(.down))))
        let capPixels = slots.map(\.capPixels).min()!
        if side.width * side.height > capPixels {
            if side.height <= side.width { side.width = max(1, capPixels / side.height) } else { side.height = max(1, capPixels / side.width) }
        }
        return PixelSize(width: side.width, height: side.height)
    }
}
