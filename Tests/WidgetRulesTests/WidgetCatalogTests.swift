import Foundation
import Testing
import TestSupport
@testable import WidgetRules

/// The catalogue as data: Data/widget-catalog.json is what is compiled in, the default set is
/// the devices the current OS releases run on, and a user's file is checked field by field.
@Suite struct WidgetCatalogTests {
    static let dataFile = Corpus.packageRoot.appendingPathComponent("Data/widget-catalog.json")

    private func row(_ id: String, in catalog: WidgetCatalog = .builtIn) throws -> DeviceClass {
        try #require(catalog.devices.first { $0.id == id }, "no row \(id)")
    }

    @Test func theCompiledInCatalogueIsTheDataFile() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.dataFile))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.trimmingCharacters(in: .newlines) == WidgetCatalog.builtInJSON,
                "Data/widget-catalog.json changed: run python3 scripts/generate-catalog.py")
        let fromFile = try WidgetCatalog(parsing: bytes, file: Self.dataFile.path)
        #expect(fromFile == WidgetCatalog.builtIn)
        #expect(fromFile.devices.count > 40)
        // Docs/catalogue.md's device table is generated from the same file.
        let table = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("Docs/catalogue.md"), encoding: .utf8)
        for row in fromFile.devices {
            #expect(table.contains("| `\(row.id)` |"), "Docs/catalogue.md lacks \(row.id): run python3 scripts/generate-catalog.py")
        }
    }

    @Test func theDefaultSetLeavesOutDroppedDevices() throws {
        let current = WidgetCatalog.builtIn.currentDevices
        #expect(current.allSatisfy { $0.isCurrent })
        // 414x736 stops at iOS 16, 320x568 at iOS 15; iPadOS 27 runs on no 768x1024 or 834x1112
        // iPad; watchOS 27 on Series 10 and later, Ultra 2 and later, and SE 3 only.
        for id in ["iphone-414x736@3-ios16", "iphone-320x568@2-ios15", "ipad-768x1024@2", "ipad-834x1112@2",
                   "watch-41mm@2", "watch-45mm@2"] {
            #expect(!(try row(id)).isCurrent, "\(id)")
            #expect(!current.contains { $0.id == id }, "\(id) is in the default set")
        }
        // Named, a dropped device is still there.
        let named = try WidgetCatalog.builtIn.devices(DeviceSelection(names: ["iPhone 8 Plus"]))
        #expect(named.map(\.id) == ["iphone-414x736@3-ios16"])
    }

    /// A Display Zoom or large-icon row describes a setting, not a device: used only when named.
    @Test func settingRowsAreUsedOnlyWhenNamed() throws {
        let current = WidgetCatalog.builtIn.currentDevices
        for id in ["ipad-1192x1590@2-more-space", "ipad-970x1389@2-more-space", "ipad-954x1373@2-more-space",
                   "iphone-440x956@3-ios18-large-icons"] {
            #expect(try row(id).setting != nil, "\(id)")
            #expect(!current.contains { $0.id == id }, "\(id) is in the default set")
            #expect(try WidgetCatalog.builtIn.devices(DeviceSelection(names: [id])).map(\.id) == [id])
        }
        // FrameUp, More Space on a 12.9-inch iPad: 188 pt small, canvas and Home Screen alike.
        #expect(try row("ipad-1192x1590@2-more-space").slots(for: .systemSmall).first?.pixels == PixelSize(width: 376, height: 376))
    }

    /// iPhone Duo and iPad Pro 11 (M4) have no published or measured frame: listed, unsized,
    /// never sized for (no slot), and an iOS 18 row names only devices that run iOS 18.
    @Test func unsizedDevicesAreListedAndNeverSized() throws {
        for id in ["iphone-duo", "ipad-834x1210@2"] {
            let device = try row(id)
            #expect(device.status == .unsized && device.slots.isEmpty, "\(id)")
        }
        #expect(FamilySizing.variants(for: .systemSmall).allSatisfy { !$0.devices.contains { $0.id == "iphone-duo" } })
        let iOS18Names = WidgetCatalog.builtIn.devices.filter { $0.platform == .iOS && $0.osVersions == [18] }.flatMap(\.names)
        #expect(!iOS18Names.contains("iPhone 8") && !iOS18Names.contains("iPhone X"))
        // The new names: iPhone 18 Pro and Pro Max on the 402x874 and 440x956 rows, Series 12
        // and Ultra 4 on the watches measured on watchOS 27, which run watchOS 26 too.
        #expect(try WidgetCatalog.builtIn.devices(DeviceSelection(names: ["iPhone 18 Pro"])).map(\.id) == ["iphone-402x874@3-ios26"])
        #expect(try WidgetCatalog.builtIn.devices(DeviceSelection(names: ["iPhone 18 Pro Max"])).map(\.id) == ["iphone-440x956@3-ios26"])
        #expect(try WidgetCatalog.builtIn.devices(DeviceSelection(names: ["Apple Watch Ultra 4"])).map(\.id) == ["watch-ultra3-49mm@2"])
        for id in ["watch-42mm@2", "watch-46mm@2", "watch-ultra3-49mm@2"] { #expect(try row(id).osVersions == [26, 27], "\(id)") }
    }

    @Test func everyPlatformAndTheNewFamiliesAreListed() throws {
        let platforms = Set(WidgetCatalog.builtIn.currentDevices.map(\.platform))
        #expect(platforms == Set(Platform.allCases))
        // FrameUp, iOS 27: the 440x956 Pro Max's portrait widget is 1134x1834 px, iOS 27 only.
        let proMax = try row("iphone-440x956@3-ios26")
        let portrait = try #require(proMax.slots(for: .systemExtraLargePortrait).first)
        #expect(portrait.pixels == PixelSize(width: 1134, height: 1834) && portrait.osVersions == [27])
        #expect(try #require(proMax.narrowed(toOS: 26)).slots(for: .systemExtraLargePortrait).isEmpty)
        // accessoryCorner: about 32 pt (64 px), its source approximate; watch-face rectangular
        // measured per watch (FrameUp, watchOS 27: 40 mm 162x69 pt = 324x138 px).
        let corner = try #require(try row("watch-40mm@2").slots(for: .accessoryCorner).first)
        #expect(corner.pixels == PixelSize(width: 64, height: 64) && WidgetCatalog.builtIn.source(corner.source)?.kind == .approximate)
        #expect(try row("watch-40mm@2").slots(for: .accessoryRectangular).contains {
            $0.surface == .watchFace && $0.pixels == PixelSize(width: 324, height: 138)
        })
        for surface in [WidgetSurface.standBy, .carPlay] {
            #expect(WidgetCatalog.builtIn.unsizedSlots.contains { $0.surface == surface && $0.family == .systemSmall })
            #expect(!WidgetCatalog.builtIn.devices.contains { $0.slots.contains { $0.surface == surface } })
        }
    }

    /// FrameUp: iOS 26 frames are whole pixels with fractional points (source frameup-ios26).
    @Test func slotsAreThePixelsMeasuredNotRoundedPoints() throws {
        #expect(try row("iphone-440x956@3-ios26").slots(for: .systemSmall).first?.pixels == PixelSize(width: 530, height: 530))
        #expect(try row("iphone-375x667@2-ios26").slots(for: .accessoryCircular).first?.pixels == PixelSize(width: 112, height: 112))
        #expect(try row("iphone-414x896@2-ios26").slots(for: .systemSmall).first?.pixels == PixelSize(width: 333, height: 333))
        #expect(try row("iphone-414x896@3-ios26").slots(for: .systemSmall).first?.pixels == PixelSize(width: 514, height: 514))
        #expect(try row("iphone-420x912@3-ios26").slots(for: .accessoryInline).first?.pixels == PixelSize(width: 1080, height: 108))
        // iPad: the Home Screen slot is the 141 pt canvas WidgetKit renders (282 px), shown at
        // the 120 pt Home Screen frame (240 px); the Lock Screen's systemSmall is 266 px.
        let mini = try row("ipad-744x1133@2").slots(for: .systemSmall)
        #expect(mini.map(\.pixels) == [PixelSize(width: 282, height: 282), PixelSize(width: 266, height: 266)])
        #expect(mini.map(\.displayed) == [PixelSize(width: 240, height: 240), nil])
    }

    @Test func devicesAreChosenByNameScreenPlatformAndOS() throws {
        let catalog = WidgetCatalog.builtIn
        let pro = try catalog.devices(DeviceSelection(names: ["iphone 17 pro"]))
        #expect(pro.map(\.id) == ["iphone-402x874@3-ios26"])
        let byScreen = try catalog.devices(DeviceSelection(names: ["402x874@3"], osVersion: 18))
        #expect(byScreen.map(\.id) == ["iphone-402x874@3-ios18"])
        let watches = try catalog.devices(DeviceSelection(platforms: [.watchOS]))
        #expect(!watches.isEmpty && watches.allSatisfy { $0.platform == .watchOS })
        #expect(throws: CatalogError.self) { try catalog.devices(DeviceSelection(names: ["iPhone 99"])) }
        #expect(throws: CatalogError.self) { try catalog.devices(DeviceSelection(platforms: [.watchOS], osVersion: 18)) }
    }

    // MARK: a user's catalogue

    private static let measuredTomorrow = """
        {"schemaVersion": 1,
         "sources": [{"id": "mine", "kind": "measured", "reference": "my own device, Xcode 27 simulator"}],
         "devices": [{"id": "iphone-fold", "platform": "iOS", "screen": [480, 1000], "scale": 3, "os": [27],
                      "label": "iPhone Fold", "names": ["iPhone Fold"],
                      "slots": [{"family": "systemSmall", "surface": "homeScreen", "pixels": [600, 600], "source": "mine"},
                                {"family": "accessoryCircular", "surface": "lockScreen", "pixels": [100, 100], "source": "mine"}]}]}
        """

    @Test func aUserRowIsAddedAndCappedByTheRules() throws {
        let catalog = try WidgetCatalog.builtIn.adding(Array(Self.measuredTomorrow.utf8), file: "mine.json")
        #expect(catalog.devices.count == WidgetCatalog.builtIn.devices.count + 1)
        let fold = try row("iphone-fold", in: catalog)
        // 4.4 x 600² and 1.0 x 100² (no cap logged for Lock Screen accessories).
        #expect(fold.slots.map(\.capPixels) == [1_584_000, 10_000])
        #expect(try catalog.devices(DeviceSelection(names: ["iPhone Fold"])).map(\.id) == ["iphone-fold"])
        // A row with a built-in id replaces it.
        let replacing = Self.measuredTomorrow.replacingOccurrences(of: "iphone-fold", with: "iphone-402x874@3-ios26")
            .replacingOccurrences(of: "[480, 1000]", with: "[402, 874]")
        let replaced = try WidgetCatalog.builtIn.adding(Array(replacing.utf8), file: "mine.json")
        #expect(replaced.devices.count == WidgetCatalog.builtIn.devices.count)
        #expect(try row("iphone-402x874@3-ios26", in: replaced).slots(for: .systemSmall).first?.pixels == PixelSize(width: 600, height: 600))
    }

    /// Each malformed file is refused, naming the row and the field.
    @Test(arguments: [
        ("\"family\": \"systemSmall\"", "\"family\": \"systemHuge\"", "row 0 (iphone-fold)", "slots[0].family"),
        ("[600, 600]", "[0, 600]", "row 0 (iphone-fold)", "slots[0].pixels[0]"),
        ("[100, 100]", "[100, -100]", "row 0 (iphone-fold)", "slots[1].pixels[1]"),
        ("\"scale\": 3", "\"scale\": 0", "row 0 (iphone-fold)", "scale"),
        ("\"schemaVersion\": 1", "\"schemaVersion\": 2", nil, "schemaVersion"),
        ("\"source\": \"mine\"}]}]}", "\"source\": \"mine\"}]}, {\"id\": \"iphone-fold\", \"platform\": \"iOS\", \"scale\": 3, \"os\": [27], \"label\": \"x\", \"names\": [], \"slots\": [{\"family\": \"systemSmall\", \"surface\": \"homeScreen\", \"pixels\": [1, 1], \"source\": \"mine\"}]}]}", "row 1 (iphone-fold)", "id"),
        ("[480, 1000]", "[393, 852]", "row 0 (iphone-fold)", "id"),
        // Two rows of the file for one screen and OS (the check is one pass over a dictionary).
        ("\"source\": \"mine\"}]}]}", "\"source\": \"mine\"}]}, {\"id\": \"fold-2\", \"platform\": \"iOS\", \"screen\": [480, 1000], \"scale\": 3, \"os\": [26, 27], \"label\": \"x\", \"names\": [], \"slots\": [{\"family\": \"systemSmall\", \"surface\": \"homeScreen\", \"pixels\": [1, 1], \"source\": \"mine\"}]}]}", "row 1 (fold-2)", "screen"),
        ("\"os\": [27]", "\"os\": [27], \"colour\": 1", "row 0 (iphone-fold)", "colour"),
    ] as [(String, String, String?, String)])
    func aMalformedCatalogueNamesTheRowAndField(original: String, replacement: String, row: String?, field: String) throws {
        let text = Self.measuredTomorrow.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.measuredTomorrow, "the replacement did not apply")
        #expect {
            _ = try WidgetCatalog.builtIn.adding(Array(text.utf8), file: "mine.json")
        } throws: { error in
            guard let error = error as? CatalogError else { return false }
            return error.file == "mine.json" && error.row == row && error.field == field
        }
    }
}
