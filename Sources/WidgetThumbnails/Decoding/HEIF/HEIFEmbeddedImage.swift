/// An image stored beside a HEIF primary image that a decoder may use in its place.
public struct HEIFEmbeddedImage: Sendable, Equatable, Codable, CustomStringConvertible {
    public var itemID: UInt32
    /// Upright size (its own transforms applied).
    public var size: PixelSize
    public var bitDepth: Int
    public var hasAlpha: Bool

    public init(itemID: UInt32, size: PixelSize, bitDepth: Int, hasAlpha: Bool) {
        self.itemID = itemID
        self.size = size
        self.bitDepth = bitDepth
        self.hasAlpha = hasAlpha
    }

    public var description: String { "\(size) (item \(itemID), \(bitDepth)-bit)" }
}
