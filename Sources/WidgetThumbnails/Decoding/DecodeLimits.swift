/// Hard limits checked from the header before anything large is allocated, in 64-bit
/// arithmetic. A refused input costs milliseconds and megabytes.
public struct DecodeLimits: Sendable, Equatable {
    /// Most pixels (width x height) an input may declare. Default 134,217,728 (128 Mi px):
    /// room for 108 MP phone photos (12000x9000), which is 432 MB as RGBA8 at full size.
    public var maxPixels: Int
    /// Widest or tallest an input may be. Default 65,535 (JPEG's own limit is 65,500).
    public var maxDimension: Int
    /// Largest input file in bytes. Default 128 MiB.
    public var maxFileBytes: Int
    /// Largest single metadata block we keep or let a library allocate (ICC profile, EXIF,
    /// a PNG chunk after decompression). Default 4 MiB.
    public var maxMetadataBytes: Int
    /// Most tiles a tiled image (a HEIF grid) may have, each a separate decode. Default 4,096:
    /// a 200 MP phone HEIC is 768 tiles of 512x512, a 12 MP iPhone one 48.
    public var maxTiles: Int

    /// Every parameter defaults to the value documented on its property.
    public init(maxPixels: Int = 134_217_728, maxDimension: Int = 65_535,
                maxFileBytes: Int = 128 << 20, maxMetadataBytes: Int = 4 << 20, maxTiles: Int = 4_096) {
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
        self.maxFileBytes = maxFileBytes
        self.maxMetadataBytes = maxMetadataBytes
        self.maxTiles = maxTiles
    }

    /// The limits every decode uses unless the caller sets its own: all the defaults above.
    public static let `default` = DecodeLimits()

    /// Throws `tooLarge` (or `corruptImage` for a zero side) unless `size` is within the limits.
    public func check(_ size: PixelSize) throws(ImageError) {
        guard size.width > 0, size.height > 0 else {
            throw ImageError(.corruptImage, "the header declares a zero size (\(size))")
        }
        guard size.width <= maxDimension, size.height <= maxDimension else {
            throw ImageError(.tooLarge, "\(size) exceeds the \(maxDimension) px side limit")
        }
        // Both factors are <= maxDimension here, so the product cannot overflow 64 bits.
        guard size.area <= maxPixels else {
            throw ImageError(.tooLarge, "\(size) is \(size.area) pixels, over the limit of \(maxPixels)")
        }
    }
}
