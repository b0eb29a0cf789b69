/// What a widget target's Swift sources say about its images, read as text by
/// `WidgetSourceScan` (best effort, never compiled): the families its configurations declare
/// and the assets its code draws, each with how it is drawn.
public struct WidgetCode: Sendable, Equatable {
    /// The union of the families the configurations declare; nil when some configuration's
    /// families could not be read (a value computed at run time), or none declares any: then
    /// the platform's families (`Platform.defaultWidgetFamilies`) are checked.
    public var families: [WidgetFamily]?
    /// Where the families were read, or why they could not be (for the summary).
    public var familiesEvidence: String
    /// The assets the code names, each with where and how it is drawn.
    public var assets: [AssetUse]
    /// Image calls whose name could not be resolved to a literal (`Image(name)` with `name` read
    /// at run time): any asset the target bundles may be drawn there.
    public var unresolvedNames: [CodeLocation]

    /// What was found.
    public init(families: [WidgetFamily]?, familiesEvidence: String, assets: [AssetUse] = [],
                unresolvedNames: [CodeLocation] = []) {
        self.families = families
        self.familiesEvidence = familiesEvidence
        self.assets = assets
        self.unresolvedNames = unresolvedNames
    }
}

/// A place in a source file.
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as the engine read it.
    public var file: String
    /// 1-based.
    public var line: Int

    /// A location.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}

/// One use of an asset in the code.
public struct AssetUse: Sendable, Equatable {
    /// How the code names the asset.
    public enum Name: Sendable, Hashable {
        /// A string: `Image("x")`, `UIImage(named: "x")`, or a constant or enum case holding one.
        case string(String)
        /// A generated asset symbol: `Image(.noPodcastArtwork)`, `ImageResource.x` (match with
        /// `AssetSymbol.name(for:)`).
        case symbol(String)
    }

    /// The name.
    public var name: Name
    /// Where.
    public var location: CodeLocation
    /// How it is drawn there.
    public var role: DrawnRole

    /// A use.
    public init(name: Name, location: CodeLocation, role: DrawnRole) {
        self.name = name
        self.location = location
        self.role = role
    }
}

/// How big an image is drawn: what `undersized` compares its pixels with.
public enum DrawnRole: Sendable, Equatable {
    /// It fills the widget's slot: a background (`containerBackground`, `.background`), or the
    /// config says so.
    case fillsSlot
    /// The code gives its frame in points next to it (`.frame(width:height:)`; a missing side
    /// is nil).
    case framed(width: Double?, height: Double?)
    /// Nothing says: never called undersized.
    case unknown
}
