import Foundation
import TestSupport

/// Small app repositories written by the tests: Xcode projects in the old-style text format
/// (as Xcode writes `project.pbxproj`), Info.plists and XcodeGen files.
enum ProjectFixtures {
    /// A `project.pbxproj` with `objects` (identifier, then the body between the braces) and
    /// `PROJECT` as its root object.
    static func pbxproj(objectVersion: Int, _ objects: [(String, String)]) -> [UInt8] {
        let body = objects.map { "\t\t\($0.0) = {\($0.1)};" }.joined(separator: "\n")
        return Array("""
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = \(objectVersion);
            \tobjects = {
            \(body)
            \t};
            \trootObject = PROJECT /* Project object */;
            }

            """.utf8)
    }

    /// An XML Info.plist declaring `extensionPoint`.
    static func infoPlist(extensionPoint: String) -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>NSExtension</key>
            \t<dict>
            \t\t<key>NSExtensionPointIdentifier</key>
            \t\t<string>\(extensionPoint)</string>
            \t</dict>
            </dict>
            </plist>

            """.utf8)
    }

    static let widgetPoint = "com.apple.widgetkit-extension"

    /// A configuration list `id` with one Release configuration `id`C of `settings`.
    static func configurations(_ id: String, _ settings: String, base: String = "") -> [(String, String)] {
        [(id, "isa = XCConfigurationList; buildConfigurations = (\(id)C); defaultConfigurationName = Release;"),
         (id + "C", "isa = XCBuildConfiguration; \(base) buildSettings = {\(settings)}; name = Release;")]
    }

    /// Classic groups (objectVersion 54): an app and an iOS widget extension whose resources
    /// phase bundles the app's catalog and its own, one resource named but not on disk.
    static func writeClassic(in folder: TemporaryDirectory, under prefix: String = "") {
        let p = prefix.isEmpty ? "" : prefix + "/"
        folder.plant(p + "App/Assets.xcassets/Contents.json", Array(#"{"info": {"version": 1}}"#.utf8))
        folder.plant(p + "App/AppMain.swift", Array("@main struct A {}".utf8))
        folder.plant(p + "App/Shared.swift", Array("struct S {}".utf8))
        folder.plant(p + "Widget/Media.xcassets/Contents.json", Array(#"{"info": {"version": 1}}"#.utf8))
        folder.plant(p + "Widget/Widget.swift", Array("struct W {}".utf8))
        folder.plant(p + "Widget/Info.plist", infoPlist(extensionPoint: widgetPoint))
        folder.plant(p + "App/Info.plist", Array("{}".utf8))
        let objects: [(String, String)] = [
            ("PROJECT", "isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = (APPT, WIDGETT);"),
            ("MAIN", #"isa = PBXGroup; children = (GAPP, GWIDGET); sourceTree = "<group>";"#),
            ("GAPP", #"isa = PBXGroup; children = (FASSETS, FMAIN, FSHARED); path = App; sourceTree = "<group>";"#),
            ("GWIDGET", #"isa = PBXGroup; children = (FMEDIA, FWIDGET, FGONE); path = Widget; sourceTree = "<group>";"#),
            ("FASSETS", #"isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>";"#),
            ("FMAIN", #"isa = PBXFileReference; path = AppMain.swift; sourceTree = "<group>";"#),
            ("FSHARED", #"isa = PBXFileReference; path = Shared.swift; sourceTree = "<group>";"#),
            ("FMEDIA", #"isa = PBXFileReference; path = Media.xcassets; sourceTree = "<group>";"#),
            ("FWIDGET", #"isa = PBXFileReference; path = Widget.swift; sourceTree = "<group>";"#),
            ("FGONE", #"isa = PBXFileReference; path = Gone.xcassets; sourceTree = "<group>";"#),
            ("APPT", #"isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (ARES, ASRC); name = App; productType = "com.apple.product-type.application";"#),
            ("ARES", "isa = PBXResourcesBuildPhase; files = (B1);"),
            ("B1", "isa = PBXBuildFile; fileRef = FASSETS;"),
            ("ASRC", "isa = PBXSourcesBuildPhase; files = (B2, B3);"),
            ("B2", "isa = PBXBuildFile; fileRef = FMAIN;"),
            ("B3", "isa = PBXBuildFile; fileRef = FSHARED;"),
            ("WIDGETT", #"isa = PBXNativeTarget; buildConfigurationList = WLIST; buildPhases = (WRES, WSRC); name = "Widget Extension"; productType = "com.apple.product-type.app-extension";"#),
            ("WRES", "isa = PBXResourcesBuildPhase; files = (B4, B5, B6);"),
            ("B4", "isa = PBXBuildFile; fileRef = FASSETS;"),
            ("B5", "isa = PBXBuildFile; fileRef = FMEDIA;"),
            ("B6", "isa = PBXBuildFile; fileRef = FGONE;"),
            ("WSRC", "isa = PBXSourcesBuildPhase; files = (B7, B8);"),
            ("B7", "isa = PBXBuildFile; fileRef = FWIDGET;"),
            ("B8", "isa = PBXBuildFile; fileRef = FSHARED;"),
        ] + configurations("PLIST", "SDKROOT = iphoneos;")
          + configurations("ALIST", #"INFOPLIST_FILE = App/Info.plist; TARGETED_DEVICE_FAMILY = "1,2,6";"#)
          + configurations("WLIST", #"INFOPLIST_FILE = "Widget/Info.plist"; TARGETED_DEVICE_FAMILY = "1,2";"#)
        folder.plant(p + "App.xcodeproj/project.pbxproj", pbxproj(objectVersion: 54, objects))
    }

    /// File-system-synchronized groups (objectVersion 77): the widget owns its folder less its
    /// Info.plist and compiles one of the app's files; a watchOS widget; the project's SDKROOT
    /// from an xcconfig attached with Xcode 16's anchor, through an `#include`.
    static func writeSynchronized(in folder: TemporaryDirectory) {
        folder.plant("Config/Project.xcconfig", Array("#include \"Base.xcconfig\"\n// a comment\nOTHER = 1\n".utf8))
        folder.plant("Config/Base.xcconfig", Array("SDKROOT = iphoneos // the iOS SDK\nSDKROOT[sdk=macosx*] = macosx\n".utf8))
        folder.plant("App/AppMain.swift", Array("@main struct A {}".utf8))
        folder.plant("App/Shared/Model.swift", Array("struct M {}".utf8))
        folder.plant("Widget/Info.plist", infoPlist(extensionPoint: widgetPoint))
        folder.plant("Widget/Widget.swift", Array("struct W {}".utf8))
        folder.plant("Widget/Views/Row.swift", Array("struct R {}".utf8))
        folder.plant("Widget/Assets.xcassets/Contents.json", Array(#"{"info": {"version": 1}}"#.utf8))
        folder.plant("WatchWidget/Info.plist", infoPlist(extensionPoint: widgetPoint))
        folder.plant("WatchWidget/WatchWidget.swift", Array("struct V {}".utf8))
        let objects: [(String, String)] = [
            ("PROJECT", "isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = (APPT, WIDGETT, WATCHT);"),
            ("MAIN", #"isa = PBXGroup; children = (SCONFIG, SAPP, SWIDGET, SWATCH); sourceTree = "<group>";"#),
            ("SCONFIG", #"isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = "<group>";"#),
            ("SAPP", #"isa = PBXFileSystemSynchronizedRootGroup; exceptions = (XAPPW); path = App; sourceTree = "<group>";"#),
            ("SWIDGET", #"isa = PBXFileSystemSynchronizedRootGroup; exceptions = (XWIDGET); path = Widget; sourceTree = "<group>";"#),
            ("SWATCH", #"isa = PBXFileSystemSynchronizedRootGroup; path = WatchWidget; sourceTree = "<group>";"#),
            ("XAPPW", "isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Shared/Model.swift); target = WIDGETT;"),
            ("XWIDGET", "isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist); target = WIDGETT;"),
            ("APPT", #"isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (); fileSystemSynchronizedGroups = (SAPP); name = App; productType = "com.apple.product-type.application";"#),
            ("WIDGETT", #"isa = PBXNativeTarget; buildConfigurationList = WLIST; buildPhases = (WRES); fileSystemSynchronizedGroups = (SWIDGET); name = Widget; productType = "com.apple.product-type.app-extension";"#),
            ("WRES", "isa = PBXResourcesBuildPhase; files = ();"),
            ("WATCHT", #"isa = PBXNativeTarget; buildConfigurationList = VLIST; buildPhases = (); fileSystemSynchronizedGroups = (SWATCH); name = WatchWidget; productType = "com.apple.product-type.app-extension";"#),
        ] + configurations("PLIST", "", base: "baseConfigurationReferenceAnchor = SCONFIG; baseConfigurationReferenceRelativePath = Project.xcconfig;")
          + configurations("ALIST", "TARGETED_DEVICE_FAMILY = 1;")
          + configurations("WLIST", #"INFOPLIST_FILE = Widget/Info.plist; TARGETED_DEVICE_FAMILY = "1,2";"#)
          + configurations("VLIST", #"INFOPLIST_FILE = "$(SRCROOT)/WatchWidget/Info.plist"; SDKROOT = watchos; TARGETED_DEVICE_FAMILY = 4;"#)
        folder.plant("Sync.xcodeproj/project.pbxproj", pbxproj(objectVersion: 77, objects))
    }
}
