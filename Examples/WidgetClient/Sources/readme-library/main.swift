import WidgetThumbnails

// 1. A thumbnail within the widget budget (upright, sRGB, <= 300 KB), sized for a family.
let pipeline = ThumbnailPipeline(options: ThumbnailOptions(family: .systemMedium))
let thumbnail = try pipeline.thumbnail(.path("SampleImages/large-4000x3000.jpg"))
print(thumbnail.size, thumbnail.format, thumbnail.bytes.count, "bytes at quality", thumbnail.quality ?? 0)
print(thumbnail.checksum, thumbnail.colorHandling)
print("under every logged systemMedium cap:", thumbnail.renderCost.cost(for: .systemMedium)!.failingDevices.isEmpty)

// 2. Commit its encoded image with the app's own payload, crash-safely, to the shared container.
struct Payload: Codable, Sendable, Equatable { var title: String; var count: Int }
let store = try SnapshotStore<Payload>(containerAt: "/tmp/widget-container")
let outcome = try store.commit(revision: 1, payload: Payload(title: "Hiking", count: 3), image: thumbnail.storedImage)
print(outcome)

// 3. In the widget extension (WidgetSnapshots alone): what to render, and when that changes.
let reading = SnapshotReader<Payload>(containerAt: "/tmp/widget-container")
    .read(freshness: Freshness(staleAfter: .seconds(1800), expiredAfter: .seconds(6 * 3600)))
switch reading.state {
case .content(let snapshot, let image), .stale(let snapshot, let image):
    print(snapshot.payload.title, image?.data.map { "\($0.count) bytes for UIImage(data:)" } ?? "no image")
case .expired(let snapshot, _):
    print(snapshot.payload.title, "(too old: hide the count)")
case .empty:
    print("nothing committed yet")
case .unavailable(let failure):
    print("unavailable:", failure)
}
print("reload the timeline at:", reading.nextChange != nil ? "in 30 minutes" : "never")
