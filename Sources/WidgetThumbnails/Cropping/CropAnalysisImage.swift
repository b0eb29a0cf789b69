/// A small copy of an image for the smart-crop analyses (`SmartCrop`), in premultiplied
/// Float cells. It is made by area averaging: every cell is the exact mean of the source
/// pixels under it, colour premultiplied by alpha first, so a fully transparent pixel adds
/// nothing but its share of the area. Area averaging reads each source pixel once, whatever
/// the ratio, which keeps even a 6000x4000 decode affordable; `lanczosReduced(to:)` then
/// finishes a reduction the way libvips' `vips_resize` does (a box shrink to about twice the
/// target, then Lanczos-3).
struct CropAnalysisImage: Sendable {
    /// Cells across (at most the source's width).
    let width: Int
    /// Cells down (at most the source's height).
    let height: Int
    /// Premultiplied red, green, blue and alpha per cell, rows top to bottom, each 0...255
    /// (colour still sRGB-encoded, as the source stores it).
    let cells: [SIMD4<Float>]

    /// `image` area-averaged to `size`, which is at least 1x1 and at most `image.size` on each
    /// axis.
    init(areaAveraging image: RGBAImage, to size: PixelSize) {
        precondition(size.width >= 1 && size.height >= 1
                     && size.width <= image.width && size.height <= image.height,
                     "an area average only reduces")
        let columns = AreaSpan.spans(source: image.width, target: size.width)
        let runs = AreaRun.runs(columns, cells: size.width)
        let straddling = columns.indices.filter { columns[$0].secondWeight > 0 }
        let rows = AreaSpan.spans(source: image.height, target: size.height)
        var cells = [SIMD4<Float>](repeating: .zero, count: size.area)
        var row = [SIMD4<Float>](repeating: .zero, count: size.width)
        let bytesPerRow = image.bytesPerRow
        image.pixels.withUnsafeBytes { source in
            /// Pixel `x` of the row starting at byte `rowStart`, premultiplied.
            func pixel(_ x: Int, _ rowStart: Int) -> SIMD4<Float> {
                let value = SIMD4<Float>(source.loadUnaligned(fromByteOffset: rowStart + 4 * x, as: SIMD4<UInt8>.self))
                let coverage = value[3] * (1 / 255)
                return value * SIMD4(coverage, coverage, coverage, 1)
            }
            cells.withUnsafeMutableBufferPointer { cells in
                row.withUnsafeMutableBufferPointer { row in
                    for y in 0..<image.height {
                        let rowStart = y * bytesPerRow
                        // The pixels wholly inside a cell share one weight: sum them exactly in
                        // integers (colour times alpha), then weigh once.
                        for (cell, run) in runs.enumerated() {
                            var red = 0, green = 0, blue = 0, alpha = 0
                            var offset = rowStart + 4 * run.pixels.lowerBound
                            for _ in run.pixels {
                                let opacity = Int(source[offset + 3])
                                red += Int(source[offset]) * opacity
                                green += Int(source[offset + 1]) * opacity
                                blue += Int(source[offset + 2]) * opacity
                                alpha += opacity
                                offset += 4
                            }
                            let sum = SIMD4(Float(red) / 255, Float(green) / 255, Float(blue) / 255, Float(alpha))
                            row[cell] = sum * run.weight
                        }
                        for x in straddling {
                            let value = pixel(x, rowStart), span = columns[x]
                            row[span.first] += value * span.firstWeight
                            row[span.first + 1] += value * span.secondWeight
                        }
                        let span = rows[y]
                        let start = span.first * size.width
                        for x in 0..<size.width {
                            cells[start + x] += row[x] * span.firstWeight
                        }
                        if span.secondWeight > 0 {
                            for x in 0..<size.width {
                                cells[start + size.width + x] += row[x] * span.secondWeight
                            }
                        }
                    }
                }
            }
        }
        self.init(width: size.width, height: size.height, cells: cells)
    }

    /// `image` area-averaged (never enlarged) so that neither side exceeds `longSide`,
    /// keeping its aspect ratio as nearly as whole cells allow.
    init(areaAveraging image: RGBAImage, longSide: Int) {
        let scale = min(1, Double(longSide) / Double(max(image.width, image.height)))
        func reduced(_ length: Int) -> Int { min(length, max(1, Int((Double(length) * scale).rounded()))) }
        self.init(areaAveraging: image, to: PixelSize(width: reduced(image.width), height: reduced(image.height)))
    }

