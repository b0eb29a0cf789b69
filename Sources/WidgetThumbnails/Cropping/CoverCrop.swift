/// How a thumbnail fills its box (`--fit`).
public enum FitMode: String, Sendable, Codable, CaseIterable {
    /// The whole picture, fitted inside the box (aspect ratio kept): the default.
    case contain
    /// The box's shape, filled: the picture is cropped to it first (`CropPosition` says where),
    /// as a widget's `.aspectRatio(contentMode: .fill)` would crop it, but before the widget
    /// pays to decode the pixels it throws away.
    case cover
}

/// Where a cover crop's window goes (`--crop`, `--focus`).
public enum CropPosition: Sendable, Hashable {
    /// The middle of the picture, as SwiftUI's fill crops it.
    case centre
    /// The window with the most information: edge slices with the least colour-histogram entropy
    /// are cut first (libvips' `entropy`).
    case entropy
    /// Where edges, saturated colour and skin tones gather (libvips' `attention`).
    case attention
    /// Centred on a point the caller chose (a face an app detected, say), as fractions 0-1 of
    /// the upright picture's width and height, the window kept inside the picture.
    case focus(x: Double, y: Double)

    /// The positions chosen by name (`focus` takes a point instead).
    public static let named: [CropPosition] = [.centre, .entropy, .attention]

    /// The named position called `name` (`center` is `centre`), or nil.
    public init?(name: String) {
        guard let position = Self.named.first(where: { $0.name == name }) ?? (name == "center" ? .centre : nil) else {
            return nil
        }
        self = position
    }

    /// The content-aware strategy that places this crop, or nil for `.centre` and `.focus`,
    /// which need no look at the pixels.
    var smartStrategy: SmartCrop.Strategy? {
        switch self {
        case .entropy: .entropy
        case .attention: .attention
        case .centre, .focus: nil
        }
    }

    /// The name `--crop` takes (`focus` for a point).
    public var name: String {
        switch self {
        case .centre: "centre"
        case .entropy: "entropy"
        case .attention: "attention"
        case .focus: "focus"
        }
    }
}

/// A rectangle of pixels: origin at the top left, whole pixels.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width and height.
    public var size: PixelSize

    /// A rectangle at (`x`, `y`) of `size`.
    public init(x: Int, y: Int, size: PixelSize) {
        self.x = x
        self.y = y
        self.size = size
    }

    /// `WxH+X+Y`, ImageMagick's geometry.
    public var description: String { "\(size)+\(x)+\(y)" }

    private enum CodingKeys: String, CodingKey { case x, y, width, height }

    /// Reads `{"x", "y", "width", "height"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x: try container.decode(Int.self, forKey: .x), y: try container.decode(Int.self, forKey: .y),
                  size: PixelSize(width: try container.decode(Int.self, forKey: .width),
                                  height: try container.decode(Int.self, forKey: .height)))
    }

    /// Writes `{"x", "y", "width", "height"}`, flat, as a script reads a rectangle.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(size.width, forKey: .width)
        try container.encode(size.height, forKey: .height)
    }
}

/// The cover crop's arithmetic: the window of the picture with the output's shape, placed by
/// a `CropPosition`, and the output size it makes. Everything in upright pixels; the pipeline
/// maps the window to the stored orientation (`storedRect`) to crop the decoded image.
enum CoverCrop {
    /// The largest window of `source` with `shape`'s aspect ratio (at least 1x1).
    static func windowSize(source: PixelSize, shape: PixelSize) -> PixelSize {
        let aspect = Double(shape.width) / Double(shape.height)
        if Double(source.width) / Double(source.height) > aspect {
            let width = min(source.width, max(1, Int((Double(source.height) * aspect).rounded())))
            return PixelSize(width: width, height: source.height)
        }
        let height = min(source.height, max(1, Int((Double(source.width) / aspect).rounded())))
        return PixelSize(width: source.width, height: height)
    }

    /// The output of a `window`-sized crop for `target`: `target`, or the window itself when
    /// it is smaller (a cover crop never upscales).
    static func outputSize(window: PixelSize, target: PixelSize) -> PixelSize {
        window.width <= target.width || window.height <= target.height
            ? PixelSize(width: min(window.width, target.width), height: min(window.height, target.height))
            : target
    }

