/// What `check` made of one widget target, for the report: where its platforms and families
/// came from and how many of its images it checked, so a developer sees what was judged and why.
public struct CheckedTarget: Sendable, Encodable, Equatable {
    /// The target's name.
    public var name: String
    /// The project file that declares it.
    public var projectFile: String
    /// Its platforms.
    public var platforms: [Platform]
    /// The settings they came from.
    public var platformEvidence: String
    /// The families checked.
    public var families: [WidgetFamily]
    /// Where they came from (the code's `supportedFamilies`, the platform's, the config, the command).
    public var familiesEvidence: String
    /// Images checked (bundled and named by the code, or possibly drawn through a name read at
    /// run time).
    public var images: Int
    /// Bundled images that no code of the target names (notes, not checked).
    public var unnamed: Int
    /// Bundled paths the project names that are not on disk.
    public var missing: [String]

    /// A target's summary.
    public init(name: String, projectFile: String, platforms: [Platform], platformEvidence: String, families: [WidgetFamily],
                familiesEvidence: String, images: Int, unnamed: Int, missing: [String]) {
        self.name = name
        self.projectFile = projectFile
        self.platforms = platforms
        self.platformEvidence = platformEvidence
        self.families = families
        self.familiesEvidence = familiesEvidence
        self.images = images
        self.unnamed = unnamed
        self.missing = missing
    }

    /// `widget target NAME (PROJECT): iOS, iPadOS (SDKROOT = ...); families ... (from ...); N image(s) checked, M not named by its code`.
    public var line: String {
        "widget target \(DisplayText.escaped(name)) (\(DisplayText.escaped(projectFile))): "
            + "\(platforms.map(\.rawValue).joined(separator: ", "))"
            + (platformEvidence.isEmpty ? "" : " (\(DisplayText.guarded(platformEvidence)))")
            + "; families \(families.isEmpty ? "none" : families.map(\.shortName).joined(separator: ", "))"
            + " (\(DisplayText.guarded(familiesEvidence)))"
            + "; \(images) image(s) checked, \(unnamed) bundled but not named by its code"
            + (missing.isEmpty ? "" : "; \(missing.count) bundled path(s) not on disk")
    }
}
