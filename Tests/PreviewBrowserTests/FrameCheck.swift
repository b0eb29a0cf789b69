import Foundation
import Testing
import WidgetThumbnails

/// What one frame of a screenshot was checked against, and what was found.
struct FrameSamples {
    /// Points inside the frame whose thumbnail pixel is uniform around them, with the pixel,
    /// the expected colour and the screenshot's.
    var points: [(thumbnail: Pixel, expected: Colour, actual: Colour)] = []

    /// The samples off by more than `tolerance` in a channel.
    func mismatches(tolerance: Double) -> [String] {
        points.filter { $0.expected.distance(to: $0.actual) > tolerance }
            .map { "thumbnail \($0.thumbnail.colour) alpha \($0.thumbnail.alpha): expected \($0.expected), screenshot \($0.actual)" }
    }
}

/// The shape a frame is expected to have, with the signed distance of a point to its edge
/// (positive inside).
enum ExpectedShape {
    case circle
    case rounded(radius: Double)

    func inside(u: Double, v: Double, width: Double, height: Double) -> Double {
        switch self {
        case .circle:
            let radius = min(width, height) / 2
            return radius - hypot(u - width / 2, v - height / 2)
        case .rounded(let radius):
            let r = min(radius, min(width, height) / 2)
            // Distance into the rectangle, then the corner arcs.
            let dx = max(r - u, u - (width - r), 0), dy = max(r - v, v - (height - r), 0)
            if dx > 0, dy > 0 { return r - hypot(dx, dy) }
            return min(u, width - u, v, height - v)
        }
    }
}

enum FrameCheck {
    static func colour(_ screenshot: RGBAImage, _ x: Int, _ y: Int) -> Colour {
        Pixel.at(screenshot, x, y).colour
    }

    /// Every `step`-th screenshot pixel well inside the frame (3 px from its edge and its
    /// shape), whose thumbnail pixel is uniform around it, with what the model expects there.
    static func samples(_ box: FrameBox, screenshot: RGBAImage, model: RenderModel, shape: ExpectedShape,
                        step: Int = 5) throws -> FrameSamples {
        var samples = FrameSamples()
        for py in stride(from: Int(box.y.rounded(.up)), to: Int(box.y + box.height), by: step) {
            for px in stride(from: Int(box.x.rounded(.up)), to: Int(box.x + box.width), by: step) {
                let u = Double(px) + 0.5 - box.x, v = Double(py) + 0.5 - box.y
                guard shape.inside(u: u, v: v, width: box.width, height: box.height) >= 3,
                      px < screenshot.width, py < screenshot.height,
                      let pixel = model.uniformPixel(u: u, v: v, width: box.width, height: box.height) else { continue }
                let expected = try model.expected(pixel, mode: box.mode, scene: box.scene)
                samples.points.append((pixel, expected, colour(screenshot, px, py)))
            }
        }
        return samples
    }

    /// Pixels near the frame's corners at least 1.5 px from the expected edge, where the
    /// picture is uniform: outside the edge the screenshot must be nearer the wallpaper than the
    /// picture, inside nearer the picture.
    /// Returns the disagreements and how many pixels could tell (wallpaper and picture apart).
    static func shapeErrors(_ box: FrameBox, screenshot: RGBAImage, model: RenderModel, shape: ExpectedShape,
                            wall: Colour) throws -> (errors: [String], decided: Int) {
        var errors: [String] = []
        var decided = 0
        let zone = min(box.width, box.height) / 2
        for py in Int(box.y.rounded(.down))...Int(box.y + box.height) {
            for px in Int(box.x.rounded(.down))...Int(box.x + box.width) {
                let u = Double(px) + 0.5 - box.x, v = Double(py) + 0.5 - box.y
                let nearCorner = (u < zone || u > box.width - zone) && (v < zone || v > box.height - zone)
                guard nearCorner, u >= 0.5, v >= 0.5, u <= box.width - 0.5, v <= box.height - 0.5 else { continue }
                let depth = shape.inside(u: u, v: v, width: box.width, height: box.height)
                guard abs(depth) >= 1.5 else { continue }
                guard let pixel = model.uniformPixel(u: u, v: v, width: box.width, height: box.height) else { continue }
                let picture = try model.expected(pixel, mode: box.mode, scene: box.scene)
                guard picture.distance(to: wall) > 60 else { continue }
                decided += 1
                let actual = colour(screenshot, px, py)
                let nearerWall = actual.distance(to: wall) < actual.distance(to: picture)
                if nearerWall != (depth < 0) {
                    errors.append("\(box.family) at (\(u), \(v)), \(depth < 0 ? "outside" : "inside") by \(abs(depth)): \(actual)")
                }
            }
        }
        return (errors, decided)
    }
}
