extension RGBAImage {
    /// The upright image: `orientation` applied to these stored pixels. Done on the small
    /// image after resampling, so its cost is tiny.
    public func oriented(_ orientation: EXIFOrientation) -> RGBAImage {
        if orientation == .up { return self }
        let out = orientation.orientedSize(size)
        guard !pixels.isEmpty else { return RGBAImage(width: out.width, height: out.height, pixels: []) }
        let w = width, h = height, ow = out.width
        // Where stored pixel (x, y) lands in the upright image, as a pixel index:
        // origin + x * xStep + y * yStep.
        let (origin, xStep, yStep): (Int, Int, Int) = switch orientation {
        case .up: (0, 1, ow)
        case .upMirrored: (w - 1, -1, ow)
        case .down: ((h - 1) * ow + w - 1, -1, -ow)
        case .downMirrored: ((h - 1) * ow, 1, -ow)
        case .leftMirrored: (0, ow, 1)
        case .right: (h - 1, ow, -1)
        case .rightMirrored: ((w - 1) * ow + h - 1, -ow, -1)
        case .left: ((w - 1) * ow, -ow, 1)
        }
        // Every byte is written below, so no pass zeroing the buffer first.
        let result = [UInt8](unsafeUninitializedCapacity: pixels.count) { destination, count in
            let target = UnsafeMutableRawPointer(destination.baseAddress!)
            pixels.withUnsafeBytes { source in
                for y in 0..<h {
                    var d = origin + y * yStep
                    for x in 0..<w {
                        let pixel = source.loadUnaligned(fromByteOffset: (y * w + x) * 4, as: UInt32.self)
                        target.storeBytes(of: pixel, toByteOffset: d * 4, as: UInt32.self)
                        d += xStep
                    }
                }
            }
            count = pixels.count
        }
        return RGBAImage(width: out.width, height: out.height, pixels: result)
    }
}
