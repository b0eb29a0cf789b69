/// Interleaved 8-bit RGBA with straight (not premultiplied) alpha, rows top to bottom,
/// no padding: the one pixel layout that crosses from decoders to the rest of the pipeline.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4,
                     "RGBAImage needs width*height*4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
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
