import Foundation

/// The attention strategy of `SmartCrop`: libvips' `vips_smartcrop` with
/// `interesting=attention`, whose scoring libvips took from smartcrop.js (we compared with
/// libvips 8.14). The image is reduced to a 32x32 grid (each axis on its own, so cells take
/// the image's aspect ratio) and every cell scores
/// - edges: 5 |Laplacian| of CIE Y (0...100), with the 4-neighbour kernel;
/// - skin: 100 - 100 |XYZ/|XYZ| - (0.78, 0.57, 0.44)|, how nearly the colour's direction in
///   XYZ is skin's, counted only where Y > 5;
/// - saturation: CIELAB a* (D65), also only where Y > 5 (libvips takes a*, not chroma, so
///   reds count and greens count against);
/// summed, blurred with a Gaussian whose sigma is a tenth of the window's diagonal in cells
/// (at least 1), and the window is centred on the highest cell, then kept in the image.
///
/// Where we differ from libvips, and why:
/// - The grid is made as libvips makes it, a box reduction to twice the grid then Lanczos-3
///   (`CropAnalysisImage`), but our box is an exact area average where libvips shrinks by a
///   whole factor; the scores differ by about 6% of their mean on a corpus photograph. An axis
///   shorter than 32 pixels keeps its length (libvips enlarges it).
/// - The crop is centred on the middle of the best cell; libvips uses the cell's top-left
///   corner (`x_pos / hscale`), which moves every crop half a cell up and left.
/// - A fully transparent cell (mean alpha under 0.5 of 255) scores nothing. libvips premultiplies too, which blanks colour,
///   but still sees the Laplacian step on the transparent side of a transparency edge.
/// - Ties (a featureless image, or one with no visible pixel) go to the centre-most highest
///   cells, averaged, where libvips keeps the first it finds; a featureless image therefore
///   gets the centre crop.
/// - The Gaussian's weights are exact where libvips rounds its mask to integers; its extent
///   is libvips' (out to where the curve falls below 0.2 of its peak).
struct AttentionCrop: Sendable {
    /// Cells along each axis of the scoring grid: libvips' precision.
    static let grid = 32

    /// The skin colour's direction in XYZ, from smartcrop.js by way of libvips.
    static let skin: (x: Float, y: Float, z: Float) = (0.78, 0.57, 0.44)
    /// CIE Y (0...100) at or below which a cell counts as dark: no skin, no saturation.
    static let darkY: Float = 5
    /// The Laplacian's weight against the other two scores.
    static let edgeWeight: Float = 5
    /// The mean alpha (0...255) below which a cell counts as fully transparent: what rounds
    /// to 0, so that the Lanczos step's faint ringing past an edge does not count as visible.
    static let visibleAlpha: Float = 0.5

    /// The image the window goes in.
    let imageSize: PixelSize
    /// Every cell's score before the blur, row-major, `gridSize.area` of them.
    let scores: [Float]
    /// The grid's size: `grid` x `grid`, or less for an image smaller than that.
    let gridSize: PixelSize

    /// Scores `image`.
    init(_ image: RGBAImage) {
        let size = PixelSize(width: min(Self.grid, image.width), height: min(Self.grid, image.height))
        // libvips' own route to the grid: a box shrink to about twice its size, then Lanczos-3,
        // whose sharpening the edge score notices.
        let doubled = PixelSize(width: min(2 * size.width, image.width), height: min(2 * size.height, image.height))
        let cells = CropAnalysisImage(areaAveraging: image, to: doubled).lanczosReduced(to: size)
        let colours = cells.cells.map { CellColour(red: $0[0], green: $0[1], blue: $0[2], alpha: $0[3]) }
        let luminance = colours.map(\.xyz.y)
        scores = colours.indices.map { index in
            let colour = colours[index]
            guard colour.alpha >= Self.visibleAlpha else { return 0 }
            let edge = Self.edgeWeight * abs(Self.laplacian(luminance, size: size, at: index))
            guard colour.xyz.y > Self.darkY else { return edge }
            return edge + colour.skinScore + colour.aStar
        }
        imageSize = image.size
        gridSize = size
    }

    /// The image point `window` is centred on: the middle of the best cell after the blur.
    func focus(for window: PixelSize) -> (x: Double, y: Double) {
        let across = Double(window.width) * Double(gridSize.width) / Double(imageSize.width)
        let down = Double(window.height) * Double(gridSize.height) / Double(imageSize.height)
        let sigma = max(1, (across * across + down * down).squareRoot() / 10)
        let blurred = GaussianBlur(sigma: sigma).apply(to: scores, size: gridSize)
        let best = Self.centreMostMaximum(of: blurred, size: gridSize)
        return ((best.x + 0.5) * Double(imageSize.width) / Double(gridSize.width),
                (best.y + 0.5) * Double(imageSize.height) / Double(gridSize.height))
    }

    /// The top-left corner of `window` (at most `imageSize`) centred on `focus(for:)`, moved
    /// the least it takes to lie inside the image.
    func origin(of window: PixelSize) -> (x: Int, y: Int) {
        let focus = focus(for: window)
        func corner(_ centre: Double, _ length: Int, _ limit: Int) -> Int {
            min(limit - length, max(0, Int((centre - Double(length) / 2).rounded(.down))))
        }
        return (corner(focus.x, window.width, imageSize.width), corner(focus.y, window.height, imageSize.height))
    }

