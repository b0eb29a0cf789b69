extension RGBAImage {
    /// The upright image: `orientation` applied to these stored pixels. Done on the small
    /// image after resampling, so its cost is tiny.
    public func oriented(_ orientation: EXIFOrientation) -> RGBAImage {
        if orientation == .up { return self }
        let out = orientation.orientedSize(size)
        var result = [UInt8](repeating: 0, count: pixels.count)
        let w = width, h = height
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { destination in
                for y in 0..<h {
                    for x in 0..<w {
                        // Where stored pixel (x, y) lands in the upright image.
                        let (dx, dy): (Int, Int)
                        switch orientation {
                        case .up: (dx, dy) = (x, y)
                        case .upMirrored: (dx, dy) = (w - 1 - x, y)
                        case .down: (dx, dy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (dx, dy) = (x, h - 1 - y)
                        case .leftMirrored: (dx, dy) = (y, x)
                        case .right: (dx, dy) = (h - 1 - y, x)
                        case .rightMirrored: (dx, dy) = (h - 1 - y, w - 1 - x)
                        case .left: (dx, dy) = (y, w - 1 - x)
                        }
                        let s = (y * w + x) * 4
                        let d = (dy * out.width + dx) * 4
                        destination[d] = source[s]
                        destination[d + 1] = source[s + 1]
                        destination[d + 2] = source[s + 2]
                        destination[d + 3] = source[s + 3]
                    }
                }
            }
        }
        return RGBAImage(width: out.width, height: out.height, pixels: result)
    }
}
