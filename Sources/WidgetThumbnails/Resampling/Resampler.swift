/// Whole-image resampling: a `ResamplingStream` fed every row of an image already in memory
/// (JPEG and WebP decoders return whole images), so both paths give identical bytes.
public enum Resampler {
    /// `image` reduced to `target` with Lanczos-3 on premultiplied alpha. An axis where
    /// `target` is not smaller than the image keeps the image's length (never upscales);
    /// when neither axis shrinks, `image` comes back unchanged. Throws `invalidArgument` for
    /// a target smaller than 1x1.
    public static func resize(_ image: RGBAImage, to target: PixelSize) throws(ImageError) -> RGBAImage {
        let stream = try ResamplingStream(sourceSize: image.size, targetSize: target)
        if stream.targetSize == image.size { return image }
        image.pixels.withUnsafeBufferPointer { stream.consume(rows: $0) }
        return stream.finish()
    }

    /// `window` of `image` (which must lie inside it) reduced to `target`, as `resize(_:to:)`
    /// would reduce a copy of the window, without making the copy.
    public static func resize(_ image: RGBAImage, window: PixelRect, to target: PixelSize) throws(ImageError) -> RGBAImage {
        if window == PixelRect(x: 0, y: 0, size: image.size) { return try resize(image, to: target) }
        let stream = try ResamplingStream(sourceSize: window.size, targetSize: target)
        if stream.targetSize == window.size { return image.cropped(to: window) }
        let rowBytes = window.size.width * 4
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in window.y..<(window.y + window.size.height) {
                let start = (row * image.width + window.x) * 4
                stream.consume(row: UnsafeBufferPointer(rebasing: pixels[start..<(start + rowBytes)]))
            }
        }
        return stream.finish()
    }

    /// The size a resample to `target` produces: `target`, clamped to `source` on each axis.
    public static func outputSize(source: PixelSize, target: PixelSize) -> PixelSize {
        PixelSize(width: min(source.width, target.width), height: min(source.height, target.height))
    }
}
