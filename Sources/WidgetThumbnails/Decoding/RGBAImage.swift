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
    ///
    /// Two pixels a word, 64 words (128 pixels) ANDed before one test: every alpha is 255
    /// exactly when the alphas of the words ANDed together are. A pixel at a time this was
    /// 7 instructions a pixel, and each JPEG thumbnail asks twice (which format, then whether
    /// to flatten).
    public var hasTransparency: Bool {
        pixels.withUnsafeBytes { bytes in
            let alphas = UInt64(littleEndian: 0xFF00_0000_FF00_0000)  // bytes 3 and 7 of a word
            let wordBytes = bytes.count & ~7
            // Wrapping offsets, no ranges: nothing the optimiser must check, so it vectorises.
            var offset = 0
            while offset < wordBytes {
                let end = min(offset &+ 512, wordBytes)
                var all = UInt64.max
                while offset < end {
                    all &= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    offset &+= 8
                }
                if all & alphas != alphas { return true }
            }
            // An odd pixel count leaves one pixel after the last word.
            return wordBytes < bytes.count && bytes[bytes.count - 1] != 255
        }
    }
}
