import Foundation
import Testing
import TestSupport
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// `ProjectReader` over repositories the tests write (`ProjectFixtures`): which targets are
/// widgets, their platforms, what they bundle and compile, and what it refuses to open.
@Suite struct ProjectReaderTests {
    typealias F = ProjectFixtures

    @Test func classicGroupsGiveTheWidgetsResourcesPhaseAndPlatforms() throws {
        let folder = try TemporaryDirectory()
        F.writeClassic(in: folder)
        let root = folder.path
        let scan = ProjectReader.read(root: root)
        #expect(scan.projectFiles == [root + "/App.xcodeproj/project.pbxproj"])
        #expect(scan.otherTargets == ["App"])
        let widget = try #require(scan.targets.first)
        #expect(scan.targets.count == 1)
        #expect(widget.name == "Widget Extension")
        #expect(widget.projectFile == root + "/App.xcodeproj/project.pbxproj")
        #expect(widget.platforms == [.iOS, .iPadOS])
        #expect(widget.platformEvidence == "SDKROOT = iphoneos (project), TARGETED_DEVICE_FAMILY = 1,2")
        #expect(widget.resources == [root + "/App/Assets.xcassets", root + "/Widget/Media.xcassets"])
        #expect(widget.sources == [root + "/Widget/Widget.swift", root + "/App/Shared.swift"])
        #expect(widget.missing == [root + "/Widget/Gone.xcassets"])
        #expect(widget.excluded.isEmpty)
        #expect(scan.problems.isEmpty, "\(scan.problems)")
    }

    @Test func synchronizedGroupsGiveTheOwnedFolderLessExceptionsPlusAddedFiles() throws {
        let folder = try TemporaryDirectory()
        F.writeSynchronized(in: folder)
        let root = folder.path
        let scan = ProjectReader.read(root: root)
        #expect(scan.targets.map(\.name) == ["Widget", "WatchWidget"])
        #expect(scan.otherTargets == ["App"])
        let widget = try #require(scan.targets.first { $0.name == "Widget" })
        #expect(widget.platforms == [.iOS, .iPadOS])
        #expect(widget.platformEvidence == "SDKROOT = iphoneos (Base.xcconfig), TARGETED_DEVICE_FAMILY = 1,2")
        #expect(widget.resources == [root + "/Widget"])
        #expect(widget.excluded == [root + "/Widget/Info.plist"])
        #expect(Set(widget.sources) == [root + "/Widget/Widget.swift", root + "/Widget/Views/Row.swift", root + "/App/Shared/Model.swift"])
        let watch = try #require(scan.targets.first { $0.name == "WatchWidget" })
        #expect(watch.platforms == [.watchOS])
        #expect(watch.platformEvidence.hasPrefix("SDKROOT = watchos"), "\(watch.platformEvidence)")
        #expect(watch.resources == [root + "/WatchWidget"])
        #expect(watch.sources == [root + "/WatchWidget/WatchWidget.swift"])
        #expect(scan.problems.isEmpty, "\(scan.problems)")
    }

    @Test func aRelativeRootNamesPathsUnderIt() throws {
        let folder = try TemporaryDirectory()
        F.writeClassic(in: folder, under: "repo")
        // `root/../root`: a relative spelling, kept as given in every path returned.
        let root = folder.path + "/repo/../repo"
        let scan = ProjectReader.read(root: root)
        #expect(scan.targets.first?.resources.first == root + "/App/Assets.xcassets")
    }

