import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

/// Hostile paths and files planted on disk: each hostile path goes into a snapshot's image
/// reference or into the manifest's snapshot field, and each hostile file sits where the image or
/// snapshot should be. The "secret" files outside (and the decoys inside) carry exactly the
/// checksum the planted JSON claims, so a reader that opened one would report it as good:
/// these tests fail if anything is read. Every case runs through openat2 and through the
/// forced component walk, under a deadline (a FIFO must not block).
@Suite struct ConfinedPathHostileTests {
    enum Plant: String, Sendable, CaseIterable {
        /// The path is a snapshot's `image.relativePath`; the image must be `rejected`.
        case imageReference
        /// The path is the manifest's `snapshot`; the read must be `unavailable`.
        case manifestSnapshot
    }

    /// A hostile path as text, for the image and for the snapshot slot ($R = the scratch root).
    struct Lexical: Sendable, CustomTestStringConvertible {
        var id: String
        var image: String
        var snapshot: String
        var testDescription: String { id }
    }

    static let lexical: [Lexical] = [
        .init(id: "1 empty", image: "", snapshot: ""),
        .init(id: "2 dot", image: ".", snapshot: "."),
        .init(id: "3 dot slash", image: "./", snapshot: "./"),
        .init(id: "4a ./.", image: "./.", snapshot: "./."),
        .init(id: "4b ./..", image: "./..", snapshot: "./.."),
        .init(id: "5 dotdot", image: "..", snapshot: ".."),
        .init(id: "6 ../ (CVE-2025-22873)", image: "../", snapshot: "../"),
        .init(id: "7a ../secret", image: "../secret.png", snapshot: "../secret.json"),
        .init(id: "7b ../ROOT/target", image: "../container/images/thumbnail-1.png", snapshot: "../container/snapshots/snapshot-1.json"),
        .init(id: "8 a/../../x", image: "images/../../secret.png", snapshot: "snapshots/../../secret.json"),
        .init(id: "9 a/../target (inside)", image: "a/../images/thumbnail-1.png", snapshot: "a/../snapshots/snapshot-1.json"),
        .init(id: "10 absolute", image: "$R/secret.png", snapshot: "$R/secret.json"),
        .init(id: "11 root", image: "/", snapshot: "/"),
        .init(id: "12a //images", image: "//images/thumbnail-1.png", snapshot: "//snapshots/snapshot-1.json"),
        .init(id: "12b images//x", image: "images//thumbnail-1.png", snapshot: "snapshots//snapshot-1.json"),
        .init(id: "13 images/./x", image: "images/./thumbnail-1.png", snapshot: "snapshots/./snapshot-1.json"),
        .init(id: "14 trailing slash", image: "images/thumbnail-1.png/", snapshot: "snapshots/snapshot-1.json/"),
        .init(id: "19 garbage absolute", image: "/../../../..$R/secret.png", snapshot: "/../../../..$R/secret.json"),
        .init(id: "23 /proc/self/root", image: "/proc/self/root$R/secret.png", snapshot: "/proc/self/root$R/secret.json"),
        .init(id: "24 /proc/self/fd", image: "/proc/self/fd/0", snapshot: "/proc/self/fd/0"),
        .init(id: "25 NUL", image: "images/thumbnail-1.png\u{0}.json", snapshot: "snapshots/snapshot-1.json\u{0}.png"),
        .init(id: "26 256-byte component", image: "images/" + String(repeating: "a", count: 256) + ".png",
              snapshot: "snapshots/" + String(repeating: "a", count: 256) + ".json"),
        .init(id: "27 over PATH_MAX", image: String(repeating: "a/", count: 2100) + "thumbnail-1.png",
              snapshot: String(repeating: "a/", count: 2100) + "snapshot-1.json"),
        .init(id: "28a backslashes", image: "images\\..\\..\\secret.png", snapshot: "snapshots\\..\\..\\secret.json"),
        .init(id: "28b ..\\a", image: "..\\secret.png", snapshot: "..\\secret.json"),
        .init(id: "29a C:", image: "C:", snapshot: "C:"),
        .init(id: "29b C:\\a", image: "C:\\secret.png", snapshot: "C:\\secret.json"),
        .init(id: "29c a/../c:", image: "a/../c:", snapshot: "a/../c:"),
        .init(id: "30a NUL device", image: "NUL", snapshot: "nul."),
        .init(id: "30b COM1 / com¹", image: "images/COM1.png", snapshot: "snapshots/com¹.json"),
        .init(id: "30c CONIN$ / LPT1", image: "images/CONIN$", snapshot: "LPT1"),
        .init(id: "31 percent-encoded", image: "images/%2e%2e/secret.png", snapshot: "%2e%2e/secret.json"),
        .init(id: "32a two-dot leader", image: "images/\u{2025}/secret.png", snapshot: "snapshots/\u{2025}/secret.json"),
        .init(id: "32b fullwidth dots", image: "images/\u{FF0E}\u{FF0E}/secret.png", snapshot: "snapshots/\u{FF0E}\u{FF0E}/secret.json"),
        .init(id: "32c division slash", image: "images\u{2215}thumbnail-1.png", snapshot: "snapshots\u{2215}snapshot-1.json"),
        .init(id: "32d fraction slash", image: "images\u{2044}thumbnail-1.png", snapshot: "snapshots\u{2044}snapshot-1.json"),
        .init(id: "33a NFC", image: "images/thumbn\u{E4}il-1.png", snapshot: "snapshots/snaps\u{E9}t-1.json"),
        .init(id: "33b NFD", image: "images/thumbna\u{308}il-1.png", snapshot: "snapshots/snapse\u{301}t-1.json"),
        .init(id: "34 case variant", image: "Images/Thumbnail-1.PNG", snapshot: "Snapshots/Snapshot-1.JSON"),
        .init(id: "35a trailing dot", image: "images/thumbnail-1.png.", snapshot: "snapshots/snapshot-1.json."),
        .init(id: "35b trailing space", image: "images/thumbnail-1.png ", snapshot: "snapshots/snapshot-1.json "),
        .init(id: "36a newline", image: "images/thumbnail-1.png\n", snapshot: "snapshots/snapshot-1.json\n"),
        .init(id: "36b tab", image: "images/\tthumbnail-1.png", snapshot: "snapshots/\tsnapshot-1.json"),
        .init(id: "36c DEL", image: "images/thumb\u{7F}nail-1.png", snapshot: "snapshots/snap\u{7F}shot-1.json"),
        .init(id: "37 wildcards", image: "images/thumbnail-?.png", snapshot: "snapshots/*.json"),
        .init(id: "38a .lock", image: ".lock", snapshot: ".lock"),
        .init(id: "38b current.json", image: "current.json", snapshot: "current.json"),
        .init(id: "38c temporary", image: "images/.tmp-0123", snapshot: "current.json.tmp-0123"),
        .init(id: "39a leading zero", image: "images/thumbnail-01.png", snapshot: "snapshots/snapshot-01.json"),
        .init(id: "39b rev overflows UInt64", image: "images/thumbnail-18446744073709551617.png",
              snapshot: "snapshots/snapshot-18446744073709551617.json"),
        .init(id: "39c rev mismatch", image: "images/thumbnail-2.png", snapshot: "snapshots/snapshot-2.json"),
        .init(id: "39d signed rev", image: "images/thumbnail-+1.png", snapshot: "snapshots/snapshot-+1.json"),
        .init(id: "39e extension not the format", image: "images/thumbnail-1.webp", snapshot: "snapshots/snapshot-1.png"),
        .init(id: "40a wrong directory", image: "snapshots/snapshot-1.json", snapshot: "images/thumbnail-1.png"),
        .init(id: "40b wrong extension", image: "images/thumbnail-1.json", snapshot: "snapshots/snapshot-1.webp"),
        .init(id: "44 file in path", image: "images/thumbnail-1.png/x", snapshot: "snapshots/snapshot-1.json/x"),
        .init(id: "45 missing directory", image: "missing/thumbnail-1.png", snapshot: "missing/snapshot-1.json"),
    ]

