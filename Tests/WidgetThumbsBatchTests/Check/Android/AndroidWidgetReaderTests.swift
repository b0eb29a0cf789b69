import Testing
import TestSupport
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// `AndroidWidgetReader` on modules the test writes (`AndroidWidgetFixtures`): what it finds in
/// an app module and in the `android/` folder of a Flutter project, what `android-slot` then
/// reports per bucket, and what it refuses (a document type, deep nesting, a name that is a
/// path, an include cycle, links out of the folder), each a problem naming the file.
@Suite struct AndroidWidgetReaderTests {
    /// The module's findings by file, relative to its `res` folder.
    static func findings(_ scan: AndroidWidgetScan, under res: String) -> [String: CheckFinding] {
        var found: [String: CheckFinding] = [:]
        for finding in AndroidSlotRule().evaluate(scan.widgets).findings where finding.file.hasPrefix(res + "/") {
            found[String(finding.file.dropFirst(res.count + 1))] = finding
        }
        return found
    }

    @Test func anAppModuleAndAFlutterProjectAreReadAlike() throws {
        let folder = try TemporaryDirectory()
        let app = AndroidWidgetFixtures.plant(in: folder, main: "app/src/main")
        let flutter = AndroidWidgetFixtures.plant(in: folder, main: "flutter_app/android/app/src/main")
        // Build outputs and packages hold copies that are never the app's own.
        AndroidWidgetFixtures.plant(in: folder, main: "flutter_app/build/app/src/main")
        AndroidWidgetFixtures.plant(in: folder, main: "node_modules/some-widget/android/src/main")
        AndroidWidgetFixtures.plant(in: folder, main: ".gradle/cache/src/main")

        // A GIF the engine does not read is listed, not measured.
        folder.plant("app/src/main/res/drawable-ldpi/cover.gif", Array("GIF89a".utf8))

        let scan = AndroidWidgetReader.read(root: folder.path)
        #expect(scan.unchecked.filter { $0.path == app + "/drawable-ldpi/cover.gif" }.map(\.reason)
                == ["GIF bitmap: a format this tool does not read, not checked"])
        #expect(scan.resourceFolders.sorted() == [app, flutter].sorted())
        #expect(scan.problems.isEmpty, "\(scan.problems.map { "\($0.file): \($0)" })")
        #expect(scan.widgets.count == 2)
        for widget in scan.widgets {
            #expect(widget.receiver == ".CoverWidget")
            #expect(widget.resourceName == "widget_info" && widget.initialLayout == "widget")
            #expect(widget.size == AndroidWidgetSize(minWidth: 250, minHeight: 110, targetCellWidth: 4, targetCellHeight: 2))
            #expect(widget.layoutFiles.map { PathComponents.lastComponent(of: $0) } == ["widget.xml", "widget_header.xml"])
            // The logo's 48 dp comes through two dimens; the layer-list's photo fills the widget.
            let logo = try #require(widget.bitmaps.first { $0.path.hasSuffix("drawable-mdpi/logo.png") })
            #expect(logo.viewWidth == 48 && logo.viewHeight == 48)
            #expect(logo.layoutFile.hasSuffix("layout/widget_header.xml"))
            let photo = try #require(widget.bitmaps.first { $0.resourceName == "bg_photo" })
            #expect(photo.fillsWidget && photo.density == .nodpi)
            #expect(photo.drawnThrough.hasPrefix("android:background via ") && photo.drawnThrough.hasSuffix("bg.xml <layer-list>"))
            let night = try #require(widget.bitmaps.first { $0.path.hasSuffix("drawable-night-xxxhdpi/cover.png") })
            #expect(night.density == .xxxhdpi && night.qualifiers == ["night"])
            #expect(night.pixels == PixelSize(width: 1200, height: 600))
        }
        // The vector is listed (once a module), never measured.
        let star = scan.unchecked.filter { $0.path.hasSuffix("drawable/star.xml") }
        #expect(star.count == 2 && star.allSatisfy { $0.reason.contains("<vector>") })