    /// The size the whole upright `source` is resampled to so that a window of `target`'s
    /// shape covers `target` (what the decoder must keep for the crop: its shrink-on-load box).
    static func coveringSize(source: PixelSize, target: PixelSize) -> PixelSize {
        let scale = min(1, max(Double(target.width) / Double(source.width), Double(target.height) / Double(source.height)))
        return PixelSize(width: min(source.width, max(1, Int((Double(source.width) * scale).rounded(.up)))),
                         height: min(source.height, max(1, Int((Double(source.height) * scale).rounded(.up)))))
    }

    /// The window's origin for `.centre` and `.focus` (the content-aware positions need the
    /// pixels: `SmartCrop`), kept inside `source`.
    static func origin(of window: PixelSize, in source: PixelSize, centredAt point: (x: Double, y: Double)) -> (x: Int, y: Int) {
        func place(_ length: Int, _ total: Int, _ centre: Double) -> Int {
            let start = (centre * Double(total) - Double(length) / 2).rounded()
            return Int(min(max(0, start), Double(total - length)))
        }
        return (place(window.width, source.width, point.x), place(window.height, source.height, point.y))
    }

    /// `upright` (a rectangle of the picture as shown) in the stored image's coordinates,
    /// for a stored image of `stored` size shown with `orientation`.
    static func storedRect(_ upright: PixelRect, stored: PixelSize, orientation: EXIFOrientation) -> PixelRect {
        let shown = orientation.orientedSize(stored)
        let (x, y, w, h) = (upright.x, upright.y, upright.size.width, upright.size.height)
        // The upright rectangle's corners, each mapped back; the stored rectangle spans them.
        let right = shown.width - x - w   // distance from the shown right edge
        let bottom = shown.height - y - h
        let (sx, sy): (Int, Int) = switch orientation {
        case .up: (x, y)
        case .upMirrored: (right, y)
        case .down: (right, bottom)
        case .downMirrored: (x, bottom)
        case .leftMirrored: (y, x)
        case .right: (y, right)
        case .rightMirrored: (bottom, right)
        case .left: (bottom, x)
        }
        return PixelRect(x: sx, y: sy, size: orientation.swapsAxes ? upright.size.transposed : upright.size)
    }

    /// `stored` (a rectangle of the stored image, of `storedSize`) as the picture shows it
    /// with `orientation`: the inverse of `storedRect`.
    static func uprightRect(_ stored: PixelRect, stored storedSize: PixelSize, orientation: EXIFOrientation) -> PixelRect {
        // Read as a picture shown upright, the stored image is the upright one turned back.
        let inverse: EXIFOrientation = switch orientation {
        case .right: .left
        case .left: .right
        default: orientation
        }
        return storedRect(stored, stored: orientation.orientedSize(storedSize), orientation: inverse)
    }

    /// `rect` of `stored` scaled to an image of `decoded` size (the same picture, shrunk on
    /// load), rounded outward to whole pixels and kept inside.
    static func scaled(_ rect: PixelRect, from stored: PixelSize, to decoded: PixelSize) -> PixelRect {
        if stored == decoded { return rect }
        let sx = Double(decoded.width) / Double(stored.width)
        let sy = Double(decoded.height) / Double(stored.height)
        let x = Int((Double(rect.x) * sx).rounded())
        let y = Int((Double(rect.y) * sy).rounded())
        let width = max(1, min(decoded.width - x, Int((Double(rect.size.width) * sx).rounded())))
        let height = max(1, min(decoded.height - y, Int((Double(rect.size.height) * sy).rounded())))
        return PixelRect(x: min(x, decoded.width - 1), y: min(y, decoded.height - 1),
                         size: PixelSize(width: width, height: height))
    }
}

extension RGBAImage {
    /// The pixels inside `rect` (which must lie inside the image), as a new image.
    func cropped(to rect: PixelRect) -> RGBAImage {
        if rect.x == 0, rect.y == 0, rect.size == size { return self }
        let rowBytes = rect.size.width * 4
        var out = [UInt8](repeating: 0, count: rect.size.area * 4)
        out.withUnsafeMutableBufferPointer { target in
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<rect.size.height {
                    let from = ((rect.y + row) * width + rect.x) * 4
                    target.baseAddress!.advanced(by: row * rowBytes)
                        .update(from: source.baseAddress!.advanced(by: from), count: rowBytes)
                }
            }
        }
        return RGBAImage(width: rect.size.width, height: rect.size.height, pixels: out)
    }
}
