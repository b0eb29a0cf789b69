/// What `check` knows of one image before any rule looks at it: read from the file's header
/// (and, with `--appearance`, from its pixels) by the engine, so the rules never open a file.
public struct ImageFacts: Sendable {
    /// The path as given or found (relative when the input was).
    public var path: String
    /// The upright size (EXIF orientation applied).
    public var size: PixelSize
    /// The file's size in bytes.
    public var fileBytes: Int
    /// What a pixel takes once decoded (`BitmapCost.bytesPerPixel`).
    public var bytesPerPixel: Int
    /// 1, 2 or 3 from an image set's Contents.json; nil: a single-scale image.
    public var scale: Int?
    /// The device scales that draw this variant (an image set's variant for each scale, or the
    /// nearest one where the set has none); nil: every scale.
    public var drawnAtScales: [Int]?
    /// The platforms an image set's idiom limits it to (empty: all).
    public var platforms: [Platform]
    /// The asset set's folder, for the config's families (nil outside a catalog).
    public var assetSet: String?
    /// The rendering-mode warnings per family, when the pixels were measured (`--appearance`).
    public var appearance: [WidgetFamily: [String]]?
    /// Said with the memory finding (a container's revision).
    public var note: String?
    /// How big it is drawn: in a plain folder, as filling the slot (what `undersized` always
    /// assumed); in a project, what the widget's code or the config says, else `.unknown`.
    public var drawn: DrawnRole
    /// Where `drawn` comes from (`code: File.swift:12`, `config`), said with an undersized finding.
    public var drawnEvidence: String?
    /// No code names it, but a name read at run time may be it: each finding is a level
    /// quieter (an error a warning, a warning a note), since nothing shows it is drawn.
    public var mayNotBeDrawn = false

    /// The facts of one image; the optional ones default to "not from an asset catalog, not
    /// measured".
    public init(path: String, size: PixelSize, fileBytes: Int, bytesPerPixel: Int = 4, scale: Int? = nil,
                drawnAtScales: [Int]? = nil, platforms: [Platform] = [], assetSet: String? = nil,
                appearance: [WidgetFamily: [String]]? = nil, note: String? = nil, drawn: DrawnRole = .fillsSlot,
                drawnEvidence: String? = nil) {
        self.path = path
        self.size = size
        self.fileBytes = fileBytes
        self.bytesPerPixel = bytesPerPixel
        self.scale = scale
        self.drawnAtScales = drawnAtScales ?? scale.map { [$0] }
        self.platforms = platforms
        self.assetSet = assetSet
        self.appearance = appearance
        self.note = note
        self.drawn = drawn
        self.drawnEvidence = drawnEvidence
    }
}