    /// Something hostile where the image (or snapshot) file should be; the JSON path is canonical.
    enum OnDisk: String, Sendable, CaseIterable {
        case symlinkToAbsoluteOutside = "16 file symlink to an absolute outside path"
        case symlinkToRelativeOutside = "17 file symlink to ../../secret"
        case symlinkChainOutside = "18 symlink chain that escapes"
        case garbageAbsoluteSymlink = "19 symlink to /../../../..<secret>"
        case symlinkInside = "20 symlink to a file inside"
        case directorySymlinkOutside = "15 directory symlink to an outside directory"
        case directorySymlinkOutsideSlash = "15b directory symlink to outside/ (trailing slash)"
        case directorySymlinkInside = "21 directory symlink staying inside"
        case directorySymlinkToSelf = "21b directory symlink to . (a/up => ..)"
        case symlinkLoop = "22 symlink loop"
        case magicLink = "23 symlink to /proc/self/root/<secret>"
        case procSelfExe = "24 symlink to /proc/self/exe"
        case directory = "41a a directory"
        case fifo = "41b a FIFO (must not block)"
        case socket = "41c a unix socket"
        case device = "41d a character device"
        case hardLinkOutside = "42 hard link to an outside file"
        case oversize = "R10 over the size cap"
        case fileAsDirectory = "44 the directory is a file"
    }

