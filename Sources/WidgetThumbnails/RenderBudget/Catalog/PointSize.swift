/// A size in points: a screen (whole points) or a widget slot (iPad canvas sizes have
/// halves, so not integers).
public struct PointSize: Sendable, Hashable, CustomStringConvertible {
    /// Points across.
    public let width: Double
    /// Points down.
    public let height: Double

    /// A size of `width` x `height` points.
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    /// The size `393x852` (or `160.5x72`) spells; nil for any other text.
    init?(text: String) {
        let sides = text.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]),
              width >= 0, height >= 0 else { return nil }
        self.init(width, height)
    }

    /// `393x852`: whole points without a fraction, as the reports print screens.
    public var description: String { "\(Self.text(width))x\(Self.text(height))" }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
