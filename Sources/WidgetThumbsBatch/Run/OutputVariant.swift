import WidgetThumbnails

/// What one of an input's several outputs is made for: a widget family (`--families`) or an
/// Android cell span with its box (`--platform android --cells` listing several spans). Both
/// come from the input's one decode, are named `<base>.<suffix>.<ext>` and are judged by their
/// own records, so `BatchJob` and `OutputFingerprints` handle them alike.
package enum OutputVariant: Hashable, Sendable {
    case family(WidgetFamily)
    /// The span and the box it is fitted to (`AndroidTarget.box`).
    case androidSpan(AndroidCellSpan, box: PixelSize)

    /// The variant's part of an output name, and how reports and warnings name the output:
    /// `systemSmall`, or `android-2x2` as `thumbnail --cells` names its files.
    package var suffix: String {
        switch self {
        case .family(let family): family.rawValue
        case .androidSpan(let span, _): Self.androidSuffix(span.description)
        }
    }

    /// `android-<CxR>`: a span output's name suffix, from its cells as reports keep them.
    package static func androidSuffix(_ cells: String) -> String { "android-\(cells)" }

    var family: WidgetFamily? {
        if case .family(let family) = self { family } else { nil }
    }

    /// The span as reports name it (`2x2`).
    var cells: String? {
        if case .androidSpan(let span, _) = self { span.description } else { nil }
    }

    /// The run's options made for this output, as the pipeline makes them from one decode.
    func options(_ run: ThumbnailOptions) -> ThumbnailOptions {
        switch self {
        case .family(let family): run.forFamily(family)
        case .androidSpan(_, let box): run.forBox(box)
        }
    }
}
