/// A size in points: a catalogue row's screen (whole points; slots are kept in pixels).
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

    /// `393x852`: whole points without a fraction, as the reports print screens.
    public var description: String { "\(Self.text(width))x\(Self.text(height))" }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
