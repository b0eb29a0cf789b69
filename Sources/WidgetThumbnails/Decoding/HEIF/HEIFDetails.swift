/// What a HEIF file holds beyond `ImageInfo`'s common facts: the geometry libheif applies, the
/// EXIF orientation it does not, the embedded and auxiliary images, and where the colour comes
/// from. `inspect` prints all of it.
public struct HEIFDetails: Sendable, Equatable {
    /// Where the primary image's colour description comes from.
    public enum ColourSource: String, Sendable, Codable {
        /// None: sRGB by convention.
        case none
        /// An ICC profile (`prof` or `rICC`), used as for JPEG and PNG.
        case icc
        /// An `nclx` box only.
        case nclx
        /// Both: the ICC profile wins (libheif does the same); nclx still gives the YCbCr matrix.
        case iccAndNCLX
    }

    /// The `ftyp` major brand ("heic", "heix", "mif1", "avif", ...).
    public var brand: String
    /// The primary item's coded type: "hvc1" (HEVC), "av01" (AV1), "grid" (tiles), ...
    public var primaryType: String?
    /// Tiles of a grid primary (0 when it is not a grid).
    public var gridTiles: Int
    /// Whether the primary's pixels are HEVC-coded (an hvc1 item, or a grid of them), so
    /// `HEVCLoopFilterPolicy` applies to it.
    public var primaryIsHEVC: Bool
    /// The primary as stored (`ispe`), before its transforms.
    public var storedSize: PixelSize
    /// The primary's `irot`, `imir` and `clap` properties, in order. libheif applies them once;
    /// `ImageInfo.size` is the result and `ImageInfo.orientation` stays `.up`.
    public var transforms: [HEIFTransform]
    /// The orientation tag of the file's EXIF block, when it has one. Never applied: phones
    /// write it beside `irot`, and applying both would turn the picture twice.
    public var exifOrientation: EXIFOrientation?
    /// Thumbnails of the primary (the first few, largest first as listed).
    public var thumbnails: [HEIFEmbeddedImage]
    /// Top-level images in the file, the primary among them (bursts, stereo pairs): only the
    /// primary is decoded.
    public var topLevelImages: Int
    /// Depth maps of the primary: listed, never decoded.
    public var depthImages: Int
    /// Auxiliary images of the primary other than depth and alpha (gain maps, portrait mattes,
    /// ...): listed, never decoded.
    public var otherAuxiliaryImages: Int
    /// Where the primary's colour description comes from.
    public var colourSource: ColourSource
    /// The primary's `nclx` colour description, when it has one.
    public var nclx: NCLXColour?

    /// Memberwise: each parameter sets the property of the same name.
    public init(brand: String, primaryType: String?, gridTiles: Int, primaryIsHEVC: Bool, storedSize: PixelSize,
                transforms: [HEIFTransform], exifOrientation: EXIFOrientation?, thumbnails: [HEIFEmbeddedImage],
                topLevelImages: Int, depthImages: Int, otherAuxiliaryImages: Int,
                colourSource: ColourSource, nclx: NCLXColour?) {
        self.brand = brand
        self.primaryType = primaryType
        self.gridTiles = gridTiles
        self.primaryIsHEVC = primaryIsHEVC
        self.storedSize = storedSize
        self.transforms = transforms
        self.exifOrientation = exifOrientation
        self.thumbnails = thumbnails
        self.topLevelImages = topLevelImages
        self.depthImages = depthImages
        self.otherAuxiliaryImages = otherAuxiliaryImages
        self.colourSource = colourSource
        self.nclx = nclx
    }
}
