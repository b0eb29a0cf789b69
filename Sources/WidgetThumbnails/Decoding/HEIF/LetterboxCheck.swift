/// Whether a decoded embedded thumbnail is letterboxed: a band along an edge that is flat near
/// black. Cameras pad their previews (a Sony HEIF's 1616x1080 thumbnail holds a smaller picture
/// with black bars on two sides), which the aspect-ratio check cannot see. A photo with a truly
/// black edge only loses the shortcut: the primary is decoded instead.
enum LetterboxCheck {
    /// The band checked on each edge: 1% of the side, at least 2 pixels.
    static func bandWidth(_ side: Int) -> Int { max(2, side / 100) }
    /// Darkest-channel ceiling for "black" (8-bit levels): black plus coding noise.
    static let blackLevel: UInt8 = 24

    static func isLetterboxed(_ pixels: HEIFLibrary.Pixels) -> Bool {
        let size = pixels.size
        let vertical = bandWidth(size.height)
        let horizontal = bandWidth(size.width)
        guard size.width > 2 * horizontal, size.height > 2 * vertical else { return false }
        var top = true, bottom = true, left = true, right = true
        let bandRows = 16
        var band = [UInt8](repeating: 0, count: bandRows * size.width * 4)
        var row = 0
        while row < size.height && (top || bottom || left || right) {
            let rows = row..<min(size.height, row + bandRows)
            band.withUnsafeMutableBufferPointer { pixels.copyRows(rows, into: $0) }
            for y in rows {
                let start = (y - rows.lowerBound) * size.width * 4
                if y < vertical { top = top && isBlack(band, start, count: size.width) }
                if y >= size.height - vertical { bottom = bottom && isBlack(band, start, count: size.width) }
                left = left && isBlack(band, start, count: horizontal)
                right = right && isBlack(band, start + (size.width - horizontal) * 4, count: horizontal)
            }
            row = rows.upperBound
        }
        return top || bottom || left || right
    }

    private static func isBlack(_ rgba: [UInt8], _ start: Int, count: Int) -> Bool {
        var offset = start
        for _ in 0..<count {
            if rgba[offset] > blackLevel || rgba[offset + 1] > blackLevel || rgba[offset + 2] > blackLevel
                || rgba[offset + 3] != 255 { return false }
            offset += 4
        }
        return true
    }
}