    /// The scratch tree: `$R/container` plus secrets outside it and decoys inside it.
    struct World {
        let scratch = TemporaryDirectory(prefix: "wt-store")
        let plant: Plant
        static let secretImage = Fixture.imageBytes(.png, seed: "SECRET from outside the container")
        static let secretSnapshot = Fixture.json(PlantedSnapshot(payload: TestPayload(title: "SECRET", count: 666), image: nil))

        var root: String { scratch.path }
        var directory: String { plant == .imageReference ? "images" : "snapshots" }
        var fileName: String { plant == .imageReference ? "thumbnail-1.png" : "snapshot-1.json" }
        var canonical: String { "\(directory)/\(fileName)" }
        var secret: [UInt8] { plant == .imageReference ? Self.secretImage : Self.secretSnapshot }
        var secretName: String { plant == .imageReference ? "secret.png" : "secret.json" }

        init(_ plant: Plant) {
            self.plant = plant
            scratch.plant("secret.png", Self.secretImage)
            scratch.plant("secret.json", Self.secretSnapshot)
            scratch.plant("thumbnail-1.png", Self.secretImage)
            scratch.plant("snapshot-1.json", Self.secretSnapshot)
            scratch.plant("outside/thumbnail-1.png", Self.secretImage)
            scratch.plant("outside/snapshot-1.json", Self.secretSnapshot)
            scratch.makeDirectory("container/a")
            // Decoys inside, at every name a lenient reader might resolve to.
            for name in ["thumbnail-1.png", "thumbnail-01.png", "thumbnail-2.png", "thumbnail-1.webp", "thumbnail-1.json",
                         "thumbnail-1.png.", "thumbnail-1.png ", "COM1.png", "CONIN$", ".tmp-0123"] {
                scratch.plant("container/images/\(name)", Self.secretImage)
            }
            for name in ["snapshot-01.json", "snapshot-2.json", "snapshot-1.png", "snapshot-1.webp", "snapshot-1.json.",
                         "snapshot-1.json "] {
                scratch.plant("container/snapshots/\(name)", Self.secretSnapshot)
            }
            scratch.plant("container/current.json.tmp-0123", Self.secretSnapshot)
            scratch.plant("container/thumbnail-1.png", Self.secretImage)
            scratch.plant("container/snapshot-1.json", Self.secretSnapshot)
            scratch.plant("container/stash/\(canonical.split(separator: "/").last!)", secret)
        }

        /// Points the JSON at `path` (the image reference, or the manifest's snapshot).
        func reference(_ path: String) {
            let path = path.replacingOccurrences(of: "$R", with: root)
            switch plant {
            case .imageReference:
                scratch.plant("container/images/thumbnail-1.png", Self.secretImage)
                let image = ImageReference(relativePath: path, checksum: .sha256(SHA256Digest.of(Self.secretImage)),
                                           byteCount: Self.secretImage.count, pixelWidth: 1, pixelHeight: 1, format: .png)
                let snapshot = Fixture.json(PlantedSnapshot(payload: TestPayload(title: "planted", count: 1), image: image))
                scratch.plant("container/snapshots/snapshot-1.json", snapshot)
                manifest(snapshot: "snapshots/snapshot-1.json", checksum: SHA256Digest.of(snapshot).description)
            case .manifestSnapshot:
                scratch.plant("container/snapshots/snapshot-1.json", Self.secretSnapshot)
                manifest(snapshot: path, checksum: SHA256Digest.of(Self.secretSnapshot).description)
            }
        }

        func manifest(snapshot: String, checksum: String, at relative: String = "container/current.json") {
            scratch.plant(relative, Fixture.json(PlantedManifest(snapshot: snapshot, checksum: checksum)))
        }

        var target: String { scratch.file("container/\(canonical)") }

