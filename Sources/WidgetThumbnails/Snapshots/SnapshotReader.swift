import Foundation
import Glibc

/// The widget side: reads the committed snapshot without taking any lock. Every path from JSON
/// is checked against the layout grammar and opened beneath the container's descriptor; the
/// image bytes handed out are exactly the bytes whose checksum was verified.
public struct SnapshotReader<Payload: Decodable & Sendable>: Sendable {
    public let containerPath: String
    public var options: StoreOptions
    var operations: FileSystemOperations = .system

    public init(containerAt path: String, options: StoreOptions = StoreOptions()) {
        containerPath = path
        self.options = options
    }

    /// The state to render. `maxAge`: a snapshot generated longer ago is `.stale` (nil: never).
    public func read(maxAge: Duration? = nil, now: Date = Date()) -> ReadState<Payload> {
        let container: ContainerDirectory
        do {
            container = try ContainerDirectory(path: containerPath, creation: .mustExist)
        } catch where error.errno == ENOENT {
            return .unavailable(ReadFailure(.containerUnavailable, "no such container: \(containerPath)"))
        } catch {
            return .unavailable(ReadFailure(.containerUnavailable, "\(containerPath): \(SystemCallError.text(error.errno))"))
        }
        let loader = SnapshotLoader(
            opener: ConfinedOpener(container: container, strategy: options.resolution, operations: operations),
            limits: options.limits)
        do {
            guard let manifest = try loader.manifest() else { return .empty }
            let (snapshot, _) = try loader.snapshot(revision: manifest.revision, checksum: manifest.checksum, as: Payload.self)
            let image = snapshot.image.map { loader.image($0, revision: snapshot.revision) }
            if let maxAge, now.timeIntervalSince(snapshot.generatedAt) > maxAge.totalSeconds {
                return .stale(snapshot, image)
            }
            return .content(snapshot, image)
        } catch {
            return .unavailable(error)
        }
    }
}
