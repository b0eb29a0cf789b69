import Foundation
import Testing
import TestSupport
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// `check .` on app repositories written here (the projects of `ProjectFixtures`, with a
/// widget's code and images added): only what a widget target bundles is judged, in its own
/// families and platforms, each image as its code draws it; and `--fix` converges.
@Suite struct CheckProjectTests {
    static func png(_ width: Int, _ height: Int, alpha: Bool = false) throws -> [UInt8] {
        let image = alpha ? SyntheticImage.disc(width: width, height: height) : SyntheticImage.gradient(width: width, height: height)
        return try ImageEncoder.encode(image, format: .png, quality: 100)
    }

    static func imageSet(_ files: [(name: String, scale: String?)], template: Bool = false) -> [UInt8] {
        let images = files.map { file in
            "{\"filename\": \"\(file.name)\", \"idiom\": \"universal\"" + (file.scale.map { ", \"scale\": \"\($0)\"" } ?? "") + "}"
        }
        let properties = template ? ", \"properties\": {\"template-rendering-intent\": \"template\"}" : ""
        return Array("{\"images\": [\(images.joined(separator: ", "))], \"info\": {\"version\": 1}\(properties)}".utf8)
    }

    /// The classic project: an iOS widget (small and medium) whose background fills the slot
    /// (340 px @2x, 530 px @3x) and whose avatar the code frames at 50 pt (100 and 150 px); the
    /// app's catalog, which the widget also bundles, holds a hero no widget code names;
    /// screenshots and test snapshots lie elsewhere.
    static func writeIOSApp(in folder: TemporaryDirectory) throws {
        ProjectFixtures.writeClassic(in: folder)
        folder.plant("Widget/Widget.swift", Array("""
            import SwiftUI
            import WidgetKit

            struct DemoWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "demo", provider: Provider()) { entry in
                        EntryView(entry: entry)
                            .containerBackground(for: .widget) {
                                Image("Background").resizable().scaledToFill()
                            }
                    }
                    .supportedFamilies([.systemSmall, .systemMedium])
                }
            }

            struct EntryView: View {
                var entry: Entry
                var body: some View {
                    HStack {
                        Image("Avatar").resizable().frame(width: 50, height: 50)
                        Text(entry.name)
                    }
                }
            }
            """.utf8))
        let media = "Widget/Media.xcassets/"
        folder.plant(media + "Background.imageset/Contents.json", imageSet([("bg@2x.png", "2x"), ("bg@3x.png", "3x")]))
        folder.plant(media + "Background.imageset/bg@2x.png", try png(340, 340))
        folder.plant(media + "Background.imageset/bg@3x.png", try png(530, 530))
        folder.plant(media + "Avatar.imageset/Contents.json", imageSet([("avatar@2x.png", "2x"), ("avatar@3x.png", "3x")]))
        folder.plant(media + "Avatar.imageset/avatar@2x.png", try png(100, 100))
        folder.plant(media + "Avatar.imageset/avatar@3x.png", try png(150, 150))
        folder.plant("App/Assets.xcassets/Hero.imageset/Contents.json", imageSet([("hero.png", nil)]))
        folder.plant("App/Assets.xcassets/Hero.imageset/hero.png", try png(3000, 2000))
        folder.plant("fastlane/screenshots/en-US/iphone-1.png", try png(1290, 2796))
        folder.plant("AppTests/__Snapshots__/WidgetTests/testSmall.1.png", try png(2000, 2000))
    }

    /// The synchronized project, with the watch widget's code (circular and rectangular) and
    /// its 120 px template logo, one file for every scale; a watch screenshot elsewhere.
    static func writeWatchApp(in folder: TemporaryDirectory) throws {
        ProjectFixtures.writeSynchronized(in: folder)
        folder.plant("WatchWidget/WatchWidget.swift", Array("""
            struct LogoWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "logo", provider: Provider()) { _ in
                        Image("Logo").widgetAccentable()
                    }
                    .supportedFamilies([.accessoryCircular, .accessoryRectangular])
                }
            }
            """.utf8))
        folder.plant("WatchWidget/Assets.xcassets/Logo.imageset/Contents.json", imageSet([("logo.png", nil)], template: true))
        folder.plant("WatchWidget/Assets.xcassets/Logo.imageset/logo.png", try png(120, 120, alpha: true))
        folder.plant("screenshots/watch-45mm.png", try png(396, 484))
    }

    static func check(_ root: String, fixes: Bool = false) -> CheckSummary {
        let context = CheckContext(catalog: .builtIn, devices: WidgetCatalog.builtIn.currentDevices)
        return CheckRun(context: context, measuresAppearance: false, fixes: fixes)
            .run(paths: [root], containers: [], reporter: JSONReporter(), toolName: "t", toolVersion: "0") { _ in }
    }

