import Testing
import WidgetThumbnails

/// `ThumbnailOptions.outputKey` decides whether a thumbnail made before is still current (the
/// batch redoes one whose key differs). Every option walked here is found by `Mirror`, not
/// listed by hand: an option added to `ThumbnailOptions` without a change below fails by name,
/// and one whose change leaves the key as it was fails by name too.
@Suite struct ThumbnailOptionsKeyTests {
    /// A value unlike the default for every stored option, and every field of an option that
    /// is itself a struct, by its path.
    static let changes: [String: @Sendable (inout ThumbnailOptions) throws -> Void] = [
        "box.width": { $0.box = PixelSize(width: 400, height: 500) },
        "box.height": { $0.box = PixelSize(width: 500, height: 400) },
        "family": { $0.family = .systemSmall },
        "fit": { $0.fit = .cover },
        "crop": { $0.crop = .attention },
        "devices": { $0.devices = [WidgetCatalog.builtIn.currentDevices[0]] },
        "assumedCaps": { $0.assumedCaps = .apply },
        "format.stored": { $0.format = .webp },  // nil for .auto
        // The cap asked for is only kept apart from the cap past the ceiling, which clamps it.
        "budget.cap": { $0.budget = ByteBudget(cap: 100_000) },
        "budget.requestedCap": { $0.budget = ByteBudget(cap: ByteBudget.hardCeiling + 1) },
        "quality": { $0.quality = QualityRange(start: 90, floor: 50) },
        "effort.level": { $0.effort = try EncodeEffort(1) },
        "colorPolicy": { $0.colorPolicy = .embedProfile },
        "strictness": { $0.strictness = .strict },
        "limits.maxPixels": { $0.limits.maxPixels = 1_000_000 },
        "limits.maxDimension": { $0.limits.maxDimension = 4_000 },
        "limits.maxFileBytes": { $0.limits.maxFileBytes = 1_000_000 },
        "limits.maxMetadataBytes": { $0.limits.maxMetadataBytes = 1_000 },
        "limits.maxTiles": { $0.limits.maxTiles = 10 },
        "heif.embeddedThumbnails": { $0.heif.embeddedThumbnails = .never },
        "heif.hevcLoopFilters": { $0.heif.hevcLoopFilters = .always },
    ]

    /// The stored properties of `value` by path, a struct's fields walked into (an enum, an
    /// optional or a collection is one value).
    static func paths(_ value: Any, prefix: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            guard let label = child.label else { return [] }
            let path = prefix + label
            let mirror = Mirror(reflecting: child.value)
            if mirror.displayStyle == .struct, !mirror.children.isEmpty {
                return paths(child.value, prefix: path + ".")
            }
            return [path]
        }
    }

    @Test func everyOptionIsWalked() {
        let paths = Self.paths(ThumbnailOptions())
        // The walk itself: it sees the nested fields, so a field added to a group is caught too.
        #expect(paths.contains("heif.hevcLoopFilters") && paths.contains("limits.maxTiles") && paths.contains("fit"))
        for path in paths {
            #expect(Self.changes[path] != nil, "ThumbnailOptions.\(path) has no change in ThumbnailOptionsKeyTests.changes")
        }
        for path in Self.changes.keys {
            #expect(paths.contains(path), "ThumbnailOptionsKeyTests.changes names \(path), which ThumbnailOptions has not")
        }
    }

    @Test func everyOptionHasItsEntry() {
        let key = ThumbnailOptions().outputKey
        for property in Mirror(reflecting: ThumbnailOptions()).children.compactMap(\.label) {
            #expect(key.contains("\(property)="), "outputKey has no entry for ThumbnailOptions.\(property): \(key)")
        }
    }

    @Test(arguments: changes.keys.sorted())
    func changingAnOptionChangesTheKey(_ path: String) throws {
        var changed = ThumbnailOptions()
        let change = try #require(Self.changes[path])
        try change(&changed)
        #expect(changed != ThumbnailOptions(), "the change of \(path) is its default")
        #expect(changed.outputKey != ThumbnailOptions().outputKey, "changing ThumbnailOptions.\(path) left outputKey as it was")
    }

    @Test func theSameOptionsGiveTheSameKey() {
        // Built two ways: the key reads values, not how they were set.
        var set = ThumbnailOptions()
        set.format = .png
        set.heif.hevcLoopFilters = .always
        let given = ThumbnailOptions(format: .png, hevcLoopFilters: .always)
        #expect(set.outputKey == given.outputKey)
        // The devices count as the slots and caps they give: naming the default ones is leaving
        // them out, until every cap applies (`assumedCaps`, as for devices someone named).
        var named = ThumbnailOptions()
        named.devices = WidgetCatalog.builtIn.currentDevices
        #expect(named.outputKey == ThumbnailOptions().outputKey)
        named.assumedCaps = .apply
        #expect(named.outputKey != ThumbnailOptions().outputKey)
    }
}