    @Test func xcodeGenTargetsFromIncludedFilesWithPathsRelativeToThem() throws {
        let folder = try TemporaryDirectory()
        folder.plant("project.yml", Array("""
            PREFIX: &PREFIX com.example   # an anchor, and a comment after it
            name: App
            settings:
              base:
                TARGETED_DEVICE_FAMILY: "1,2"
            include:
            - Widgets/target.yml
            - path: Watch/target.yml
            targets:
              App:
                type: application
                platform: iOS
                settings:
                  PRODUCT_BUNDLE_IDENTIFIER: *PREFIX
            """.utf8))
        folder.plant("Widgets/target.yml", Array("""
            ---
            targets:
              PhoneWidget:
                type: app-extension
                platform: iOS
                info:
                  path: Info.plist
                  properties:
                    NSExtension:
                      NSExtensionPointIdentifier: com.apple.widgetkit-extension
                    UIAppFonts: [A.ttf, "B.ttf"]
                settings:
                  base:
                    TARGETED_DEVICE_FAMILY: 1
                sources:
                  - path: Sources/
                    excludes:
                    - "*.entitlements"
                    - Info.plist
                resources:
                  - Resources
                  - path: ../Shared/Strings
            """.utf8))
        folder.plant("Widgets/Sources/W.swift", Array("struct W {}".utf8))
        folder.plant("Widgets/Sources/Deep/V.swift", Array("struct V {}".utf8))
        folder.plant("Widgets/Sources/Info.plist", F.infoPlist(extensionPoint: F.widgetPoint))
        folder.plant("Widgets/Resources/Assets.xcassets/Contents.json", Array("{}".utf8))
        folder.plant("Watch/target.yml", Array("""
            targets:
              WatchWidget:
                type: app-extension
                platform: [watchOS]
                info: {path: Info.plist}
                sources: [Code]
              Intents:
                type: app-extension
                platform: iOS
                info: {path: Intents.plist}
            """.utf8))
        folder.plant("Watch/Info.plist", F.infoPlist(extensionPoint: F.widgetPoint))
        folder.plant("Watch/Intents.plist", F.infoPlist(extensionPoint: "com.apple.intents-service"))
        folder.plant("Watch/Code/C.swift", Array("struct C {}".utf8))
        let root = folder.path
        let scan = ProjectReader.read(root: root)
        #expect(scan.projectFiles == [root + "/project.yml", root + "/Widgets/target.yml", root + "/Watch/target.yml"])
        #expect(Set(scan.otherTargets) == ["App", "Intents"])
        let phone = try #require(scan.targets.first { $0.name == "PhoneWidget" })
        #expect(phone.projectFile == root + "/Widgets/target.yml")
        #expect(phone.platforms == [.iOS], "the target's TARGETED_DEVICE_FAMILY over the project's")
        #expect(phone.resources == [root + "/Widgets/Sources", root + "/Widgets/Resources"])
        #expect(phone.excluded == [root + "/Widgets/Sources/Info.plist"])
        #expect(Set(phone.sources) == [root + "/Widgets/Sources/W.swift", root + "/Widgets/Sources/Deep/V.swift"])
        #expect(phone.missing == [root + "/Shared/Strings"])
        let watch = try #require(scan.targets.first { $0.name == "WatchWidget" })
        #expect(watch.platforms == [.watchOS])
        #expect(watch.sources == [root + "/Watch/Code/C.swift"])
        #expect(scan.problems.isEmpty, "\(scan.problems)")
    }

    /// After `xcodegen generate` the repository holds both: each target is read once, from the pbxproj.
    @Test func aTargetInTheGeneratedProjectIsNotReadAgainFromXcodeGen() throws {
        let folder = try TemporaryDirectory()
        F.writeClassic(in: folder)
        folder.plant("project.yml", Array("""
            targets:
              Widget Extension:
                type: app-extension
                platform: iOS
                info:
                  properties:
                    NSExtension: {NSExtensionPointIdentifier: com.apple.widgetkit-extension}
            """.utf8))
        let scan = ProjectReader.read(root: folder.path)
        #expect(scan.targets.map(\.projectFile) == [folder.file("App.xcodeproj/project.pbxproj")])
        #expect(scan.projectFiles.count == 2)
    }

    @Test(arguments: [
        ("targets:\n\tW:\n    type: app-extension\n", "line 2:"),
        ("targets:\n  W: {type: app-extension, info: {path: I.plist}}\n", "line 2:"),
        ("targets:\n  W:\n    type: \"app-extension\n", "line 3:"),
        ("targets:\n  W:\n    type: !!str app-extension\n", "line 3:"),
        ("a: 1\n   b: 2\n", "line 2:"),
        ("x: *nothing\n", "line 1:"),
    ])
    func yamlOutsideTheSubsetIsAProblemNamingTheLine(text: String, line: String) throws {
        let folder = try TemporaryDirectory()
        folder.plant("project.yml", Array(text.utf8))
        F.writeClassic(in: folder)
        let scan = ProjectReader.read(root: folder.path)
        let problem = try #require(scan.problems.first { $0.path == folder.file("project.yml") }, "\(scan.problems)")
        #expect(problem.reason.hasPrefix(line), "\(problem.reason)")
        #expect(scan.targets.map(\.name) == ["Widget Extension"], "the Xcode project is still read")
    }

    // MARK: hostile input

    @Test func deeplyNestedParenthesesAreRefusedBeforeParsing() throws {
        let folder = try TemporaryDirectory()
        F.writeClassic(in: folder)
        folder.plant("Deep.xcodeproj/project.pbxproj",
                     Array("{ objects = ".utf8) + [UInt8](repeating: UInt8(ascii: "("), count: 200_000) + Array("; }".utf8))
        let scan = ProjectReader.read(root: folder.path)
        let problem = try #require(scan.problems.first { $0.path == folder.file("Deep.xcodeproj/project.pbxproj") })
        #expect(problem.reason.contains("nested more than"), "\(problem.reason)")
        #expect(scan.targets.map(\.name) == ["Widget Extension"], "the other project is still read")
    }