    /// `check .` on the iOS app: the widget's two image sets (and the app's hero, as a note)
    /// and nothing else; the small background made right passes, the avatar drawn at 50 pt is
    /// not called blurry, and the run exits 0.
    @Test func anIOSAppIsCheckedAsItsWidgetDrawsIt() throws {
        let folder = try TemporaryDirectory()
        try Self.writeIOSApp(in: folder)
        let summary = Self.check(folder.path)
        #expect(summary.targets.map(\.name) == ["Widget Extension"])
        #expect(summary.targets.first?.families == [.systemSmall, .systemMedium])
        #expect(summary.targets.first?.platforms == [.iOS, .iPadOS])
        #expect(summary.tally.errors == 0, "\(summary.findings.map { "\($0.file): \($0.message)" })")
        #expect(summary.tally.images == 4, "the widget's 4 variants, nothing else")
        // The screenshot and the test snapshot are counted, not judged.
        #expect(summary.outsideTargets == 2)
        #expect(!summary.findings.contains { $0.file.contains("fastlane") || $0.file.contains("__Snapshots__") || $0.file.contains("Hero") })
        #expect(!summary.findings.contains { $0.file.contains("Avatar") && $0.rule == "undersized" },
                "\(summary.findings.filter { $0.file.contains("Avatar") }.map(\.message))")
        // The small background covers every small slot: no undersized finding for systemSmall.
        #expect(!summary.findings.contains { $0.file.contains("Background") && $0.family == .systemSmall },
                "\(summary.findings.map { "\($0.file) \($0.family?.rawValue ?? ""): \($0.message)" })")
        #expect(summary.unchecked.contains { $0.path.hasSuffix("Hero.imageset") && $0.reason.contains("names") })
    }

    /// The same avatar at 40 px a side is drawn upscaled in its 50 pt frame: undersized, with
    /// the frame and where the code gives it.
    @Test func anAvatarSmallerThanItsFrameIsUndersized() throws {
        let folder = try TemporaryDirectory()
        try Self.writeIOSApp(in: folder)
        folder.plant("Widget/Media.xcassets/Avatar.imageset/avatar@3x.png", try Self.png(120, 120))
        let summary = Self.check(folder.path)
        let finding = try #require(summary.findings.first { $0.file.hasSuffix("avatar@3x.png") && $0.rule == "undersized" })
        // 50 pt at @3 is 150 px: 120 px is drawn 1.25x.
        #expect(finding.message.contains("50x50 pt") && finding.message.contains("1.25x"), "\(finding.message)")
        #expect(finding.detail?.contains("Widget.swift") == true, "\(finding.detail ?? "")")
        #expect(finding.level == .warning)
    }

    /// The watch widget's 120 px logo is over the logged accessoryCircular cap of the 40, 42
    /// and 44 mm watches (1.44 x 84 x 84 = 10,160 and 1.44 x 94 x 94 = 12,723 px, against
    /// 14,400): an error on exactly those. `--fix` rewrites it in place; the next check exits
    /// 0 and the logo is still a PNG with alpha, under the same name.
    @Test func aWatchLogoOverItsCapIsAnErrorAndFixConverges() throws {
        let folder = try TemporaryDirectory()
        try Self.writeWatchApp(in: folder)
        let before = Self.check(folder.path)
        #expect(before.targets.map(\.name).sorted() == ["Widget", "WatchWidget"].sorted())
        let errors = before.findings.filter { $0.level == .error }
        #expect(errors.count == 1 && errors.first?.family == .accessoryCircular, "\(before.findings.map(\.message))")
        let ids = Set(errors.first?.numbers?.deviceIDs ?? [])
        #expect(ids == ["watch-40mm@2", "watch-42mm@2", "watch-44mm@2"], "\(ids)")
        #expect(before.outsideTargets == 1)

        let fixed = Self.check(folder.path, fixes: true)
        #expect(fixed.fixed.map { PathComponents.lastComponent(of: $0.file) } == ["logo.png"])
        #expect(fixed.tally.errors == 0, "\(fixed.findings.map(\.message))")
        let after = Self.check(folder.path)
        #expect(after.tally.errors == 0, "\(after.findings.map(\.message))")
        let bytes = try #require(folder.read("WatchWidget/Assets.xcassets/Logo.imageset/logo.png"))
        let info = try ImageDecoder.probe(bytes, file: "logo.png")
        #expect(info.format == .png && info.hasAlpha, "\(info)")
        #expect(info.orientedSize.area <= 10_160 && info.orientedSize.width >= 90, "\(info.orientedSize)")
        // The Contents.json still names the file; nothing else was written in the set.
        #expect(folder.read("WatchWidget/Assets.xcassets/Logo.imageset/Contents.json") == Self.imageSet([("logo.png", nil)], template: true))
    }

    /// Every fix a run prints, run as printed, makes a file the next check accepts: over every
    /// error of both fixtures and a plain folder of photos.
    @Test func everyPrintedFixConvergesWhenRun() throws {
        let folder = try TemporaryDirectory()
        try Self.writeWatchApp(in: folder)
        folder.plant("photos/big.png", try Self.png(4000, 3000))
        folder.plant("photos/A.xcassets/P.imageset/Contents.json", Self.imageSet([("p@2x.png", "2x"), ("p@3x.png", "3x")]))
        folder.plant("photos/A.xcassets/P.imageset/p@2x.png", try Self.png(960, 960))
        folder.plant("photos/A.xcassets/P.imageset/p@3x.png", try Self.png(1440, 1440, alpha: true))
        for root in [folder.path, folder.file("photos")] {
            let before = Self.check(root)
            let fixes = Set(before.findings.filter { $0.level == .error }.compactMap(\.fix))
            #expect(!fixes.isEmpty)
            for fix in fixes {
                #expect(fix.rewritesInPlace, "\(fix)")
                let words = fix.words.dropFirst().map { word -> String in
                    switch word {
                    case .literal(let text), .path(let text), .placeholder(let text): text
                    }
                }
                let ran = try WidgetThumbsBinary.run(Array(words))
                #expect(ran.status == 0, "\(fix)\n\(ran)")
            }
            let after = Self.check(root)
            #expect(after.tally.errors == 0, "\(root): \(after.findings.filter { $0.level == .error }.map { "\($0.file): \($0.message)" })")
        }
    }

    /// A folder of the catalog that provides a namespace names its sets `Folder/name`: the code
    /// drawing `Image("Icons/Star")` reaches `Icons/Star.imageset` (checked), and the same name
    /// without the namespace would not; a folder that does not provide one adds nothing.
    @Test func aNamespacedImageSetIsFoundByItsFullName() throws {
        let folder = try TemporaryDirectory()
        try Self.writeIOSApp(in: folder)
        folder.plant("Widget/Widget.swift", Array("""
            struct DemoWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "demo", provider: Provider()) { _ in Image("Icons/Star") }
                    .supportedFamilies([.systemSmall])
                }
            }
            """.utf8))
        let media = "Widget/Media.xcassets/"
        folder.plant(media + "Icons/Contents.json", Array(#"{"info": {"version": 1}, "properties": {"provides-namespace": true}}"#.utf8))
        folder.plant(media + "Icons/Star.imageset/Contents.json", Self.imageSet([("star.png", nil)]))
        folder.plant(media + "Icons/Star.imageset/star.png", try Self.png(4000, 4000))
        folder.plant(media + "Plain/Contents.json", Array(#"{"info": {"version": 1}}"#.utf8))
        folder.plant(media + "Plain/Moon.imageset/Contents.json", Self.imageSet([("moon.png", nil)]))
        folder.plant(media + "Plain/Moon.imageset/moon.png", try Self.png(64, 64))
        let summary = Self.check(folder.path)
        #expect(summary.findings.contains { $0.file.hasSuffix("Icons/Star.imageset/star.png") && $0.level == .error },
                "\(summary.findings.map { "\($0.file): \($0.message)" })")
        #expect(summary.unchecked.contains { $0.path.hasSuffix("Plain/Moon.imageset") && $0.reason.contains("'Moon'") },
                "\(summary.unchecked.map(\.path))")
    }

    /// `--all-images` (a plain folder) judges every image under it, screenshots included: what
    /// the project reading spares a developer.
    @Test func withoutTheProjectEveryImageIsJudged() throws {
        let folder = try TemporaryDirectory()
        try Self.writeIOSApp(in: folder)
        let context = CheckContext(catalog: .builtIn, devices: WidgetCatalog.builtIn.currentDevices)
        let plain = CheckRun(context: context, measuresAppearance: false, readsProjects: false)
            .run(paths: [folder.path], containers: [], reporter: JSONReporter(), toolName: "t", toolVersion: "0") { _ in }
        #expect(plain.targets.isEmpty)
        #expect(plain.findings.contains { $0.file.contains("fastlane") && $0.level == .error })
    }
}

/// `check .` on an Android module: its widget's over-slot bitmaps per density bucket, and no
/// walk of every image under it (a folder holding a project is checked as that project).
@Suite struct CheckAndroidProjectTests {
    @Test func anAndroidModuleIsCheckedAsItsWidgetsNotAsAFolder() throws {
        let folder = try TemporaryDirectory()
        _ = AndroidWidgetFixtures.plant(in: folder, main: "app/src/main")
        folder.plant("docs/screenshot.png", try CheckProjectTests.png(3000, 3000))
        let summary = CheckProjectTests.check(folder.path)
        let android = summary.findings.filter { $0.rule == "android-slot" }
        // The widget is 4x2 cells: the catalogue's cell table gives it at most 624x276 dp
        // (Data/widget-catalog.json), so the xhdpi cover (2000x880 against 1248x552 px) and the
        // mdpi logo (96x96 in its 48 dp view) are over their slots; the xxxhdpi cover
        // (1200x600 against 2496x1104) and the nodpi background (1200x500, drawn at 4x) are not.
        // Nothing comes from a plain walk.
        let files = Set(android.map { $0.file.split(separator: "/").suffix(2).joined(separator: "/") })
        #expect(files == ["drawable-xhdpi/cover.png", "drawable-mdpi/logo.png"], "\(summary.findings.map { "\($0.rule) \($0.file)" })")
        #expect(!summary.findings.contains { $0.file.contains("docs/") })
        #expect(summary.findings.allSatisfy { $0.rule == "android-slot" || $0.rule == "unreadable" }, "\(summary.findings.map(\.rule))")
    }
}
