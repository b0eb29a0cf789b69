/// Interleaved 8-bit RGBA with straight (not premultiplied) alpha, rows top to bottom,
/// no padding: the one pixel layout that crosses from decoders to the rest of the pipeline.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// `width * height * 4` bytes.
    public var pixels: [UInt8]

    /// Wraps `pixels`; traps unless both sides are positive and there are exactly
    /// `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4,
                     "RGBAImage needs width*height*4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Width and height as a `PixelSize`.
    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// `width * 4`: rows are never padded.
    public var bytesPerRow: Int { width * 4 }

    /// True when any pixel is less than fully opaque.
    public var hasTransparency: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return true }
            index += 4
        }
        return false
    }
}