    /// The 4-neighbour Laplacian (4 v - the neighbours) of `plane` at `index`, edges
    /// repeated outwards as libvips' convolution does.
    static func laplacian(_ plane: [Float], size: PixelSize, at index: Int) -> Float {
        let x = index % size.width, y = index / size.width
        let left = plane[index - (x > 0 ? 1 : 0)]
        let right = plane[index + (x < size.width - 1 ? 1 : 0)]
        let up = plane[index - (y > 0 ? size.width : 0)]
        let down = plane[index + (y < size.height - 1 ? size.width : 0)]
        return 4 * plane[index] - left - right - up - down
    }

    /// The cell position of the highest value: among values within a relative 1e-5 of the
    /// maximum (float sums of equal inputs may differ in their last bits), those nearest the
    /// grid's centre, averaged, so that an even tie lands exactly between them.
    static func centreMostMaximum(of values: [Float], size: PixelSize) -> (x: Double, y: Double) {
        let highest = values.max() ?? 0
        let tolerance = 1e-5 * max(1, abs(highest))
        let centre = (x: Double(size.width - 1) / 2, y: Double(size.height - 1) / 2)
        var nearest = Double.infinity
        var sum = (x: 0.0, y: 0.0, count: 0.0)
        for (index, value) in values.enumerated() where value >= highest - tolerance {
            let x = Double(index % size.width), y = Double(index / size.width)
            let distance = (x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y)
            if distance < nearest - 1e-9 {
                nearest = distance
                sum = (0, 0, 0)
            }
            if abs(distance - nearest) <= 1e-9 {
                sum = (sum.x + x, sum.y + y, sum.count + 1)
            }
        }
        return (sum.x / sum.count, sum.y / sum.count)
    }
}

/// One grid cell's colour as the attention scores read it.
private struct CellColour {
    /// CIE XYZ (D65, Y 0...100) of the premultiplied colour, as libvips converts it.
    let xyz: (x: Float, y: Float, z: Float)
    /// Mean alpha, 0...255.
    let alpha: Float

    /// A cell of premultiplied, sRGB-encoded channels (0...255).
    init(red: Float, green: Float, blue: Float, alpha: Float) {
        let r = Self.linear(red), g = Self.linear(green), b = Self.linear(blue)
        xyz = (100 * (0.4124 * r + 0.3576 * g + 0.1805 * b),
               100 * (0.2126 * r + 0.7152 * g + 0.0722 * b),
               100 * (0.0193 * r + 0.1192 * g + 0.9505 * b))
        self.alpha = alpha
    }

    /// 100 for skin's direction in XYZ, falling by 100 per unit of distance from it.
    var skinScore: Float {
        let length = (xyz.x * xyz.x + xyz.y * xyz.y + xyz.z * xyz.z).squareRoot()
        let dx = xyz.x / length - AttentionCrop.skin.x
        let dy = xyz.y / length - AttentionCrop.skin.y
        let dz = xyz.z / length - AttentionCrop.skin.z
        return 100 - 100 * (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// CIELAB a* against the D65 white.
    var aStar: Float {
        500 * (Self.labCurve(xyz.x / 95.047) - Self.labCurve(xyz.y / 100))
    }

    /// The sRGB transfer function undone: 0...255 encoded to 0...1 linear.
    static func linear(_ encoded: Float) -> Float {
        let value = encoded / 255
        return value <= 0.04045 ? value / 12.92 : powf((value + 0.055) / 1.055, 2.4)
    }

    /// CIELAB's cube root, with its linear toe.
    static func labCurve(_ ratio: Float) -> Float {
        let toe: Float = 6.0 / 29.0
        return ratio > toe * toe * toe ? cbrtf(ratio) : ratio / (3 * toe * toe) + 4.0 / 29.0
    }
}

/// A separable Gaussian blur over a small plane, edges repeated outwards as libvips'
/// `gaussblur` does, out to where the curve falls below 0.2 of its peak (libvips' default
/// `min_ampl`).
struct GaussianBlur: Sendable {
    /// The normalised weights from -radius to radius.
    let weights: [Float]

    /// The kernel for `sigma` (positive).
    init(sigma: Double) {
        let radius = Int((sigma * (2 * log(5.0)).squareRoot()).rounded(.down))
        let raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        weights = raw.map { Float($0 / total) }
    }

    /// `plane` (row-major, `size`) blurred along rows, then columns.
    func apply(to plane: [Float], size: PixelSize) -> [Float] {
        let across = pass(plane, size: size, step: 1, count: size.width)
        return pass(across, size: size, step: size.width, count: size.height)
    }

    /// One 1-D pass along the axis whose neighbours are `step` apart and `count` long.
    private func pass(_ plane: [Float], size: PixelSize, step: Int, count: Int) -> [Float] {
        let radius = weights.count / 2
        return plane.indices.map { index in
            let position = (index / step) % count
            var sum: Float = 0
            for (offset, weight) in zip(-radius...radius, weights) {
                let neighbour = min(count - 1, max(0, position + offset))
                sum += weight * plane[index + (neighbour - position) * step]
            }
            return sum
        }
    }
}
