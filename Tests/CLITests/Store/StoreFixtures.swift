import Foundation
import Glibc
import Testing
import WidgetThumbnails
import TestSupport

/// A temporary directory with a container path in it and two tiny originals (opaque PNGs of
/// different shapes, so a thumbnail shows which one it came from), for the store commands.
struct StoreFixture {
    let directory: TemporaryDirectory
    /// Not created: `commit` creates it.
    let container: String
    /// 8x6 and 6x8 originals; their thumbnails keep those sizes (never upscaled).
    let landscape: String
    let portrait: String

    static let landscapeSize = PixelSize(width: 8, height: 6)
    static let portraitSize = PixelSize(width: 6, height: 8)

    init() throws {
        directory = try TemporaryDirectory()
        container = directory.file("container")
        landscape = try directory.write("landscape.png", Self.png(Self.landscapeSize, seed: 1))
        portrait = try directory.write("portrait.png", Self.png(Self.portraitSize, seed: 2))
    }

    func remove() { directory.remove() }

    /// Every file's name, inode and size in the container, the lock file aside: what a command
    /// that must change nothing leaves as it was.
    func files() throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: container))
        for case let name as String in enumerator where name != ".lock" {
            var info = stat()
            guard lstat(container + "/" + name, &info) == 0 else { continue }
            files[name] = "\(info.st_ino) \(info.st_size)"
        }
        return files
    }

    /// The original used for `revision` in the crash and concurrency tests: even revisions
    /// landscape, odd ones portrait.
    func original(for revision: UInt64) -> String { revision % 2 == 0 ? landscape : portrait }

    static func expectedSize(for revision: UInt64) -> PixelSize { revision % 2 == 0 ? landscapeSize : portraitSize }

    /// Writes `{"revision":N}` for `revision` and returns its path: each revision's content is
    /// a function of the revision alone, so two writers of one revision never conflict.
    func payload(for revision: UInt64) throws -> String {
        try directory.write("payload-\(revision).json", Array("{\"revision\":\(revision)}".utf8))
    }

    /// `commit --container <container> --revision N --image <original> --payload <payload>`.
    func commitArguments(_ revision: UInt64) throws -> [String] {
        ["commit", "--container", container, "--revision", String(revision),
         "--image", original(for: revision), "--payload", try payload(for: revision)]
    }

    /// Commits revisions 1-3 through `binary` and returns the median wall time of one commit
    /// here, start to exit: the crash tests spread their kills over that span.
    func commitFirstThree(with binary: String) throws -> Double {
        var durations: [Double] = []
        for revision: UInt64 in 1...3 {
            let result = try ChildProcess.run(binary, commitArguments(revision))
            try #require(result.status == 0, "\(result)")
            durations.append(result.wallSeconds)
        }
        return durations.sorted()[1]
    }

    /// Starts `commit` of `revision` through `binary`, SIGKILLs it after a delay drawn from
    /// `random` between 0 and `span` seconds, and returns how it ended and that delay: the crash
    /// and stress tests' kill at a random moment.
    func commitKilled(_ revision: UInt64, with binary: String, within span: Double,
                      using random: inout StoreTestRandom) throws -> (ending: ChildProcess.Ending, delay: Double) {
        let arguments = try commitArguments(revision)
        let delay = Double.random(in: 0...span, using: &random)
        let child = try SpawnedProcess.start(binary, arguments)
        usleep(UInt32(delay * 1_000_000))
        child.kill()
        return (child.wait(), delay)
    }

    /// An opaque gradient, encoded as PNG by the library (deterministic bytes).
    private static func png(_ size: PixelSize, seed: UInt8) throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                pixels += [UInt8(x * 30) &+ seed, UInt8(y * 30), seed &* 60, 255]
            }
        }
        return try ImageEncoder.encode(RGBAImage(width: size.width, height: size.height, pixels: pixels),
                                       format: .png, quality: 0)
    }
}

/// What a reader found in a container, checked for completeness: the manifest (parsed here,
/// independently of the library) names the same revision as the snapshot the reader returned,
/// the payload is that revision's, and the image is present, intact and the right original's.
struct ContainerObservation {
    enum State: String, CaseIterable {
        case empty, content, stale, unavailable
    }

    var state: State
    var revision: UInt64?
    /// Empty when the container holds one complete revision (or nothing yet).
    var defects: [String] = []

    init(container: String) {
        let read = SnapshotReader<JSONValue>(containerAt: container).read()
        switch read {
        case .empty:
            state = .empty
        case .unavailable(let failure):
            state = .unavailable
            defects.append("unavailable: \(failure)")
        case .stale(let snapshot, let image), .expired(let snapshot, let image), .content(let snapshot, let image):
            state = read.isStale ? .stale : .content
            revision = snapshot.revision
            check(snapshot, image, container: container)
        }
    }

    private mutating func check(_ snapshot: Snapshot<JSONValue>, _ image: SnapshotImage?, container: String) {
        let manifest = Self.manifestRevision(container)
        if manifest != snapshot.revision {
            defects.append("current.json says revision \(manifest.map(String.init) ?? "none"), the snapshot \(snapshot.revision)")
        }
        if snapshot.payload != .object(["revision": .integer(Int64(snapshot.revision))]) {
            defects.append("revision \(snapshot.revision) carries the payload \(snapshot.payload)")
        }
        guard let image else {
            defects.append("revision \(snapshot.revision) has no image")
            return
        }
        guard image.status == .ok, let bytes = image.bytes else {
            defects.append("image \(image.reference.relativePath): \(image.status): \(image.reason ?? "")")
            return
        }
        if image.reference.checksum != .sha256(SHA256Digest.of(bytes)) {
            defects.append("image bytes do not hash to \(image.reference.checksum)")
        }
        let expected = StoreFixture.expectedSize(for: snapshot.revision)
        let size = PixelSize(width: image.reference.pixelWidth, height: image.reference.pixelHeight)
        if size != expected {
            defects.append("revision \(snapshot.revision) shows a \(size) image, its original is \(expected)")
        }
    }

    /// `revision` from current.json, read with JSONSerialization (not the library's decoder).
    static func manifestRevision(_ container: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: container + "/current.json"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let number = object["revision"] as? NSNumber else { return nil }
        return number.uint64Value
    }
}

private extension ReadState {
    var isStale: Bool {
        if case .stale = self { return true }
        return false
    }
}

typealias StoreTestRandom = SplitMix64

/// `verify` of the library, in-process (the CLI's `verify` is run too, less often: it is
/// the same code behind a process start).
func verifyInProcess(_ container: String) throws -> VerificationReport {
    var options = StoreOptions()
    options.creation = .mustExist
    return try SnapshotStore<JSONValue>(containerAt: container, options: options).verify()
}

func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
