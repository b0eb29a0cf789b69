import Foundation
import WidgetThumbnails

/// The frame shape as the preview page draws it (the shape itself is a WidgetRules fact).
extension WidgetFrameShape {
    /// The CSS `border-radius` value.
    var css: String {
        switch self {
        case .circle: "50%"
        case .rounded(let points): "\(CSSNumber.text(points))px"
        }
    }

    /// What the footer says about the shapes, for every family at once.
    static var footnote: String {
        let unpublishedNames = unpublished.map(\.rawValue).joined(separator: ", ")
        return "Corners: the system families are rounded by \(CSSNumber.text(systemCornerRadius)) pt, from \(radiusSource); "
            + "accessoryCircular is a circle. No radius is published for \(unpublishedNames): they are drawn with the "
            + "same \(CSSNumber.text(systemCornerRadius)) pt (at most half the shorter side, a capsule) rather than square, "
            + "so content in their corners shows as at risk rather than safe."
    }
}


/// Numbers as the page writes them: at most two decimals, no trailing zeros (176.67, 21.6, 60).
enum CSSNumber {
    static func text(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int(hundredths / 100)) }
        if hundredths.truncatingRemainder(dividingBy: 10) == 0 { return String(format: "%.1f", hundredths / 100) }
        return String(format: "%.2f", hundredths / 100)
    }
}
