import Glibc
import WidgetShared
import WidgetThumbnails

// The app side: when the app's data changes, it thumbnails the photo for the widget and
// commits it with the payload as one revision. The store makes it crash-safe; the revision
// rules make a late or repeated write harmless.
let arguments = Arguments(
    Array(CommandLine.arguments.dropFirst()),
    usage: "widget-writer --container DIR --photo FILE --revision N [--title TEXT] [--count N] [--family F]")
let container = arguments.required("container")
let photo = arguments.required("photo")
guard let revision = UInt64(arguments.required("revision")) else { arguments.fail("--revision takes a whole number") }
guard let count = Int(arguments.optional("count") ?? "0") else { arguments.fail("--count takes a whole number") }
var options = ThumbnailOptions()
if let name = arguments.optional("family") {
    guard let family = WidgetFamily(rawValue: name) else { arguments.fail("unknown family '\(name)'") }
    options.family = family
}
let payload = WidgetPayload(title: arguments.optional("title") ?? "Trip photos", count: count, updatedBy: "widget-writer")

do {
    let store = try SnapshotStore<WidgetPayload>(containerAt: container)
    let commit = try store.commit(revision: revision, payload: payload, originalAtPath: photo, options: options)
    let thumbnail = commit.thumbnail
    let what = commit.outcome == .committed ? "committed" : "already committed (idempotent)"
    print("revision \(revision) \(what): \"\(payload.title)\", count \(payload.count), "
          + "\(thumbnail.format.rawValue) \(thumbnail.size.width)x\(thumbnail.size.height), \(thumbnail.bytes.count) bytes")
} catch {
    // `stale` and `conflict` say so in their descriptions.
    StandardError.write("widget-writer: \(error)")
    exit(1)
}
