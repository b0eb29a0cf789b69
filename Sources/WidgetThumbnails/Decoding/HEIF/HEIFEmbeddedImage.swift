/// An image stored beside a HEIF primary image that a decoder may use in its place.
public struct HEIFEmbeddedImage: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The image's HEIF item ID, which the decoder asks libheif for.
    public var itemID: UInt32
    /// Upright size (its own transforms applied).
    public var size: PixelSize
    /// Bits per luma sample as coded.
    public var bitDepth: Int
    /// Whether it has an alpha plane.
    public var hasAlpha: Bool

    /// Memberwise: each parameter sets the property of the same name.
    public init(itemID: UInt32, size: PixelSize, bitDepth: Int, hasAlpha: Bool) {
        self.itemID = itemID
        self.size = size
        self.bitDepth = bitDepth
        self.hasAlpha = hasAlpha
    }

    /// Its size, item ID and bit depth, for `inspect` and logs.
    public var description: String { "\(size) (item \(itemID), \(bitDepth)-bit)" }
}