    /// The same bound for an Info.plist in XML and for YAML: the widget's Info.plist nested
    /// 200,000 arrays deep is refused (the target is then judged by whether it links WidgetKit),
    /// and so is a project.yml nested past the YAML reader's depth.
    @Test func deeplyNestedInfoPlistAndYAMLAreRefused() throws {
        let folder = try TemporaryDirectory()
        F.writeClassic(in: folder)
        folder.plant("Widget/Info.plist", Array("<?xml version=\"1.0\"?><plist><dict><key>NSExtension</key>".utf8)
            + Array(String(repeating: "<array>", count: 100_000).utf8))
        folder.plant("project.yml", Array((0..<200).map { String(repeating: " ", count: $0 * 2) + "k\($0):" }.joined(separator: "\n").utf8))
        let scan = ProjectReader.read(root: folder.path)
        let plist = try #require(scan.problems.first { $0.path == folder.file("Widget/Info.plist") }, "\(scan.problems)")
        #expect(plist.reason.contains("nested more than"), "\(plist.reason)")
        #expect(scan.targets.isEmpty, "no Info.plist to read and no WidgetKit linked: not taken as a widget")
        let yaml = try #require(scan.problems.first { $0.path == folder.file("project.yml") }, "\(scan.problems)")
        #expect(yaml.reason.contains("nested more than"), "\(yaml.reason)")
    }

    @Test func aTruncatedProjectIsAProblem() throws {
        let folder = try TemporaryDirectory()
        F.writeClassic(in: folder)
        let whole = try #require(folder.read("App.xcodeproj/project.pbxproj"))
        folder.plant("App.xcodeproj/project.pbxproj", Array(whole.prefix(whole.count / 2)))
        let scan = ProjectReader.read(root: folder.path)
        #expect(scan.targets.isEmpty)
        #expect(scan.projectFiles.isEmpty)
        #expect(scan.problems.map(\.path) == [folder.file("App.xcodeproj/project.pbxproj")], "\(scan.problems)")
    }

