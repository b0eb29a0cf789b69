import Foundation
import Testing
import WidgetThumbnails

/// An sRGB colour, 0-255 per channel.
struct Colour: Equatable, CustomStringConvertible {
    var red: Double
    var green: Double
    var blue: Double

    init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`.
    init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF))
    }

    var description: String { "(\(Int(red.rounded())), \(Int(green.rounded())), \(Int(blue.rounded())))" }

    /// The largest difference of one channel.
    func distance(to other: Colour) -> Double {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
    }

    /// `self` at `alpha` (0-1) over `background`.
    func over(_ background: Colour, alpha: Double) -> Colour {
        Colour(red * alpha + background.red * (1 - alpha), green * alpha + background.green * (1 - alpha),
               blue * alpha + background.blue * (1 - alpha))
    }
}

/// One pixel of an RGBA image.
struct Pixel: Equatable {
    var colour: Colour
    /// 0-1.
    var alpha: Double

    /// Rec. 709 luma of the stored sRGB values, 0-1: what the README's appearance section has the
    /// accented mode use as alpha (and what SVG's luminanceToAlpha computes, with its rounded weights).
    var luma: Double { (0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue) / 255 }

    static func at(_ image: RGBAImage, _ x: Int, _ y: Int) -> Pixel {
        let index = (y * image.width + x) * 4
        return Pixel(colour: Colour(Double(image.pixels[index]), Double(image.pixels[index + 1]), Double(image.pixels[index + 2])),
                     alpha: Double(image.pixels[index + 3]) / 255)
    }
}

/// The colours the page declares for its scenes, read from its stylesheet
/// (`--wall-<scene>`, `--widget-<scene>`, `--tint-<scene>`).
struct PageColours {
    var walls: [String: Colour] = [:]
    var widgets: [String: Colour] = [:]
    var tints: [String: Colour] = [:]

    init(page html: String) throws {
        let pattern = try NSRegularExpression(pattern: "--(wall|widget|tint)-([a-z-]+):(#[0-9a-fA-F]{6})")
        for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let parts = (1...3).compactMap { Range(match.range(at: $0), in: html).map { String(html[$0]) } }
            guard parts.count == 3, let colour = Colour(hex: parts[2]) else { continue }
            switch parts[0] {
            case "wall": walls[parts[1]] = colour
            case "widget": widgets[parts[1]] = colour
            default: tints[parts[1]] = colour
            }
        }
    }
}

/// What a frame should show at a point, worked out from the thumbnail's own pixels and the
/// page's colours, written from the README's description of the modes (its appearance section; not from the page's
/// code): full colour is the image over the widget's background; accented is the tint with
/// alpha = luma x alpha over the wallpaper; vibrant is the luma as grey at the pixel's alpha
/// over the wallpaper. The thumbnail fills the frame like SwiftUI's `.fill`: scaled to cover,
/// centred.
struct RenderModel {
    let image: RGBAImage
    let colours: PageColours

    /// The image point under frame point (`u`, `v`) of a frame `width` x `height`.
    func imagePoint(u: Double, v: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        let scale = max(width / Double(image.width), height / Double(image.height))
        let left = (width - Double(image.width) * scale) / 2
        let top = (height - Double(image.height) * scale) / 2
        return ((u - left) / scale, (v - top) / scale)
    }

    /// The image pixel at frame point (`u`, `v`) when every pixel the browser's filter could
    /// blend there (2 image px around it, more when the image is enlarged; the picture's edge
    /// pixels extend past it) is the same; nil near an edge of the picture's content, where the
    /// browser's resampling decides.
    func uniformPixel(u: Double, v: Double, width: Double, height: Double) -> Pixel? {
        let point = imagePoint(u: u, v: v, width: width, height: height)
        let scale = max(width / Double(image.width), height / Double(image.height))
        let reach = 2 + 1 / scale
        func clampX(_ x: Double) -> Int { min(image.width - 1, max(0, Int(x.rounded(.down)))) }
        func clampY(_ y: Double) -> Int { min(image.height - 1, max(0, Int(y.rounded(.down)))) }
        let x0 = clampX(point.x - reach), x1 = clampX(point.x + reach)
        let y0 = clampY(point.y - reach), y1 = clampY(point.y + reach)
        let centre = Pixel.at(image, clampX(point.x), clampY(point.y))
        for y in y0...y1 {
            for x in x0...x1 {
                let other = Pixel.at(image, x, y)
                if other.colour.distance(to: centre.colour) > 2 || abs(other.alpha - centre.alpha) > 2 / 255 { return nil }
            }
        }
        return centre
    }

    /// The colour `pixel` shows in a frame drawn in `mode` in `scene`.
    func expected(_ pixel: Pixel, mode: String, scene: String) throws -> Colour {
        let wall = try #require(colours.walls[scene], "the page declares no wallpaper for \(scene)")
        switch mode {
        case "fullColor":
            let widget = try #require(colours.widgets[scene], "the page declares no widget background for \(scene)")
            return pixel.colour.over(widget, alpha: pixel.alpha)
        case "accented":
            let tint = try #require(colours.tints[scene], "the page declares no tint for \(scene)")
            return tint.over(wall, alpha: pixel.luma * pixel.alpha)
        case "vibrant":
            let grey = pixel.luma * 255
            return Colour(grey, grey, grey).over(wall, alpha: pixel.alpha)
        default:
            Issue.record("unknown mode \(mode)")
            return wall
        }
    }
}
