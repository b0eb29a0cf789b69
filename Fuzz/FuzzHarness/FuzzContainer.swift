import Foundation
import WidgetThumbnails

/// The two containers the snapshot fuzzer reads from, made once per process in /dev/shm (so
/// the file writes of each run cost microseconds) and removed at exit.
struct FuzzContainer: Sendable {
    let path: String

    /// For fuzzed manifests: a fixed snapshot of revision 1 that binds the fixed image.
    static let manifests = FuzzContainer(kind: "manifest") { container in
        let snapshot = fixedSnapshot
        container.write("snapshots/snapshot-\(SnapshotHarness.fixedRevision).json", snapshot)
        container.write("images/thumbnail-\(SnapshotHarness.fixedRevision).png", imageBytes)
    }

    /// For fuzzed snapshots (revision 7), with the fixed image as revision 7's.
    static let snapshots = FuzzContainer(kind: "snapshot") { container in
        container.write("images/thumbnail-\(SnapshotHarness.snapshotRevision).png", imageBytes)
    }

    /// A 2x2 RGBA PNG (76 bytes); Fuzz/make-seeds.py writes the same bytes, so seed snapshots
    /// can name it with its real checksum.
    static let imageBytes: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xB6, 0x0D,
        0x24, 0x00, 0x00, 0x00, 0x13, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x0C, 0x81, 0x34, 0x08, 0x34, 0x00, 0x00, 0x49, 0x49, 0x09, 0x78, 0x9C, 0x51, 0x17, 0x92,
        0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// Revision 1's snapshot; make-seeds.py writes the same text (its manifest seed binds it).
    static let fixedSnapshot = Array((
        "{\"schemaVersion\":1,\"revision\":1,\"generatedAt\":\"2025-01-01T00:00:00Z\",\"payload\":{\"title\":\"fixed\"},"
        + "\"image\":{\"relativePath\":\"images/thumbnail-1.png\",\"checksum\":\"\(checksum(imageBytes))\","
        + "\"byteCount\":76,\"pixelWidth\":2,\"pixelHeight\":2,\"format\":\"png\"}}\n").utf8)

    static func manifest(revision: UInt64, for snapshot: [UInt8]) -> [UInt8] {
        Array(("{\"schemaVersion\":1,\"revision\":\(revision),\"snapshot\":\"snapshots/snapshot-\(revision).json\","
            + "\"checksum\":\"\(checksum(snapshot))\"}\n").utf8)
    }

    static func checksum(_ bytes: [UInt8]) -> String { "sha256:\(SHA256Digest.of(bytes).hex)" }

    private init(kind: String, setUp: (FuzzContainer) -> Void) {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        path = "\(base)/wt-fuzz-\(kind)-\(getpid())"
        for directory in ["images", "snapshots"] {
            try? FileManager.default.createDirectory(atPath: "\(path)/\(directory)", withIntermediateDirectories: true)
        }
        setUp(self)
        Self.removeAtExit(path)
    }

    func write(_ relative: String, _ bytes: [UInt8]) {
        let ok = FileManager.default.createFile(atPath: "\(path)/\(relative)", contents: Data(bytes))
        require(ok, "cannot write \(path)/\(relative)")
    }

    private static func removeAtExit(_ path: String) {
        Cleanup.paths.withLock { paths in
            if paths.isEmpty { atexit { Cleanup.removeAll() } }
            paths.append(path)
        }
    }
}

import Synchronization

private enum Cleanup {
    static let paths = Mutex<[String]>([])
    static func removeAll() {
        for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
