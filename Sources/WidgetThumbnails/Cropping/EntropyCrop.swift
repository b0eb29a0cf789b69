import Foundation

/// The entropy strategy of `SmartCrop`: libvips' `vips_smartcrop` with `interesting=entropy`.
/// Starting from the whole image, repeatedly compare the slice at either end of each axis
/// that is still too long and trim the one with less information, until the window is left.
/// Slices are at most an eighth of the largest excess, so that takes about eight rounds.
///
/// Information is libvips' `vips_hist_entropy` of the slice's histogram: Shannon entropy of
/// each of red, green and blue (256 levels), averaged. (One luma histogram ranks slices
/// differently often enough to matter: on a corpus photograph of street lamps it put a 2:1
/// window 39% of the way down where libvips, and this measure, put it at the top.)
///
/// The geometry is the image's own, trimmed pixel for pixel as libvips trims it; only the
/// histograms come from a copy at most `analysisSide` long (a slice narrower than a cell
/// counts the cells it touches). Where we differ from libvips:
/// - libvips measures the image it is given, which in `vipsthumbnail` has already been
///   shrunk to cover the thumbnail; our copy is near that scale for thumbnail-sized output.
/// - Each cell counts by how much of it shows (its mean alpha), with the colour it shows;
///   libvips premultiplies, so a transparent pixel counts as black (and adds an alpha band).
/// - On a tie, most often a featureless margin at both ends, libvips trims the end; we share
///   the trim between the ends, so a window over featureless content stays centred.
struct EntropyCrop: Sendable {
    /// The analysis copy's long side: near the scale of a thumbnail, so the texture that
    /// counts is the texture the thumbnail will show, and small enough that measuring costs
    /// next to nothing.
    static let analysisSide = 256

    /// One analysis cell: the colour that shows, as 8-bit levels, and how much shows.
    private struct Cell {
        /// Red, green and blue of the visible colour (the premultiplied mean over alpha).
        var red: UInt8, green: UInt8, blue: UInt8
        /// Mean alpha, 0...1: the cell's weight in a histogram.
        var weight: Float
    }

    /// The image the window goes in.
    let imageSize: PixelSize
    /// The analysis copy, row-major.
    private let cells: [Cell]
    /// The analysis copy's size.
    private let cellsSize: PixelSize

    /// Measures `image`.
    init(_ image: RGBAImage) {
        let reduced = CropAnalysisImage(areaAveraging: image, longSide: Self.analysisSide)
        imageSize = image.size
        cellsSize = PixelSize(width: reduced.width, height: reduced.height)
        cells = reduced.cells.map { cell in
            let alpha = cell[3]
            guard alpha > 0 else { return Cell(red: 0, green: 0, blue: 0, weight: 0) }
            func level(_ premultiplied: Float) -> UInt8 {
                UInt8(min(255, max(0, (premultiplied * 255 / alpha).rounded())))
            }
            return Cell(red: level(cell[0]), green: level(cell[1]), blue: level(cell[2]), weight: alpha / 255)
        }
    }

    /// The top-left corner of `window` (at most `imageSize` on each axis) after trimming.
    func origin(of window: PixelSize) -> (x: Int, y: Int) {
        var kept = (x: 0, y: 0, width: imageSize.width, height: imageSize.height)
        let largestExcess = max(imageSize.width - window.width, imageSize.height - window.height)
        let maxSlice = (largestExcess + 7) / 8
        while kept.width > window.width || kept.height > window.height {
            let sliceWidth = min(kept.width - window.width, maxSlice)
            if sliceWidth > 0 {
                let rows = kept.y..<(kept.y + kept.height)
                let left = entropy(columns: kept.x..<(kept.x + sliceWidth), rows: rows)
                let right = entropy(columns: (kept.x + kept.width - sliceWidth)..<(kept.x + kept.width), rows: rows)
                kept.x += Self.trimmedFromStart(sliceWidth, start: left, end: right,
                                                trimmedBefore: (kept.x, imageSize.width - kept.x - kept.width))
                kept.width -= sliceWidth
            }
            let sliceHeight = min(kept.height - window.height, maxSlice)
            if sliceHeight > 0 {
                let columns = kept.x..<(kept.x + kept.width)
                let top = entropy(columns: columns, rows: kept.y..<(kept.y + sliceHeight))
                let bottom = entropy(columns: columns, rows: (kept.y + kept.height - sliceHeight)..<(kept.y + kept.height))
                kept.y += Self.trimmedFromStart(sliceHeight, start: top, end: bottom,
                                                trimmedBefore: (kept.y, imageSize.height - kept.y - kept.height))
                kept.height -= sliceHeight
            }
        }
        return (kept.x, kept.y)
    }

    /// How much of a `slice`-long trim comes off the start of the axis: all of it when the
    /// start slice is the duller, none when the end one is, and on a tie as much as keeps the
    /// two ends' total trims (`trimmedBefore`, plus this one) nearest equal.
    static func trimmedFromStart(_ slice: Int, start: Double, end: Double,
                                 trimmedBefore: (start: Int, end: Int)) -> Int {
        if abs(start - end) > 1e-9 { return start < end ? slice : 0 }
        return min(slice, max(0, (trimmedBefore.end + slice - trimmedBefore.start) / 2))
    }

    /// The mean over red, green and blue of the Shannon entropy in bits of the image area
    /// `columns` x `rows`, measured on the analysis cells that area touches, each counted by
    /// how much of it shows: 0 for an area with nothing visible.
    private func entropy(columns: Range<Int>, rows: Range<Int>) -> Double {
        let cellColumns = Self.cellSpan(covering: columns, of: imageSize.width, in: cellsSize.width)
        let cellRows = Self.cellSpan(covering: rows, of: imageSize.height, in: cellsSize.height)
        // Red's 256 levels, then green's, then blue's.
        var histogram = [Double](repeating: 0, count: 3 * 256)
        var total = 0.0
        cells.withUnsafeBufferPointer { cells in
            for row in cellRows {
                let start = row * cellsSize.width
                for column in cellColumns {
                    let cell = cells[start + column]
                    let weight = Double(cell.weight)
                    histogram[Int(cell.red)] += weight
                    histogram[256 + Int(cell.green)] += weight
                    histogram[512 + Int(cell.blue)] += weight
                    total += weight
                }
            }
        }
        guard total > 0 else { return 0 }
        let bits = histogram.reduce(0.0) { sum, weight in
            guard weight > 0 else { return sum }
            let share = weight / total
            return sum - share * log2(share)
        }
        return bits / 3
    }

    /// The analysis cells (out of `cells` along an axis `length` pixels long) that pixels
    /// `range` touch: never empty for a non-empty range.
    static func cellSpan(covering range: Range<Int>, of length: Int, in cells: Int) -> Range<Int> {
        let first = range.lowerBound * cells / length
        let end = (range.upperBound * cells + length - 1) / length
        return first..<max(end, first + 1)
    }
}
