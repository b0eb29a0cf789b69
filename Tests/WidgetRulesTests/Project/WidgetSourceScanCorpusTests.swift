import Foundation
import Testing
import TestSupport
import WidgetRules

/// The widget targets of the corpus's six apps (`apps/README.md` in the corpus says, app by
/// app, what their code declares and draws), each folder's `.swift` files scanned as the
/// engine would hand them over.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: Corpus.path("apps")), Corpus.skipMessage))
struct WidgetSourceScanCorpusTests {
    static let apps = Corpus.url("apps")

    /// The `.swift` files under `folder` (relative to `apps`), sorted, with paths relative to the app.
    static func sources(_ app: String, _ folders: String...) throws -> [(path: String, text: String)] {
        var found: [(path: String, text: String)] = []
        for folder in folders {
            let root = apps.appendingPathComponent(app).appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                found.append((folder + "/" + relative, text))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    static func scan(_ app: String, _ folders: String...) throws -> WidgetCode {
        var files: [(path: String, text: String)] = []
        for folder in folders { files += try sources(app, folder) }
        #expect(!files.isEmpty, "no Swift files in \(app)/\(folders)")
        let code = WidgetSourceScan.scan(files)
        print("\(app) \(folders): families \(code.families.map { $0.map(\.rawValue) } ?? ["nil"]) (\(code.familiesEvidence))")
        for use in code.assets { print("  \(use.name) \(use.location) \(use.role)") }
        for location in code.unresolvedNames { print("  unresolved \(location)") }
        return code
    }

    static func names(_ code: WidgetCode) -> Set<String> {
        Set(code.assets.compactMap { if case .string(let name) = $0.name { name } else { nil } })
    }

    /// The line of the first occurrence of `text` in the file at `path` under the app.
    static func line(of text: String, in app: String, _ path: String) throws -> Int {
        let source = try String(contentsOf: apps.appendingPathComponent(app).appendingPathComponent(path), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test func daysLeftDeclaresFamiliesThroughAPrivateFunctionAndDrawsNothing() throws {
        let phone = try Self.scan("bravelocation__daysleft", "DaysLeftWidget")
        #expect(phone.families == [.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        #expect(phone.familiesEvidence.contains("supportedFamilies at DaysLeftWidget/DaysLeftWidget.swift:"))
        #expect(phone.assets.isEmpty)
        #expect(phone.unresolvedNames.isEmpty)
        let watch = try Self.scan("bravelocation__daysleft", "DaysLeft WatchKit Widget")
        #expect(watch.families == [.accessoryCircular, .accessoryRectangular, .accessoryInline, .accessoryCorner])
        #expect(watch.assets.isEmpty)
    }

    @Test func simplenoteDrawsOneImageThroughAConstant() throws {
        let code = try Self.scan("Automattic__simplenote-ios", "SimplenoteWidgets")
        #expect(code.families == [.systemSmall, .systemMedium, .systemLarge])
        #expect(code.assets.map(\.name) == [.string("icon_new_note")])
        #expect(code.assets.first?.location.file == "SimplenoteWidgets/Views/NewNoteButton.swift")
        #expect(code.unresolvedNames.isEmpty)
    }

    @Test func pocketCastsLiteralAndComputedNamesAndOneRunTimeName() throws {
        let app = "Automattic__pocket-casts-ios"
        let code = try Self.scan(app, "WidgetExtension")
        #expect(code.families == [.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular])
        let literal: Set = ["up-next", "icon-play", "icon-pause", "logo-transparent", "logo-transparent-medium", "no-podcast-artwork"]
        let computed: Set = ["logo_white_small_transparent", "logo_red_small"]
        let names = Self.names(code)
        #expect(names.isSuperset(of: literal.union(computed)))
        // loadAppIconName()'s default is the only other name; logo_red_large and search are never named.
        #expect(names.subtracting(literal.union(computed)) == ["AppIcon-Default"])
        let appIcon = try Self.line(of: "Image(CommonWidgetHelper.loadAppIconName())", in: app, "WidgetExtension/Now Playing/NowPlayingEntryView.swift")
        #expect(code.unresolvedNames == [CodeLocation(file: "WidgetExtension/Now Playing/NowPlayingEntryView.swift", line: appIcon)])
        // The lock-screen logo is framed 16 pt in its own file; no-podcast-artwork is never a background.
        let lockScreen = code.assets.filter { $0.location.file.hasSuffix("NowPlayingLockScreenWidget.swift") }
        #expect(lockScreen.map(\.role) == [.framed(width: 16, height: 16)])
        #expect(!code.assets.contains { $0.name == .string("no-podcast-artwork") && $0.role == .fillsSlot })
    }

    @Test func foqosDrawsThreeStickersAtSquareFrames() throws {
        let code = try Self.scan("awaseem__foqos", "FoqosWidget")
        #expect(code.families == [.systemSmall, .accessoryRectangular, .accessoryInline])
        #expect(Self.names(code) == ["FoqosStickerLogo", "PauseStickerIcon", "CoffeeStickerIcon"])
        for use in code.assets {
            guard case .framed(let width?, let height?) = use.role else {
                Issue.record("\(use.name) at \(use.location) is \(use.role)")
                continue
            }
            #expect(width == height)
        }
        // In the Live Activity the sizes passed are 20 and 30 pt at most: the largest counts.
        let activity = code.assets.filter { $0.location.file.hasSuffix("FoqosWidgetLiveActivity.swift") }
        #expect(!activity.isEmpty)
        #expect(activity.allSatisfy { $0.role == .framed(width: 30, height: 30) })
        #expect(code.unresolvedNames.isEmpty)
    }

    @Test func moblinDeclaresNoFamiliesAndDrawsItsIcons() throws {
        let widget = try Self.scan("eerimoq__moblin", "Moblin Widget")
        #expect(widget.families == nil)
        #expect(widget.familiesEvidence.contains("StaticConfiguration"))
        #expect(Self.names(widget) == ["AppIcon", "AppIconAccented"])
        let activity = try Self.scan("eerimoq__moblin", "Moblin Live Activity")
        // A Live Activity alone: no widget family draws its images (apps/README.md: "it has no
        // widget families").
        #expect(activity.families == [])
        #expect(activity.familiesEvidence.contains("ActivityConfiguration"))
        #expect(Self.names(activity) == ["AppIcon"])
    }

    @Test func ruuviDrawsItsLogoThroughAnEnumAndDeclaresFamiliesThroughAProperty() throws {
        let code = try Self.scan("ruuvi__com.ruuvi.station.ios", "Apps/RuuviStation/Widgets")
        #expect(code.families == [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge,
                                  .accessoryCircular, .accessoryRectangular, .accessoryInline])
        #expect(code.assets.map(\.name) == [.string("ruuvi_logo")])
        #expect(code.assets.first?.location.file.hasSuffix("View/EmptyWidgetView.swift") == true)
        #expect(code.unresolvedNames.isEmpty)
    }

    /// Every widget folder at once, timed (the figure is printed, not asserted).
    @Test func allWidgetSourcesScanQuickly() throws {
        var files: [(path: String, text: String)] = []
        for (app, folder) in [("bravelocation__daysleft", "DaysLeftWidget"), ("bravelocation__daysleft", "DaysLeft WatchKit Widget"),
                              ("Automattic__simplenote-ios", "SimplenoteWidgets"), ("Automattic__pocket-casts-ios", "WidgetExtension"),
                              ("awaseem__foqos", "FoqosWidget"), ("eerimoq__moblin", "Moblin Widget"),
                              ("eerimoq__moblin", "Moblin Live Activity"), ("ruuvi__com.ruuvi.station.ios", "Apps/RuuviStation/Widgets")] {
            files += try Self.sources(app, folder)
        }
        let clock = ContinuousClock()
        var code: WidgetCode?
        let elapsed = clock.measure { code = WidgetSourceScan.scan(files) }
        let bytes = files.reduce(0) { $0 + $1.text.utf8.count }
        print("scanned \(files.count) files, \(bytes) bytes, in \(elapsed)")
        #expect(code?.assets.isEmpty == false)
    }
}
