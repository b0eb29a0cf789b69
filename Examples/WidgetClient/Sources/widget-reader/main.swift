import Foundation
import Glibc
import WidgetShared
import WidgetThumbnails

// The widget side: reads whatever is committed, without locks, and renders it. Every state
// renders something; a broken photo costs the photo, not the widget.
let arguments = Arguments(Array(CommandLine.arguments.dropFirst()),
                          usage: "widget-reader --container DIR [--max-age SECONDS]")
let container = arguments.required("container")
let maxAge = arguments.optional("max-age").map { text -> Duration in
    guard let seconds = Int64(text), seconds >= 0 else { arguments.fail("--max-age takes whole seconds") }
    return .seconds(seconds)
}

/// The text a widget would draw for a snapshot.
func render(_ snapshot: Snapshot<WidgetPayload>, _ image: SnapshotImage?, note: String?) -> [String] {
    var lines = ["┌ \(snapshot.payload.title)" + (note.map { " (\($0))" } ?? "")]
    lines.append("│ count: \(snapshot.payload.count)")
    if let image, image.status == .ok, let bytes = image.bytes {
        let reference = image.reference
        lines.append("│ image: \(reference.pixelWidth)x\(reference.pixelHeight) \(reference.format.rawValue), \(bytes.count) bytes")
    } else if let image {
        lines.append("│ no image (\(image.status.rawValue): \(image.reason ?? "no reason given"))")
    } else {
        lines.append("│ no image (none committed)")
    }
    lines.append("└ revision \(snapshot.revision), updated by \(snapshot.payload.updatedBy) at \(snapshot.generatedAt.formatted(.iso8601))")
    return lines
}

switch SnapshotReader<WidgetPayload>(containerAt: container).read(maxAge: maxAge) {
case .content(let snapshot, let image):
    render(snapshot, image, note: nil).forEach { print($0) }
case .stale(let snapshot, let image):
    render(snapshot, image, note: "stale: open the app to refresh").forEach { print($0) }
case .empty:
    print("Nothing to show yet: open the app once.")
case .unavailable(let failure):
    print("Widget unavailable: \(failure)")
    exit(1)
}
