/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Pixel count in 64-bit arithmetic (Int is 64-bit on every platform we build for).
    public var area: Int { width * height }

    /// Width and height exchanged: what a 90° rotation does.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    public var description: String { "\(width)x\(height)" }
}
