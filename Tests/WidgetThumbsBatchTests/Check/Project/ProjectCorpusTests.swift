import Foundation
import Testing
import TestSupport
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// `ProjectReader` over the six apps of `../shared/corpus/apps`: the widget targets, their
/// platforms and the catalogs they bundle are the facts `apps/README.md` lists for each app.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ProjectCorpusTests {
    /// The app's root as check is given it, and what the reader found there.
    static func scan(_ app: String) -> (root: String, scan: ProjectScan) {
        let root = Corpus.path("apps/" + app)
        return (root, ProjectReader.read(root: root))
    }

    static func target(_ scan: ProjectScan, _ name: String) throws -> WidgetTarget {
        try #require(scan.targets.first { $0.name == name }, "\(scan.targets.map(\.name))")
    }

    /// The asset catalogs a target bundles as such (a resources phase lists each).
    static func catalogs(_ target: WidgetTarget, root: String) -> Set<String> {
        Set(target.resources.filter { $0.hasSuffix(".xcassets") }.map { String($0.dropFirst(root.count + 1)) })
    }

    @Test func daysleftHasAnIOSAndAWatchWidgetBundlingTheAppsCatalogs() throws {
        let (root, scan) = Self.scan("bravelocation__daysleft")
        #expect(scan.targets.map(\.name) == ["DaysLeft Widget Extension", "DaysLeft WatchKit Widget Extension"])
        let phone = try Self.target(scan, "DaysLeft Widget Extension")
        #expect(phone.platforms == [.iOS, .iPadOS])
        #expect(phone.platformEvidence.contains("SDKROOT = iphoneos (project)"), "\(phone.platformEvidence)")
        #expect(phone.platformEvidence.contains("TARGETED_DEVICE_FAMILY = 1,2"), "\(phone.platformEvidence)")
        let watch = try Self.target(scan, "DaysLeft WatchKit Widget Extension")
        #expect(watch.platforms == [.watchOS])
        #expect(watch.platformEvidence.contains("SDKROOT = watchos"), "\(watch.platformEvidence)")
        for target in [phone, watch] {
            #expect(Self.catalogs(target, root: root) == ["daysleft/Media.xcassets", "daysleft/Colors.xcassets"], "\(target.name)")
            #expect(target.projectFile == root + "/DaysLeft.xcodeproj/project.pbxproj")
        }
        #expect(scan.otherTargets.contains("DaysLeft WatchKit App"))
    }

    @Test func simplenoteWidgetBundlesItsOwnCatalogAndTheAppsImages() throws {
        let (root, scan) = Self.scan("Automattic__simplenote-ios")
        #expect(scan.targets.map(\.name) == ["SimplenoteWidgetsExtension"])
        let widget = try Self.target(scan, "SimplenoteWidgetsExtension")
        #expect(widget.platforms == [.iOS, .iPadOS])
        #expect(Self.catalogs(widget, root: root) == ["SimplenoteWidgets/Assets.xcassets", "Simplenote/Images.xcassets"])
        // Listed in the pbxproj, not in the repository.
        #expect(widget.missing.contains(root + "/Simplenote/Credentials/SPCredentials.swift"), "\(widget.missing)")
        #expect(!widget.sources.contains(root + "/Simplenote/Credentials/SPCredentials.swift"))
        #expect(widget.sources.contains(root + "/SimplenoteWidgets/Views/NewNoteButton.swift"))
    }

    @Test func pocketCastsHasOneWidgetAndTheWatchAppIsNotOne() throws {
        let (root, scan) = Self.scan("Automattic__pocket-casts-ios")
        #expect(scan.targets.map(\.name) == ["WidgetExtension"])
        #expect(scan.otherTargets.contains("Pocket Casts Watch App"))
        let widget = try Self.target(scan, "WidgetExtension")
        #expect(widget.platforms == [.iOS, .iPadOS])
        #expect(Self.catalogs(widget, root: root) == ["WidgetExtension/Assets.xcassets", "podcasts/AlternateAppIcons.xcassets"])
        // The 9 Swift files under podcasts/ that the widget compiles.
        #expect(widget.sources.filter { $0.hasPrefix(root + "/podcasts/") }.count == 9)
        #expect(widget.sources.contains(root + "/WidgetExtension/Common/ArtworkViews.swift"))
    }

    @Test func foqosWidgetIsItsSynchronizedFolderLessItsInfoPlistPlusSixAppFiles() throws {
        let (root, scan) = Self.scan("awaseem__foqos")
        #expect(scan.targets.map(\.name) == ["FoqosWidgetExtension"])
        let widget = try Self.target(scan, "FoqosWidgetExtension")
        #expect(widget.platforms == [.iOS, .iPadOS])
        #expect(widget.resources == [root + "/FoqosWidget"])
        #expect(widget.excluded == [root + "/FoqosWidget/Info.plist"])
        let shared = ["Models/PhysicalUnblockItem.swift", "Models/Schedule.swift", "Models/Shared.swift", "Models/SoftUnblockGrant.swift",
                      "Utils/AppBlockerUtil.swift", "Utils/SoftUnblockGrantStore.swift"].map { root + "/Foqos/" + $0 }
        #expect(Set(widget.sources.filter { $0.hasPrefix(root + "/Foqos/") }) == Set(shared))
        #expect(widget.sources.contains(root + "/FoqosWidget/FoqosWidgetLiveActivity.swift"))
        #expect(!widget.resources.contains { $0.hasPrefix(root + "/Foqos/") }, "the app's catalog is not the widget's")
    }

    @Test func moblinHasAWatchWidgetAndAnIOSLiveActivityThroughXcconfigAndSynchronizedGroups() throws {
        let (root, scan) = Self.scan("eerimoq__moblin")
        #expect(Set(scan.targets.map(\.name)) == ["MoblinWidget", "MoblinLiveActivity"])
        let watch = try Self.target(scan, "MoblinWidget")
        #expect(watch.platforms == [.watchOS])
        #expect(watch.resources == [root + "/Moblin Widget"])
        let live = try Self.target(scan, "MoblinLiveActivity")
        #expect(live.platforms == [.iOS, .iPadOS])
        #expect(live.resources == [root + "/Moblin Live Activity"])
        for target in [watch, live] {
            // Added by exception sets on the Common group; the store had no content for it.
            #expect(target.missing.contains(root + "/Common/Localizable.xcstrings"), "\(target.missing)")
        }
        // Base.xcconfig includes a User.xcconfig that is not in the repository: said, once.
        #expect(scan.problems.filter { $0.path == root + "/Config/User.xcconfig" }.count == 1, "\(scan.problems)")
    }

    @Test func ruuviIsReadFromXcodeGenAlone() throws {
        let (root, scan) = Self.scan("ruuvi__com.ruuvi.station.ios")
        #expect(scan.projectFiles.count == 28 && scan.projectFiles.first == root + "/project.yml", "\(scan.projectFiles)")
        #expect(scan.targets.map(\.name) == ["station.widgets"])
        let widget = try Self.target(scan, "station.widgets")
        #expect(widget.projectFile == root + "/Apps/RuuviStation/Widgets/target.yml")
        #expect(widget.platforms == [.iOS, .iPadOS])
        let catalog = root + "/Apps/RuuviStation/Widgets/Sources/Resources/Assets.xcassets"
        let appCatalog = root + "/Apps/RuuviStation/Sources/Resources/Images/Assets.xcassets"
        func bundles(_ path: String) -> Bool { widget.resources.contains { path == $0 || path.hasPrefix($0 + "/") } }
        #expect(bundles(catalog), "\(widget.resources)")
        #expect(!bundles(appCatalog), "\(widget.resources)")
        // `../Sources/Resources/Strings/`, relative to the target.yml, is not in the corpus copy.
        #expect(widget.missing == [root + "/Apps/RuuviStation/Sources/Resources/Strings"])
        #expect(widget.sources.contains(root + "/Apps/RuuviStation/Widgets/Sources/View/EmptyWidgetView.swift"), "\(widget.sources)")
    }
}