    /// A resource climbing out with `..`, an absolute one, one in the SDK and a catalog that is
    /// a link to a folder outside the root: none listed, each a problem.
    @Test func pathsLeadingOutOfTheRootAreNotListed() throws {
        let folder = try TemporaryDirectory()
        folder.plant("outside/Secret.xcassets/Contents.json", Array("{}".utf8))
        folder.plant("repo/Widget/Info.plist", F.infoPlist(extensionPoint: F.widgetPoint))
        folder.symlink("repo/Widget/Linked.xcassets", to: folder.file("outside/Secret.xcassets"))
        let objects: [(String, String)] = [
            ("PROJECT", "isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = (WIDGETT);"),
            ("MAIN", #"isa = PBXGroup; children = (GWIDGET); sourceTree = "<group>";"#),
            ("GWIDGET", #"isa = PBXGroup; children = (FUP, FABS, FSDK, FLINK); path = Widget; sourceTree = "<group>";"#),
            ("FUP", #"isa = PBXFileReference; path = ../../etc/passwd; sourceTree = "<group>";"#),
            ("FABS", #"isa = PBXFileReference; path = /etc/hosts; sourceTree = "<absolute>";"#),
            ("FSDK", "isa = PBXFileReference; path = System/Library/Frameworks/WidgetKit.framework; sourceTree = SDKROOT;"),
            ("FLINK", #"isa = PBXFileReference; path = Linked.xcassets; sourceTree = "<group>";"#),
            ("WIDGETT", #"isa = PBXNativeTarget; buildConfigurationList = WLIST; buildPhases = (WRES); name = W; productType = "com.apple.product-type.app-extension";"#),
            ("WRES", "isa = PBXResourcesBuildPhase; files = (B1, B2, B3, B4);"),
            ("B1", "isa = PBXBuildFile; fileRef = FUP;"),
            ("B2", "isa = PBXBuildFile; fileRef = FABS;"),
            ("B3", "isa = PBXBuildFile; fileRef = FSDK;"),
            ("B4", "isa = PBXBuildFile; fileRef = FLINK;"),
        ] + F.configurations("PLIST", "SDKROOT = iphoneos;") + F.configurations("WLIST", "INFOPLIST_FILE = Widget/Info.plist;")
        folder.plant("repo/W.xcodeproj/project.pbxproj", F.pbxproj(objectVersion: 54, objects))
        let scan = ProjectReader.read(root: folder.file("repo"))
        let widget = try #require(scan.targets.first)
        #expect(widget.resources.isEmpty && widget.missing.isEmpty, "\(widget.resources) \(widget.missing)")
        #expect(widget.platforms == [.iOS], "no TARGETED_DEVICE_FAMILY: Xcode's default, iPhone")
        let reasons = scan.problems.map(\.reason)
        #expect(reasons.contains { $0.contains("outside the checked folder") && $0.contains("../../etc/passwd") }, "\(reasons)")
        #expect(reasons.contains { $0.contains("absolute path") }, "\(reasons)")
        #expect(reasons.contains { $0.contains("SDKROOT") }, "\(reasons)")
        #expect(scan.problems.contains { $0.path == folder.file("repo/Widget/Linked.xcassets") && $0.reason.contains("link") }, "\(reasons)")
    }

    /// Groups that contain each other: the file's path is refused, once, with the group's name
    /// escaped; the read ends.
    @Test func aGroupCycleIsRefused() throws {
        let folder = try TemporaryDirectory()
        folder.plant("Widget/Info.plist", F.infoPlist(extensionPoint: F.widgetPoint))
        let objects: [(String, String)] = [
            ("PROJECT", "isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = (WIDGETT);"),
            ("MAIN", #"isa = PBXGroup; children = (); sourceTree = "<group>";"#),
            ("GA", #"isa = PBXGroup; children = (GB); name = "A\033[31m"; path = A; sourceTree = "<group>";"#),
            ("GB", #"isa = PBXGroup; children = (GA, FILE); path = B; sourceTree = "<group>";"#),
            ("FILE", #"isa = PBXFileReference; path = Media.xcassets; sourceTree = "<group>";"#),
            ("WIDGETT", #"isa = PBXNativeTarget; buildConfigurationList = WLIST; buildPhases = (WRES); name = W; productType = "com.apple.product-type.app-extension";"#),
            ("WRES", "isa = PBXResourcesBuildPhase; files = (B1);"),
            ("B1", "isa = PBXBuildFile; fileRef = FILE;"),
        ] + F.configurations("PLIST", "SDKROOT = iphoneos;") + F.configurations("WLIST", "INFOPLIST_FILE = Widget/Info.plist;")
        folder.plant("W.xcodeproj/project.pbxproj", F.pbxproj(objectVersion: 54, objects))
        let scan = ProjectReader.read(root: folder.path)
        let widget = try #require(scan.targets.first)
        #expect(widget.resources.isEmpty && widget.missing.isEmpty)
        let loops = scan.problems.filter { $0.reason.contains("loops") }
        #expect(loops.count == 1, "\(scan.problems)")
        #expect(!scan.problems.contains { $0.reason.unicodeScalars.contains { DisplayText.controlsTerminal($0) } }, "\(scan.problems)")
    }

    @Test func withoutAnInfoPlistAnExtensionLinkingWidgetKitIsAWidget() throws {
        let folder = try TemporaryDirectory()
        let objects: [(String, String)] = [
            ("PROJECT", "isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = (WIDGETT, OTHERT);"),
            ("MAIN", #"isa = PBXGroup; children = (FKIT); sourceTree = "<group>";"#),
            ("FKIT", "isa = PBXFileReference; name = WidgetKit.framework; path = System/Library/Frameworks/WidgetKit.framework; sourceTree = SDKROOT;"),
            ("WIDGETT", #"isa = PBXNativeTarget; buildConfigurationList = WLIST; buildPhases = (WFW); name = W; productType = "com.apple.product-type.app-extension";"#),
            ("WFW", "isa = PBXFrameworksBuildPhase; files = (B1);"),
            ("B1", "isa = PBXBuildFile; fileRef = FKIT;"),
            ("OTHERT", #"isa = PBXNativeTarget; buildConfigurationList = WLIST; buildPhases = (); name = Share; productType = "com.apple.product-type.app-extension";"#),
        ] + F.configurations("PLIST", "SDKROOT = xros;") + F.configurations("WLIST", "")
        folder.plant("W.xcodeproj/project.pbxproj", F.pbxproj(objectVersion: 54, objects))
        let scan = ProjectReader.read(root: folder.path)
        #expect(scan.targets.map(\.name) == ["W"])
        #expect(scan.targets.first?.platforms == [.visionOS])
        #expect(scan.otherTargets == ["Share"])
    }

    @Test func platformsFromTheSettings() {
        typealias S = TargetPlatforms.Setting
        func platforms(_ settings: [String: String]) -> [Platform] {
            TargetPlatforms.platforms(settings.mapValues { S(value: $0, source: "target") }).platforms
        }
        #expect(platforms(["SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "1,2,6,7"]) == [.iOS, .iPadOS, .macOS, .visionOS])
        #expect(platforms(["SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "2"]) == [.iPadOS])
        #expect(platforms(["SDKROOT": "macosx"]) == [.macOS])
        #expect(platforms(["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx", "TARGETED_DEVICE_FAMILY": "1"]) == [.iOS, .macOS])
        #expect(platforms(["SDKROOT": "appletvos"]) == [])
    }
}
