/// One image in its context, with what every rule asks first worked out once: the devices its
/// scales and idiom reach, the families it is checked in and those of them the reached devices
/// draw, and each family's slots.
public struct CheckScope {
    /// The image.
    public let facts: ImageFacts
    /// The run's context.
    public let context: CheckContext
    /// The rows of the chosen devices the image's scale and idiom reach.
    public let rows: [DeviceClass]
    /// The families the image is checked in.
    public let wanted: [WidgetFamily]
    /// Those of `wanted` that some reached row draws.
    public let shown: [WidgetFamily]
    private let plans: CheckPlans
    private let reach: CheckPlans.Reach
    /// The conforming size, worked out at most once for the image (several rules fix it).
    private let conforming = ConformingCache()

    private final class ConformingCache {
        var size: ConformingSize??
    }

    /// The image's conforming size (`ConformingSize.of`), worked out once.
    public var conformingSize: ConformingSize? {
        if let known = conforming.size { return known }
        let size = ConformingSize.of(self)
        conforming.size = .some(size)
        return size
    }

    /// The scope of `facts`; `plans` keeps what is worked out per scale and idiom across images.
    public init(_ facts: ImageFacts, in context: CheckContext, plans: CheckPlans) {
        self.facts = facts
        self.context = context
        self.plans = plans
        let reach = plans.reach(scales: facts.drawnAtScales, platforms: facts.platforms, devices: context.devices)
        self.reach = reach
        rows = reach.rows
        wanted = context.families(for: facts)
        shown = wanted.filter { !(reach.families[$0]?.rows.isEmpty ?? true) }
    }

    /// Whether a reached device draws the image in a checked family (the rules of size, memory
    /// and bytes apply only then).
    public var isDrawn: Bool { !shown.isEmpty }

    /// Every (row, slot) of `family` on the reached rows.
    public func slots(_ family: WidgetFamily) -> [(device: DeviceClass, slot: DeviceClass.Slot)] {
        reach.families[family]?.slots ?? []
    }

    /// The reached rows that have a slot of `family`.
    public func rows(_ family: WidgetFamily) -> [DeviceClass] {
        reach.families[family]?.rows ?? []
    }

    /// The reached rows that draw the image in a shown family.
    public var drawingRows: [DeviceClass] {
        rows.filter { row in shown.contains { !row.slots(for: $0).isEmpty } }
    }

    /// The rows' names (`DeviceClass.description`), each once, in order.
    public func names(_ rows: [DeviceClass]) -> [String] { plans.names(rows) }

    /// The rows' catalogue ids, each once, in order.
    public func deviceIDs(_ rows: [DeviceClass]) -> [String] { plans.ids(rows) }

    /// Whether going over `slot`'s cap fails the check (`RenderCost.FamilyCost.fails`) rather
    /// than being a risk.
    public func fails(_ slot: DeviceClass.Slot) -> Bool {
        RenderCost.FamilyCost.fails(slot.capBasis, context.assumedCaps)
    }

    /// The command that rewrites the image in place at its conforming size
    /// (`ConformingSize`), nil when that is not smaller than it is (nothing a shrink fixes).
    public func inPlaceFix(maxBytes: Int? = nil) -> FixCommand? {
        guard let size = conformingSize, size.maxSide < max(facts.size.width, facts.size.height) || maxBytes != nil else {
            return nil
        }
        return FixCommand.inPlace(facts.path, maxSide: min(size.maxSide, max(facts.size.width, facts.size.height)), maxBytes: maxBytes)
    }

    /// The command that makes the image from a larger original at its conforming size, nil
    /// when nothing says how big it is drawn.
    public func largerOriginalFix() -> FixCommand? {
        conformingSize.map { FixCommand.fromLargerOriginal(to: facts.path, maxSide: $0.maxSide) }
    }
}

/// What `check` works out once per asset-catalog scale and idiom rather than per image (10,000
/// images are a handful of scales): the rows reached, each family's slots and rows, and the
/// device-name lists findings share. One per run; not for several threads.
public final class CheckPlans {
    struct Reach {
        var rows: [DeviceClass]
        var families: [WidgetFamily: FamilyPlan]
    }

    struct FamilyPlan {
        var slots: [(device: DeviceClass, slot: DeviceClass.Slot)]
        var rows: [DeviceClass]
    }

    private struct Key: Hashable {
        var scales: [Int]?
        var platforms: [Platform]
    }

    private var reaches: [Key: Reach] = [:]
    private var nameLists: [[String]: [String]] = [:]
    private var idLists: [[String]: [String]] = [:]

    /// An empty cache.
    public init() {}

    /// The rows of `devices` an image drawn at `scales` (nil: every scale) and idiom
    /// `platforms` (empty: all) is drawn on.
    func reach(scales: [Int]?, platforms: [Platform], devices: [DeviceClass]) -> Reach {
        let key = Key(scales: scales, platforms: platforms)
        if let known = reaches[key] { return known }
        let rows = devices.filter { row in
            (scales.map { $0.contains(row.scale) } ?? true) && (platforms.isEmpty || platforms.contains(row.platform))
        }
        var families: [WidgetFamily: FamilyPlan] = [:]
        for family in WidgetFamily.allCases {
            families[family] = FamilyPlan(slots: rows.flatMap { row in row.slots(for: family).map { (row, $0) } },
                                          rows: rows.filter { !$0.slots(for: family).isEmpty })
        }
        let reach = Reach(rows: rows, families: families)
        reaches[key] = reach
        return reach
    }

    /// The rows' ids, each once, in order; one shared array per distinct list.
    func ids(_ rows: [DeviceClass]) -> [String] {
        var ids: [String] = []
        for row in rows where ids.last != row.id && !ids.contains(row.id) { ids.append(row.id) }
        if let known = idLists[ids] { return known }
        idLists[ids] = ids
        return ids
    }

    /// The rows' names, each once, in order; one shared array per distinct list.
    func names(_ rows: [DeviceClass]) -> [String] {
        let ids = ids(rows)
        if let known = nameLists[ids] { return known }
        var names: [String] = []
        for row in rows where !names.contains(row.description) { names.append(row.description) }
        nameLists[ids] = names
        return names
    }
}