        /// Plants `hostile` at the canonical image (or snapshot) path. False when this machine
        /// cannot make it (a device node without CAP_MKNOD).
        func plant(_ hostile: OnDisk) -> Bool {
            reference(canonical)
            _ = unlink(target)
            let outside = "\(root)/\(secretName)"
            switch hostile {
            case .symlinkToAbsoluteOutside: scratch.symlink("container/\(canonical)", to: outside)
            case .symlinkToRelativeOutside: scratch.symlink("container/\(canonical)", to: "../../\(secretName)")
            case .symlinkChainOutside:
                scratch.symlink("container/\(directory)/hop", to: "../a/hop2")
                scratch.symlink("container/a/hop2", to: outside)
                scratch.symlink("container/\(canonical)", to: "hop")
            case .garbageAbsoluteSymlink: scratch.symlink("container/\(canonical)", to: "/../../../..\(outside)")
            case .symlinkInside:
                scratch.plant("container/\(directory)/real", secret)
                scratch.symlink("container/\(canonical)", to: "real")
            case .directorySymlinkOutside, .directorySymlinkOutsideSlash, .directorySymlinkInside, .directorySymlinkToSelf:
                try? FileManager.default.removeItem(atPath: scratch.file("container/\(directory)"))
                let destination = switch hostile {
                case .directorySymlinkOutside: "\(root)/outside"
                case .directorySymlinkOutsideSlash: "../outside/"
                case .directorySymlinkInside: "stash"
                default: "."
                }
                scratch.symlink("container/\(directory)", to: destination)
            case .symlinkLoop: scratch.symlink("container/\(canonical)", to: fileName)
            case .magicLink: scratch.symlink("container/\(canonical)", to: "/proc/self/root\(outside)")
            case .procSelfExe: scratch.symlink("container/\(canonical)", to: "/proc/self/exe")
            case .directory: scratch.makeDirectory("container/\(canonical)")
            case .fifo: precondition(mkfifo(target, 0o644) == 0)
            case .socket: makeSocket(at: target)
            case .device: return mknod(target, S_IFCHR | 0o644, 0x103) == 0 // /dev/null's 1:3
            case .hardLinkOutside: precondition(link(outside, target) == 0)
            case .oversize: scratch.plant("container/\(canonical)", secret)
            case .fileAsDirectory:
                try? FileManager.default.removeItem(atPath: scratch.file("container/\(directory)"))
                scratch.plant("container/\(directory)", secret)
            }
            return true
        }

        func read(_ strategy: ResolutionStrategy, limits: ReadLimits = ReadLimits()) -> ReadState<TestPayload>? {
            let reader = Fixture.reader(scratch, resolution: strategy, limits: limits)
            return withDeadline("reading with \(strategy)") { reader.read() }
        }

        /// The read refused the planted path: no secret was shown.
        func expectRefused(_ state: ReadState<TestPayload>?, _ what: String, limits: ReadLimits = ReadLimits()) {
            guard let state else { return } // the deadline already recorded the failure
            switch (plant, state) {
            case (.imageReference, .content(let snapshot, let image?)):
                #expect(snapshot.payload.title == "planted", "\(what)")
                #expect(image.status == .rejected, "\(what): \(image.status) \(image.reason ?? "")")
                #expect(image.bytes == nil, "\(what)")
            case (.manifestSnapshot, .unavailable(let failure)):
                #expect([.manifestRejected, .snapshotRejected].contains(failure.code), "\(what): \(failure)")
            default:
                Issue.record("\(what): not refused: \(state)")
            }
            let report = verifyReport(limits: limits)
            #expect(!report.isClean, "\(what): verify found no problem")
        }

        func verifyReport(limits: ReadLimits) -> VerificationReport {
            var options = StoreOptions()
            options.limits = limits
            options.creation = .mustExist
            guard let store = try? SnapshotStore<JSONValue>(containerAt: scratch.file("container"), options: options) else {
                return VerificationReport(problems: [.init(kind: .corrupt, path: "", detail: "cannot open")])
            }
            return withDeadline("verify") { store.verify() } ?? VerificationReport()
        }

        private func makeSocket(at path: String) {
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            precondition(fd >= 0)
            defer { Glibc.close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            precondition(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in bytes.enumerated() { buffer[index] = byte }
            }
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            precondition(rc == 0, "bind failed")
        }
    }

    static let strategies: [ResolutionStrategy] = [.kernel, .componentWalk]

