/// A widget extension target as its project describes it: found by the engine's project
/// readers (an Xcode `project.pbxproj`, an XcodeGen `project.yml`), so `check .` on an app
/// checks what the widget bundles, on its platforms, and nothing else.
public struct WidgetTarget: Sendable, Equatable {
    /// The target's name in the project.
    public var name: String
    /// The project file that declares it (`X.xcodeproj/project.pbxproj`, `project.yml`, a
    /// `target.yml`), as a path `check` was given or found.
    public var projectFile: String
    /// The platforms it builds for (`SDKROOT`, `SUPPORTED_PLATFORMS`, `TARGETED_DEVICE_FAMILY`;
    /// XcodeGen's `platform`): an iOS widget for `"1,2"` is drawn on iPhone and iPad.
    public var platforms: [Platform]
    /// The settings the platforms were read from, for the summary (`SDKROOT = iphoneos, ...`).
    public var platformEvidence: String
    /// What it bundles: files and folders (asset catalogs among them) from its resources build
    /// phase, its file-system-synchronized groups or XcodeGen's `resources`, as paths under the
    /// checked folder. A folder holds every file under it but `excluded`.
    public var resources: [String]
    /// Paths under a bundled folder that the target leaves out (a synchronized group's
    /// membership exceptions).
    public var excluded: [String]
    /// The Swift files it compiles (its own and those shared from other targets' folders).
    public var sources: [String]
    /// Resources or sources the project names that are not on disk (said once, never an error).
    public var missing: [String]

    /// A target; every list empty unless given.
    public init(name: String, projectFile: String, platforms: [Platform], platformEvidence: String = "",
                resources: [String] = [], excluded: [String] = [], sources: [String] = [], missing: [String] = []) {
        self.name = name
        self.projectFile = projectFile
        self.platforms = platforms
        self.platformEvidence = platformEvidence
        self.resources = resources
        self.excluded = excluded
        self.sources = sources
        self.missing = missing
    }
}
