/// One geometric transform property of a HEIF image item, in the order the file lists them.
/// libheif applies them (once) when it decodes; we only read them to report what was done.
public enum HEIFTransform: Sendable, Equatable, Codable, CustomStringConvertible {
    /// `irot`: rotate anticlockwise by this many degrees (0, 90, 180, 270).
    case rotation(degreesAnticlockwise: Int)
    /// `imir`: mirror about the vertical axis (left-right) or the horizontal one (top-bottom).
    case mirror(Axis)
    /// `clap`: crop to a clean aperture of this size (rounded down), centred with an offset.
    case cleanAperture(width: Int, height: Int)

    /// The axis an `imir` property mirrors about.
    public enum Axis: String, Sendable, Codable {
        /// `vertical`: left-right mirror; `horizontal`: top-bottom mirror.
        case vertical, horizontal
    }

    /// The property and its value, as `inspect` prints it ("irot 90° anticlockwise").
    public var description: String {
        switch self {
        case .rotation(let degrees): "irot \(degrees)° anticlockwise"
        case .mirror(let axis): "imir about the \(axis.rawValue) axis"
        case .cleanAperture(let width, let height): "clap \(width)x\(height)"
        }
    }
}
