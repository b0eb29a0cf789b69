import Foundation
import Glibc
import Testing
import TestSupport
@testable import WidgetSnapshots

/// The app payload the store tests commit.
struct TestPayload: Codable, Sendable, Equatable {
    var title: String
    var count: Int
}

enum Fixture {
    /// An image whose bytes start with the format's magic and then hold `seed`: enough for
    /// the store, which checks the magic and the checksum but does not decode.
    static func storedImage(_ format: StoredFormat = .webp, seed: String = "pixels") -> StoredImage {
        StoredImage(bytes: imageBytes(format, seed: seed), format: format, pixelSize: PixelSize(width: 500, height: 375))
    }

    static func imageBytes(_ format: StoredFormat, seed: String) -> [UInt8] {
        let magic: [UInt8] = switch format {
        case .jpeg: [0xFF, 0xD8, 0xFF, 0xE0]
        case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .webp: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        case .avif: [0, 0, 0, 0x1C] + Array("ftypavif\u{0}\u{0}\u{0}\u{0}avifmif1".utf8)
        case .heic: [0, 0, 0, 0x18] + Array("ftypheic\u{0}\u{0}\u{0}\u{0}mif1heic".utf8)
        }
        return magic + Array("\(seed) \(String(repeating: "x", count: 40))".utf8)
    }

    static let payload = TestPayload(title: "Living room", count: 3)

    static func store(_ scratch: TemporaryDirectory, _ relative: String = "container", options: StoreOptions = StoreOptions(),
                      operations: FileSystemOperations = .system) throws -> SnapshotStore<TestPayload> {
        try SnapshotStore<TestPayload>(containerAt: scratch.file(relative), options: options, operations: operations)
    }

    static func reader(_ scratch: TemporaryDirectory, _ relative: String = "container",
                       resolution: ResolutionStrategy = .kernel, limits: ReadLimits = ReadLimits()) -> SnapshotReader<TestPayload> {
        var options = StoreOptions()
        options.resolution = resolution
        options.limits = limits
        return SnapshotReader<TestPayload>(containerAt: scratch.file(relative), options: options)
    }

    static func revision(of state: ReadState<TestPayload>) -> UInt64? { state.snapshot?.revision }

    static func image(of state: ReadState<TestPayload>) -> SnapshotImage? { state.image }

    /// JSON text of `value` (used to plant hand-made, possibly hostile, documents).
    static func json<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return [UInt8](try! encoder.encode(value))
    }
}

/// Runs `body` on its own thread and gives up after `seconds`: a hang becomes a test failure
/// instead of a stuck test run.
func withDeadline<T: Sendable>(seconds: Double = 5, _ what: String, _ body: @escaping @Sendable () -> T) -> T? {
    let box = Locked<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        box.withLock { $0 = value }
        done.signal()
    }
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else {
        Issue.record("\(what) did not finish within \(seconds) s")
        return nil
    }
    return box.withLock { $0 }
}

/// Records every system call the store makes and, when asked, fails the Nth (0-based) with
/// `errno`, once or from then on (the SQLite I/O-error loop).
final class FaultInjector: Sendable {
    enum Mode: Sendable { case once, persistent }

    let failAt: Int?
    let mode: Mode
    let code: Int32
    private let state = Locked<(count: Int, log: [FileSystemOperation], injected: FileSystemOperation?)>((0, [], nil))

    init(failAt: Int? = nil, mode: Mode = .once, errno code: Int32 = EIO) {
        self.failAt = failAt
        self.mode = mode
        self.code = code
    }

    var operations: FileSystemOperations {
        FileSystemOperations(interceptor: { [self] operation in intercept(operation) })
    }

    var log: [FileSystemOperation] { state.withLock { $0.log } }
    var injected: FileSystemOperation? { state.withLock { $0.injected } }

    private func intercept(_ operation: FileSystemOperation) -> Int32? {
        state.withLock { state in
            let index = state.count
            state.count += 1
            state.log.append(operation)
            guard let failAt else { return nil }
            let fails = mode == .once ? index == failAt : index >= failAt
            if fails && state.injected == nil { state.injected = operation }
            return fails ? code : nil
        }
    }
}
