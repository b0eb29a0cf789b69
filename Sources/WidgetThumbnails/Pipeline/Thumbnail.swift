/// A finished thumbnail: encoded bytes ready to publish, and everything the report says
/// about them.
public struct Thumbnail: Sendable {
    /// What a snapshot store commits: the encoded bytes, their format, pixel size and checksum,
    /// fixed together (the checksum cannot drift from the bytes).
    public let storedImage: StoredImage
    /// The encoded file (JPEG, WebP or PNG), with no EXIF/XMP and no orientation tag.
    public var bytes: [UInt8] { storedImage.bytes }
    /// The encoded format.
    public var format: StoredFormat { storedImage.format }
    /// Upright pixel size.
    public var size: PixelSize { storedImage.pixelSize }
    /// The encoder quality used (nil for PNG, which is lossless): whole for JPEG, in quarter
    /// steps for WebP when the byte budget refined it.
    public var quality: Double?
    /// The encoder effort used (nil for PNG, which has none).
    public var effort: EncodeEffort?
    /// How many encodes the byte budget took (1 in the common case).
    public var encodeCount: Int
    /// SHA-256 of `bytes`.
    public var checksum: SHA256Digest { storedImage.checksum }
    /// What was done to the colour (kept, converted, embedded).
    public var colorHandling: ColorHandling
    /// Bytes a widget's renderer allocates per pixel: 4, or 8 for wide-colour output.
    public var renderBytesPerPixel: Int
    /// The devices the render cost is for (the options' chosen devices).
    public var renderDevices: [DeviceClass]
    /// The render cost per widget family and device, built when asked: it is a few hundred
    /// records, and a batch that prints none of them never builds them.
    public var renderCost: RenderCost { RenderCost(size: size, bytesPerPixel: renderBytesPerPixel, devices: renderDevices) }
    /// What the probe learnt about the original (format, stored size, orientation, profile).
    public var source: ImageInfo
    /// Every encode the byte-budget search made, in order; `bytes` is the one at `size` and
    /// `quality` that fits (the search may end on an encode one step higher, over the cap).
    public var attempts: [EncodeAttempt]
    /// How long each stage took.
    public var timings: StageTimings
    /// The widget family the thumbnail was made for (`ThumbnailOptions.family`), or nil.
    public var family: WidgetFamily?
    /// For a `.cover` thumbnail, the window of the upright original it shows (in the
    /// original's pixels); nil for `.contain`, which shows it all.
    public var crop: PixelRect?
    /// What WidgetKit's rendering modes do to it, with warnings; nil where it was not measured
    /// (a `Thumbnail` made by hand).
    public var appearance: RenderAppearance?
    /// For a HEIF original, which image the thumbnail was made from (the primary, or an
    /// embedded thumbnail and why) and whether HEVC's in-loop filters ran. Nil for other formats.
    public var heif: HEIFDecodeResult?
    /// What the decoder found wrong with the input and decoded around (`DecodeSession.damage`:
    /// a truncated JPEG, its missing part grey); nil for a clean decode. Reports print it with
    /// `InputDamage.message`.
    public var damage: String?

    /// `heif.image`, where this fact lived before it moved to HEIF's result.
    @available(*, deprecated, renamed: "heif.image")
    public var heifImage: HEIFImageChoice? { heif?.image }

    /// `heif.loopFilters`, where this fact lived before it moved to HEIF's result.
    @available(*, deprecated, renamed: "heif.loopFilters")
    public var hevcLoopFilters: HEVCLoopFilters? { heif?.loopFilters }

    /// A thumbnail of encoded `bytes`; the checksum is computed here, once. (The HEIF facts
    /// were parameters of their own, `heifImage` and `hevcLoopFilters`, before they moved to `heif`.)
    public init(bytes: [UInt8], format: StoredFormat, size: PixelSize, quality: Double?, effort: EncodeEffort? = nil,
                encodeCount: Int,
                colorHandling: ColorHandling, renderBytesPerPixel: Int = 4, source: ImageInfo,
                attempts: [EncodeAttempt] = [], timings: StageTimings = StageTimings(),
                heif: HEIFDecodeResult? = nil,
                renderDevices: [DeviceClass] = WidgetCatalog.builtIn.currentDevices) {
        storedImage = StoredImage(bytes: bytes, format: format, pixelSize: size)
        self.quality = quality
        self.effort = effort
        self.encodeCount = encodeCount
        self.colorHandling = colorHandling
        self.renderBytesPerPixel = renderBytesPerPixel
        self.source = source
        self.attempts = attempts
        self.timings = timings
        self.heif = heif
        self.renderDevices = renderDevices
    }
}
