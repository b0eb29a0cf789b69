import WidgetThumbnails

/// How the system rounds a widget's frame, per family: the one place the preview page and its
/// footer take the radius from. The figures and their source are explained in the README's
/// "The preview page" section.
enum WidgetFrameShape: Equatable {
    /// A circle inscribed in the frame.
    case circle
    /// A rectangle with every corner rounded by `points`; a radius over half the shorter side
    /// becomes a capsule (CSS scales such radii down).
    case rounded(points: Double)

    /// The only corner radius on record: WidgetKit's logged key `systemMedium::338.00/158.00/21.60`
    /// (width, height and corner radius in points) for a medium widget.
    static let systemCornerRadius = 21.6

    /// Where `systemCornerRadius` comes from, as the page's footer says it.
    static let radiusSource = "WidgetKit's own logged widget key systemMedium::338.00/158.00/21.60 "
        + "(width/height/corner radius in points), quoted in thread 746574 of Apple's developer forums"

    /// The families whose radius nobody has published or measured.
    static let unpublished: [WidgetFamily] = [.accessoryRectangular, .accessoryInline, .accessoryCorner]

    /// The shape of `family`'s frame. No radius is published for the rectangular, inline and
    /// corner accessories: they are rounded like the system families rather than drawn square,
    /// so content in their corners shows as at risk instead of safe.
    static func of(_ family: WidgetFamily) -> WidgetFrameShape {
        family == .accessoryCircular ? .circle : .rounded(points: systemCornerRadius)
    }

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
