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
    package static func androidSuffix(_ cells: String) -> String { androidPrefix + cells }

    static let androidPrefix = "android-"

    /// Whether a (lowercased) name part is a span's suffix (`android-2x2`, any span, listed or
    /// not: a name is kept off every one a run could write), which `OutputNaming` keeps for
    /// span outputs.
    static func isAndroidSuffix(_ lowered: some StringProtocol) -> Bool {
        guard lowered.hasPrefix(androidPrefix) else { return false }
        let sides = lowered.dropFirst(androidPrefix.count).split(separator: "x", omittingEmptySubsequences: false)
        return sides.count == 2 && sides.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

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