    @Test(arguments: Plant.allCases, strategies)
    func theCanonicalPathIsReadSoTheseTestsCanFail(plant: Plant, strategy: ResolutionStrategy) throws {
        let world = World(plant)
        world.reference(world.canonical)
        let state = try #require(world.read(strategy))
        switch (plant, state) {
        case (.imageReference, .content(_, let image?)):
            #expect(image.status == .ok)
            #expect(image.bytes == World.secretImage)
        case (.manifestSnapshot, .content(let snapshot, nil)):
            #expect(snapshot.payload.title == "SECRET")
        default:
            Issue.record("the control read failed: \(state)")
        }
    }

    @Test(arguments: lexical, Plant.allCases)
    func hostileTextIsNeverOpened(hostile: Lexical, plant: Plant) {
        let world = World(plant)
        world.reference(plant == .imageReference ? hostile.image : hostile.snapshot)
        for strategy in Self.strategies {
            world.expectRefused(world.read(strategy), "\(hostile.id) [\(plant), \(strategy)]")
        }
    }

    @Test(arguments: OnDisk.allCases, Plant.allCases)
    func hostileFilesAreNeverRead(hostile: OnDisk, plant: Plant) {
        let world = World(plant)
        guard world.plant(hostile) else {
            // Only a device node needs a privilege (CAP_MKNOD) the machine may lack.
            print("skipped: \(hostile.rawValue): mknod is not permitted here")
            return
        }
        var limits = ReadLimits()
        if hostile == .oversize {
            switch plant {
            case .imageReference: limits.imageBytes = World.secretImage.count - 1
            case .manifestSnapshot: limits.snapshotBytes = World.secretSnapshot.count - 1
            }
        }
        for strategy in Self.strategies {
            world.expectRefused(world.read(strategy, limits: limits), "\(hostile.rawValue) [\(plant), \(strategy)]", limits: limits)
        }
    }

    @Test(arguments: ["symlink", "fifo", "directory", "hard link"], strategies)
    func aHostileManifestFileIsRefused(kind: String, strategy: ResolutionStrategy) throws {
        let world = World(.manifestSnapshot)
        world.reference(world.canonical)
        let manifest = world.scratch.file("container/current.json")
        world.manifest(snapshot: "snapshots/snapshot-1.json", checksum: SHA256Digest.of(World.secretSnapshot).description,
                       at: "outside/current.json")
        _ = unlink(manifest)
        switch kind {
        case "symlink": world.scratch.symlink("container/current.json", to: "\(world.root)/outside/current.json")
        case "fifo": #expect(mkfifo(manifest, 0o644) == 0)
        case "directory": world.scratch.makeDirectory("container/current.json")
        default: #expect(link("\(world.root)/outside/current.json", manifest) == 0)
        }
        let state = try #require(world.read(strategy))
        guard case .unavailable(let failure) = state else { Issue.record("\(kind): not refused: \(state)"); return }
        #expect(failure.code == .manifestRejected)
    }

    /// Swap the image for a symlink to an outside file while reading. The outside
    /// file has other bytes, so following the symlink would show up as `corrupt`; a confined
    /// read only ever sees the good file (`ok`), the symlink (`rejected`) or the gap (`missing`).
    @Test func swappingTheImageForASymlinkDuringReadsNeverReadsOutside() throws {
        let world = World(.imageReference)
        world.reference(world.canonical)
        world.scratch.plant("evil.png", Fixture.imageBytes(.png, seed: "EVIL"))
        let target = world.target
        let evil = world.scratch.file("evil.png")
        let stop = Locked(false)
        let swapper = Thread {
            while !stop.withLock({ $0 }) {
                _ = rename(target, target + ".good")
                _ = symlink(evil, target)
                _ = rename(target + ".good", target) // replaces the symlink again
            }
        }
        swapper.start()
        defer { stop.withLock { $0 = true } }
        var statuses: [SnapshotImage.Status: Int] = [:]
        for _ in 0..<200 {
            guard let image = Fixture.image(of: world.read(.kernel) ?? .empty) else { continue }
            statuses[image.status, default: 0] += 1
            if image.status == .ok { #expect(image.bytes == World.secretImage) }
        }
        #expect(statuses[.corrupt] == nil, "\(statuses)")
        #expect(statuses.values.reduce(0, +) == 200)
    }
}

/// Hand-made documents (any text, even hostile, can be planted this way).
struct PlantedSnapshot: Encodable {
    var schemaVersion = 1
    var revision: UInt64 = 1
    var generatedAt = "2024-01-01T00:00:00Z"
    var payload: TestPayload
    var image: ImageReference?
}

struct PlantedManifest: Encodable {
    var schemaVersion = 1
    var revision: UInt64 = 1
    var snapshot: String
    var checksum: String
}
