/// Where a WebP frame's pixels land on the decoded canvas, and at what size. An animation's
/// first frame may cover only part of its canvas; when the canvas is decoded shrunk, the frame
/// is decoded shrunk by the same factors (libwebp scales it) and its offset scaled to match.
struct WebPFramePlacement: Equatable {
    var x: Int
    var y: Int
    var size: PixelSize

    /// The frame covering the whole canvas (a still image).
    static func whole(_ size: PixelSize) -> WebPFramePlacement { WebPFramePlacement(x: 0, y: 0, size: size) }

    /// Places a frame of `frameSize` at (`x`, `y`) on a `canvas` decoded at `decoded` size.
    /// Throws `corruptImage` for a frame that does not fit inside its canvas.
    static func place(x: Int, y: Int, frameSize: PixelSize, canvas: PixelSize,
                      decoded: PixelSize) throws(ImageError) -> WebPFramePlacement {
        guard x >= 0, y >= 0, frameSize.width > 0, frameSize.height > 0,
              x + frameSize.width <= canvas.width, y + frameSize.height <= canvas.height else {
            throw ImageError(.corruptImage,
                             "the first frame (\(frameSize) at \(x),\(y)) lies outside the \(canvas) canvas")
        }
        if decoded == canvas { return WebPFramePlacement(x: x, y: y, size: frameSize) }
        let (left, width) = scale(x, frameSize.width, from: canvas.width, to: decoded.width)
        let (top, height) = scale(y, frameSize.height, from: canvas.height, to: decoded.height)
        return WebPFramePlacement(x: left, y: top, size: PixelSize(width: width, height: height))
    }

    /// One axis: the span [start, start + length) of `full` mapped onto `scaled`, at least one
    /// pixel long and inside [0, scaled). Edges are rounded, so neighbouring spans would meet.
    private static func scale(_ start: Int, _ length: Int, from full: Int, to scaled: Int) -> (Int, Int) {
        let factor = Double(scaled) / Double(full)
        let first = min(scaled - 1, Int((Double(start) * factor).rounded()))
        let end = min(scaled, max(first + 1, Int((Double(start + length) * factor).rounded())))
        return (first, end - first)
    }
}