    /// A copy made of `cells` (`width * height` of them).
    private init(width: Int, height: Int, cells: [SIMD4<Float>]) {
        self.width = width
        self.height = height
        self.cells = cells
    }

    /// This copy reduced further to `size` (at most its own) with Lanczos-3, as libvips'
    /// `vips_resize` finishes a reduction after its box shrink. Taps reaching past an edge are
    /// dropped and the rest renormalised (`ResamplingWeights`). The copies are tiny (a few
    /// thousand cells), so plain loops do.
    func lanczosReduced(to size: PixelSize) -> CropAnalysisImage {
        let across = ResamplingWeights(sourceLength: width, targetLength: size.width)
        let down = ResamplingWeights(sourceLength: height, targetLength: size.height)
        var rows = [SIMD4<Float>](repeating: .zero, count: size.width * height)
        for y in 0..<height {
            for x in 0..<size.width {
                for tap in 0..<across.counts[x] {
                    let weight = across.weights[x * across.tapCount + tap]
                    rows[y * size.width + x] += cells[y * width + across.starts[x] + tap] * weight
                }
            }
        }
        var reduced = [SIMD4<Float>](repeating: .zero, count: size.area)
        for y in 0..<size.height {
            for tap in 0..<down.counts[y] {
                let weight = down.weights[y * down.tapCount + tap]
                let source = (down.starts[y] + tap) * size.width
                for x in 0..<size.width {
                    reduced[y * size.width + x] += rows[source + x] * weight
                }
            }
        }
        // Clamped to the channels' range, as libvips' 8-bit result is: ringing is not content.
        let limit = SIMD4<Float>(repeating: 255)
        return CropAnalysisImage(width: size.width, height: size.height,
                                 cells: reduced.map { $0.clamped(lowerBound: .zero, upperBound: limit) })
    }
}

/// The source pixels of an axis that lie wholly inside one cell of an area-averaged copy,
/// all with the same weight.
struct AreaRun: Sendable, Equatable {
    /// The pixels, consecutive (possibly none).
    let pixels: Range<Int>
    /// Each one's share of the cell's average.
    let weight: Float

    /// One run per cell (`cells` of them) of the pixels `spans` puts in that cell alone.
    static func runs(_ spans: [AreaSpan], cells: Int) -> [AreaRun] {
        var firsts = [Int](repeating: 0, count: cells), ends = [Int](repeating: 0, count: cells)
        var weights = [Float](repeating: 0, count: cells)
        var started = [Bool](repeating: false, count: cells)
        for (index, span) in spans.enumerated() where span.secondWeight == 0 {
            if !started[span.first] { (firsts[span.first], started[span.first]) = (index, true) }
            ends[span.first] = index + 1
            weights[span.first] = span.firstWeight
        }
        return (0..<cells).map { AreaRun(pixels: started[$0] ? firsts[$0]..<ends[$0] : 0..<0, weight: weights[$0]) }
    }
}

/// Where one source pixel of an axis lands in an area-averaged copy: in target units the
/// pixel is `target / source` long, so it lies in one target cell or straddles two.
struct AreaSpan: Sendable, Equatable {
    /// The first target cell the pixel covers.
    let first: Int
    /// The share of `first`'s average that is this pixel (the overlap over the cell's length).
    let firstWeight: Float
    /// The same for cell `first + 1`; 0 when the pixel lies in one cell.
    let secondWeight: Float

    /// One span per source pixel; the weights reaching any target cell add up to 1.
    static func spans(source: Int, target: Int) -> [AreaSpan] {
        // Lengths in units where a source pixel is `target` long and a target cell `source`
        // long: whole numbers, so cell boundaries are found exactly.
        let cellLength = Float(source)
        return (0..<source).map { index in
            let start = index * target, end = start + target
            let first = start / source
            let boundary = (first + 1) * source
            if end <= boundary {
                return AreaSpan(first: first, firstWeight: Float(target) / cellLength, secondWeight: 0)
            }
            return AreaSpan(first: first, firstWeight: Float(boundary - start) / cellLength,
                            secondWeight: Float(end - boundary) / cellLength)
        }
    }
}
