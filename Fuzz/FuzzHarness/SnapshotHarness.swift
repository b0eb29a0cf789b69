import Foundation
import WidgetThumbnails

/// One fuzz input through the reader's parsing: the layout-path and container-path grammars
/// (on the input as text), then either `current.json` (even lengths) or a snapshot bound by a
/// correct manifest (odd lengths), read with `SnapshotReader<JSONValue>` from a container in
/// /dev/shm. Traps when anything accepted breaks the grammar or the reader's promises.
public enum SnapshotHarness {
    /// The revision a fuzzed snapshot is written as.
    public static let snapshotRevision: UInt64 = 7
    /// The revision of the fixed snapshot a fuzzed manifest may point at.
    public static let fixedRevision: UInt64 = 1

    public static func run(_ data: UnsafeBufferPointer<UInt8>) -> Int32 {
        let bytes = Array(data)
        PathProperties.check(String(decoding: bytes, as: UTF8.self))
        if bytes.count % 2 == 0 { readManifest(bytes) } else { readSnapshot(bytes) }
        return 0
    }

    static func readManifest(_ bytes: [UInt8]) {
        let root = FuzzContainer.manifests
        root.write("current.json", bytes)
        let state = SnapshotReader<JSONValue>(containerAt: root.path).read()
        if case .content(let snapshot, let image) = state {
            // Only the fixed snapshot exists and only its checksum can match.
            require(snapshot.revision == fixedRevision, "a manifest led to revision \(snapshot.revision)")
            check(image, revision: snapshot.revision)
        }
        if case .empty = state { fatalError("fuzz invariant: a container with a current.json read as empty") }
    }

    static func readSnapshot(_ bytes: [UInt8]) {
        let root = FuzzContainer.snapshots
        let name = "snapshot-\(snapshotRevision).json"
        root.write("snapshots/\(name)", bytes)
        root.write("current.json", FuzzContainer.manifest(revision: snapshotRevision, for: bytes))
        let state = SnapshotReader<JSONValue>(containerAt: root.path).read()
        switch state {
        case .content(let snapshot, let image), .stale(let snapshot, let image), .expired(let snapshot, let image):
            require(snapshot.revision == snapshotRevision, "snapshot \(name) read as revision \(snapshot.revision)")
            check(image, revision: snapshot.revision)
        case .unavailable: break
        case .empty: fatalError("fuzz invariant: a container with a current.json read as empty")
        }
    }

    /// An image handed out as `.ok` is in the grammar, of this revision and format, and is
    /// exactly the bytes on disk.
    static func check(_ image: SnapshotImage?, revision: UInt64) {
        guard let image else { return }
        guard image.status == .ok else {
            require(image.bytes == nil, "a \(image.status) image came with bytes")
            return
        }
        let path = try? LayoutPath(parsing: image.reference.relativePath)
        require(path == .image(revision: revision, format: image.reference.format),
                "an .ok image at \(image.reference.relativePath) in revision \(revision)")
        require(image.bytes == FuzzContainer.imageBytes, "an .ok image with other bytes than the file's")
    }
}