        for res in [app, flutter] {
            let found = Self.findings(scan, under: res)
            #expect(Set(found.keys) == Set(AndroidWidgetFixtures.overSlot.keys), "\(found.keys.sorted())")
            for (file, slot) in AndroidWidgetFixtures.overSlot {
                #expect(found[file]?.numbers?.slotPixels == slot, "\(file)")
            }
            for file in AndroidWidgetFixtures.withinSlot { #expect(found[file] == nil, "\(file) is within its slot") }
            // 2000 x 880 at xhdpi: a quarter each side, 500 x 220.
            #expect(found["drawable-xhdpi/cover.png"]?.fix?.description.hasSuffix("-o cover.drawable-xhdpi.png --max-side 500") == true)
            // 1200 x 600 at xxxhdpi over 1000 x 440: 1000 x 500.
            #expect(found["drawable-night-xxxhdpi/cover.png"]?.message.contains("of 1000x500,") == true)
            // 1200 x 500, never scaled, over 1000 x 440: the height binds, 1056 x 440.
            #expect(found["drawable-nodpi/bg_photo.png"]?.fix?.description.hasSuffix("--max-side 1056") == true)
        }
    }

    /// Every refusal is a problem naming its file, and the rest of the module is still read.
    @Test func hostileResourcesAreRefusedAndNamed() throws {
        let folder = try TemporaryDirectory()
        let res = AndroidWidgetFixtures.plant(in: folder, main: "app/src/main")
        // A second provider whose layouts are hostile, one per case.
        func provider(_ name: String, layout: String) {
            folder.plant("app/src/main/res/xml/\(name).xml", Array("""
                <appwidget-provider xmlns:android="http://schemas.android.com/apk/res/android"
                    android:minWidth="100dp" android:minHeight="100dp" android:initialLayout="@layout/\(layout)" />
                """.utf8))
        }
        let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#
        // A billion laughs.
        var laughs = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">"#
        for level in 1...9 {
            laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10) + "\">"
        }
        laughs += "]><FrameLayout \(android)>&lol9;</FrameLayout>"
        provider("laughs", layout: "laughs")
        folder.plant("app/src/main/res/layout/laughs.xml", Array(laughs.utf8))
        // 100,000 nested elements.
        provider("deep", layout: "deep")
        folder.plant("app/src/main/res/layout/deep.xml",
                     Array((String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)).utf8))
        // A drawable name that climbs out, to a file that is there to be found.
        folder.plant("secret.png", AndroidWidgetFixtures.png(4000, 4000))
        provider("climb", layout: "climb")
        folder.plant("app/src/main/res/layout/climb.xml",
                     Array("<ImageView \(android) android:src=\"@drawable/../../../../../secret\" />".utf8))
        // A layout including itself, and two including each other.
        provider("cycle", layout: "cycle_a")
        folder.plant("app/src/main/res/layout/cycle_a.xml",
                     Array("<FrameLayout \(android)><include layout=\"@layout/cycle_b\"/><include layout=\"@layout/cycle_a\"/></FrameLayout>".utf8))
        folder.plant("app/src/main/res/layout/cycle_b.xml",
                     Array("<FrameLayout \(android)><include layout=\"@layout/cycle_a\"/><ImageView android:src=\"@drawable/cover\"/></FrameLayout>".utf8))
        // Includes that double at every level (no cycle): 2^20 views if followed to the end.
        provider("doubling", layout: "double0")
        for level in 0..<20 {
            folder.plant("app/src/main/res/layout/double\(level).xml", Array(
                "<FrameLayout \(android)><include layout=\"@layout/double\(level + 1)\"/><include layout=\"@layout/double\(level + 1)\"/></FrameLayout>".utf8))
        }
        // Links out of the checked folder: a layout and a bitmap.
        let outside = try TemporaryDirectory()
        outside.plant("leak.xml", Array("<ImageView \(android) android:src=\"@drawable/cover\" />".utf8))
        outside.plant("big.png", AndroidWidgetFixtures.png(4000, 4000))
        provider("linked", layout: "linked")
        folder.symlink("app/src/main/res/layout/linked.xml", to: outside.file("leak.xml"))
        folder.makeDirectory("app/src/main/res/drawable-hdpi")
        folder.symlink("app/src/main/res/drawable-hdpi/cover.png", to: outside.file("big.png"))

        let start = ContinuousClock.now
        let scan = AndroidWidgetReader.read(root: folder.path)
        #expect(ContinuousClock.now - start < .seconds(20), "bounded work")
        func problems(_ file: String) -> [AndroidScanProblem.Reason] {
            scan.problems.filter { $0.file == res + "/" + file }.map(\.reason)
        }
        #expect(problems("layout/laughs.xml") == [.refusedXML(.documentType(line: 1))])
        #expect(problems("layout/deep.xml") == [.refusedXML(.tooDeep(limit: 128, line: 1))])
        #expect(problems("layout/climb.xml") == [.badResourceName("@drawable/../../../../../secret")])
        #expect(problems("layout/cycle_a.xml").contains(.includeCycle(["cycle_a", "cycle_a"])))
        #expect(problems("layout/cycle_b.xml").contains(.includeCycle(["cycle_a", "cycle_b", "cycle_a"])))
        // The walk goes depth first: it meets the include depth (16) on its first way down, then
        // the element budget (100,000 views) long before 2^20; each said once, not per include.
        let doubling = scan.problems.filter { $0.file.contains("/layout/double") }
        #expect(doubling.map(\.reason) == [.includesTooLarge("includes nested more than 16 deep"),
                                            .includesTooLarge("more than 100000 elements with what it includes")], "\(doubling)")
        #expect(problems("layout/linked.xml") == [.outsideRoot])
        #expect(problems("drawable-hdpi/cover.png") == [.outsideRoot])
        // Nothing outside was measured; the module's own widget is read as before.
        let drawn = scan.widgets.flatMap(\.bitmaps)
        #expect(!drawn.contains { $0.pixels == PixelSize(width: 4000, height: 4000) })
        #expect(!drawn.contains { $0.path.contains("secret") || $0.path.contains("hdpi/cover") && $0.density == .hdpi })
        #expect(scan.widgets.count == 7)
        let found = Self.findings(scan, under: res)
        #expect(Set(found.keys) == Set(AndroidWidgetFixtures.overSlot.keys), "\(found.keys.sorted())")
        // What check reports: a link out is not checked, like CheckInputs' own; every other
        // problem fails the run as unreadable; the module's four over-slot bitmaps are warnings.
        let checked = scan.checked()
        #expect(checked.unchecked.filter { $0.reason.contains("outside the checked folder") }.map(\.path).sorted()
                == [res + "/drawable-hdpi/cover.png", res + "/layout/linked.xml"])
        #expect(checked.findings.filter { $0.rule == "unreadable" }.count == scan.problems.count - 2)
        #expect(checked.findings.filter { $0.rule == "android-slot" }.count == 4)
        // 7 bitmaps of the fixture; nothing from outside.
        #expect(scan.bitmapFiles.count == 7)
        // Every reason reads as a sentence naming what was refused.
        for problem in scan.problems { #expect(!problem.description.isEmpty && !problem.description.contains("\u{1B}")) }
    }

    /// A folder that is not there, or holds no module, is said or found empty, never a crash.
    @Test func aRootWithoutResourcesIsEmpty() throws {
        let folder = try TemporaryDirectory()
        folder.plant("src/readme.txt", Array("x".utf8))
        let scan = AndroidWidgetReader.read(root: folder.path)
        #expect(scan.widgets.isEmpty && scan.problems.isEmpty && scan.resourceFolders.isEmpty)
        let missing = AndroidWidgetReader.read(root: folder.file("nowhere"))
        #expect(missing.problems.map(\.reason) == [.unreadable("no such folder")])
    }
}
