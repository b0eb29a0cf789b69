#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WidgetSnapshotsPlatform

/// The widget side: reads the committed snapshot without taking any lock. Every path from JSON
/// is checked against the layout grammar and opened beneath the container's descriptor; the
/// image bytes handed out are exactly the bytes whose checksum was verified.
public struct SnapshotReader<Payload: Decodable & Sendable>: Sendable {
    /// The container's path as the caller gave it.
    public let containerPath: String
    /// Read limits and the file-system paths; a reader never creates or locks anything.
    public var options: StoreOptions
    var operations: FileSystemOperations = .system

    /// A reader of the container at `path`; nothing is opened until `read`.
    public init(containerAt path: String, options: StoreOptions = StoreOptions()) {
        containerPath = path
        self.options = options
    }

    /// The container at a file URL, such as
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` returns. Any other
    /// URL reads as `.unavailable` (no such container).
    public init(containerAt url: URL, options: StoreOptions = StoreOptions()) {
        self.init(containerAt: url.isFileURL ? url.path(percentEncoded: false) : url.absoluteString, options: options)
    }

    /// The state to render. `maxAge`: a snapshot at least this old is `.stale` (nil: never).
    public func read(maxAge: Duration? = nil, now: Date = Date()) -> ReadState<Payload> {
        read(freshness: Freshness(staleAfter: maxAge), now: now).state
    }

    /// The state to render under `freshness`, the snapshot's age, and when the state will next
    /// change (for a timeline's `.after(_:)`).
    public func read(freshness: Freshness, now: Date = Date()) -> SnapshotReading<Payload> {
        let state = readState(now: now)
        guard let snapshot = state.snapshot else { return SnapshotReading(state: state, age: nil, nextChange: nil) }
        let age = Duration.seconds(now.timeIntervalSince(snapshot.generatedAt))
        let graded: ReadState<Payload> = switch freshness.phase(age: age) {
        case .fresh: state
        case .stale: .stale(snapshot, state.image)
        case .expired: .expired(snapshot, state.image)
        }
        return SnapshotReading(state: graded, age: age,
                               nextChange: freshness.nextChange(generatedAt: snapshot.generatedAt, now: now))
    }

    /// `.content`, `.empty` or `.unavailable`: freshness is graded by the caller.
    private func readState(now: Date) -> ReadState<Payload> {
        let container: ContainerDirectory
        do {
            container = try ContainerDirectory(path: containerPath, creation: .mustExist)
        } catch where error.errno == ENOENT {
            return .unavailable(ReadFailure(.containerUnavailable, "no such container: \(containerPath)"))
        } catch {
            return .unavailable(ReadFailure(.containerUnavailable, "\(containerPath): \(SystemCallError.text(error.errno))"))
        }
        let loader = SnapshotLoader(
            opener: ConfinedOpener(container: container, strategy: options.effectiveResolution, operations: operations),
            limits: options.limits)
        // A newer commit and gc may remove this revision's files between our reads; when the
        // manifest moved on meanwhile, read again from it (a bounded number of times).
        var attempt = 1
        while true {
            do {
                guard let manifest = try loader.manifest() else {
                    guard let lost = try lostManifest(loader) else { return .empty }
                    // The very first commit may have put its manifest in place meanwhile.
                    if attempt < Self.attempts, (try? loader.manifest()) != nil {
                        attempt += 1
                        continue
                    }
                    return .unavailable(lost)
                }
                let snapshot: Snapshot<Payload>
                do {
                    snapshot = try loader.snapshot(revision: manifest.revision, checksum: manifest.checksum, as: Payload.self).0
                } catch where error.code == .snapshotMissing && attempt < Self.attempts && moved(from: manifest, loader) {
                    attempt += 1
                    continue
                }
                let image = snapshot.image.map { loader.image($0, revision: snapshot.revision) }
                if image?.status == .missing && attempt < Self.attempts && moved(from: manifest, loader) {
                    attempt += 1
                    continue
                }
                return .content(snapshot, image)
            } catch {
                return .unavailable(error)
            }
        }
    }

    /// With no manifest: nil when `snapshots/` holds no snapshot (nothing was ever committed),
    /// else the failure that says the manifest is lost.
    private func lostManifest(_ loader: SnapshotLoader) throws(ReadFailure) -> ReadFailure? {
        let revisions: [UInt64]
        do {
            revisions = try loader.snapshotRevisions()
        } catch {
            if case .io = error { throw ReadFailure(unreadable: error) }
            throw ReadFailure(.snapshotRejected, error.description)
        }
        guard let newest = revisions.max() else { return nil }
        return ReadFailure(.manifestMissing, Manifest.lostDamage(snapshotCount: revisions.count, newestRevision: newest))
    }

    /// Reads of the manifest chain before a missing file is reported as missing.
    static var attempts: Int { 3 }

    /// Whether current.json now names another revision than `manifest`.
    private func moved(from manifest: Manifest, _ loader: SnapshotLoader) -> Bool {
        guard let now = try? loader.manifest() else { return false }
        return now != manifest
    }
}
