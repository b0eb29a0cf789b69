#if canImport(FoundationEssentials)
import FoundationEssentials // Date without Foundation's ICU data
#else
import Foundation
#endif
import Glibc
import WidgetRules
import WidgetShared
import WidgetSnapshots

// The widget side: reads whatever is committed, without locks, and renders it. Every state
// renders something; a broken photo costs the photo, not the widget. It links WidgetSnapshots
// and WidgetRules only: no image codec, no colour library (a widget extension has about 30 MB).
let arguments = Arguments(Array(CommandLine.arguments.dropFirst()),
                          usage: "widget-reader --container DIR [--stale-after SECONDS] [--expire-after SECONDS] [--family F]")
let container = arguments.required("container")
@MainActor func seconds(_ name: String) -> Duration? {
    arguments.optional(name).map { text -> Duration in
        guard let seconds = Int64(text), seconds >= 0 else { arguments.fail("--\(name) takes whole seconds") }
        return .seconds(seconds)
    }
}
// A guard rather than `?? fail(...)`: Swift 6.3 does not take a Never call as the default of `??`.
let family = arguments.optional("family").map { name -> WidgetFamily in
    guard let family = WidgetFamily(name: name) else { arguments.fail("--family: unknown family \(name)") }
    return family
}
let freshness = Freshness(staleAfter: seconds("stale-after") ?? seconds("max-age"), expiredAfter: seconds("expire-after"))

/// The text a widget would draw for a snapshot.
func render(_ snapshot: Snapshot<WidgetPayload>, _ image: SnapshotImage?, note: String?, showValues: Bool = true) -> [String] {
    var lines = ["┌ \(snapshot.payload.title)" + (note.map { " (\($0))" } ?? "")]
    lines.append(showValues ? "│ count: \(snapshot.payload.count)" : "│ count: hidden (too old to trust)")
    if let image, image.status == .ok, let data = image.data {
        // `data` is what UIImage(data:) takes.
        let reference = image.reference
        lines.append("│ image: \(reference.pixelWidth)x\(reference.pixelHeight) \(reference.format.rawValue), \(data.count) bytes")
        // The widget's own family, sized by WidgetRules from the catalogue: whether the image is
        // under the archival cap of every current device's slot (over it, WidgetKit draws the
        // placeholder), decided in the extension with no codec linked.
        if let family {
            let size = PixelSize(width: reference.pixelWidth, height: reference.pixelHeight)
            if let cost = RenderCost(size: size).cost(for: family), cost.isOffered {
                let failing = cost.failingDevices.count
                lines.append("│ \(family.rawValue): " + (failing == 0 ? "under the archival cap on every device"
                                                                     : "over the archival cap on \(failing) slot(s)"))
            }
        }
    } else if let image {
        lines.append("│ no image (\(image.status.rawValue): \(image.reason ?? "no reason given"))")
    } else {
        lines.append("│ no image (none committed)")
    }
    lines.append("└ revision \(snapshot.revision), updated by \(snapshot.payload.updatedBy) at \(snapshot.generatedAtText)")
    return lines
}

let reading = SnapshotReader<WidgetPayload>(containerAt: container).read(freshness: freshness)
switch reading.state {
case .content(let snapshot, let image):
    render(snapshot, image, note: nil).forEach { print($0) }
case .stale(let snapshot, let image):
    render(snapshot, image, note: "stale: open the app to refresh").forEach { print($0) }
case .expired(let snapshot, let image):
    render(snapshot, image, note: "expired", showValues: false).forEach { print($0) }
case .empty:
    print("Nothing to show yet: open the app once.")
case .unavailable(let failure):
    print("Widget unavailable: \(failure)")
    exit(1)
}
// A timeline provider would pass this to `.after(_:)` instead of polling.
if let next = reading.nextChange { print("next change in \(Int(next.timeIntervalSinceNow.rounded(.up))) s") }
