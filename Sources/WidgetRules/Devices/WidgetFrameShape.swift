import WidgetSnapshots

/// How the system rounds a widget's frame, per family: the one place the preview page and its
/// footer take the radius from. The figures and their source are explained in the README's
/// "The preview page" section.
public enum WidgetFrameShape: Sendable, Equatable {
    /// A circle inscribed in the frame.
    case circle
    /// A rectangle with every corner rounded by `points`; a radius over half the shorter side
    /// becomes a capsule (CSS scales such radii down).
    case rounded(points: Double)

    /// The only corner radius on record: WidgetKit's logged key `systemMedium::338.00/158.00/21.60`
    /// (width, height and corner radius in points) for a medium widget.
    public static let systemCornerRadius = 21.6

    /// Where `systemCornerRadius` comes from, as the page's footer says it.
    public static let radiusSource = "WidgetKit's own logged widget key systemMedium::338.00/158.00/21.60 "
        + "(width/height/corner radius in points), quoted in thread 746574 of Apple's developer forums"

    /// The families whose radius nobody has published or measured.
    public static let unpublished: [WidgetFamily] = [.accessoryRectangular, .accessoryInline, .accessoryCorner]

    /// The shape of `family`'s frame. No radius is published for the rectangular, inline and
    /// corner accessories: they are rounded like the system families rather than drawn square,
    /// so content in their corners shows as at risk instead of safe.
    public static func of(_ family: WidgetFamily) -> WidgetFrameShape {
        family == .accessoryCircular ? .circle : .rounded(points: systemCornerRadius)
    }
}
