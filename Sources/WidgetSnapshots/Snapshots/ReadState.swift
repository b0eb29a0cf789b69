#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a widget should render: always a state, never a crash.
public enum ReadState<Payload: Sendable>: Sendable {
    /// The committed snapshot, with its image (nil when the snapshot names none).
    case content(Snapshot<Payload>, SnapshotImage?)
    /// No manifest and no snapshot: nothing was ever committed. (A missing manifest while
    /// snapshots exist is damage: `.unavailable` with `ReadFailure.Code.manifestMissing`.)
    case empty
    /// The committed snapshot, but older than `Freshness.staleAfter`: show it with its time.
    case stale(Snapshot<Payload>, SnapshotImage?)
    /// The committed snapshot, but older than `Freshness.expiredAfter`: hide values where
    /// showing old data is risky.
    case expired(Snapshot<Payload>, SnapshotImage?)
    /// No snapshot can be shown (a corrupt or refused manifest or snapshot).
    case unavailable(ReadFailure)
}

extension ReadState: Equatable where Payload: Equatable {}

extension ReadState {
    /// The snapshot of `.content`, `.stale` and `.expired`; nil otherwise.
    public var snapshot: Snapshot<Payload>? {
        switch self {
        case .content(let snapshot, _), .stale(let snapshot, _), .expired(let snapshot, _): snapshot
        case .empty, .unavailable: nil
        }
    }

    /// The image of `.content`, `.stale` and `.expired` when the snapshot names one.
    public var image: SnapshotImage? {
        switch self {
        case .content(_, let image), .stale(_, let image), .expired(_, let image): image
        case .empty, .unavailable: nil
        }
    }
}

/// The image a snapshot names, and whether it can be shown.
public struct SnapshotImage: Sendable, Equatable {
    /// Whether the image can be shown.
    public enum Status: String, Sendable, Equatable, CaseIterable {
        /// Read through a confined open; size, checksum and format match the snapshot.
        case ok
        /// No file by that name.
        case missing
        /// The file's bytes do not match the snapshot (size, checksum or format).
        case corrupt
        /// The path or the file was refused: outside the grammar, a symlink, not a regular
        /// file, hard-linked, on another file system, over the size cap, or unreadable.
        case rejected
    }

    /// The image as the snapshot names it.
    public var reference: ImageReference
    /// Whether it can be shown.
    public var status: Status
    /// Exactly the bytes whose checksum was verified, as `Data`, ready for `UIImage(data:)`;
    /// nil unless `status` is `.ok`. The reader reads the file straight into it: asking for
    /// it costs no copy.
    public var data: Data? { storage }
    /// `data` as an array (a copy of it); nil unless `status` is `.ok`.
    public var bytes: [UInt8]? {
        get { storage.map { [UInt8]($0) } }
        set { storage = newValue.map { Data($0) } }
    }
    /// Why the image is not shown; nil when `status` is `.ok`.
    public var reason: String?
    /// The image's bytes: one buffer, whether asked for as `data` or as `bytes`.
    private var storage: Data?

    /// An image and its status, as the reader reports it.
    public init(reference: ImageReference, status: Status, bytes: [UInt8]?, reason: String?) {
        self.init(reference: reference, status: status, data: bytes.map { Data($0) }, reason: reason)
    }

    /// An image and its status, with its bytes already in `Data`.
    init(reference: ImageReference, status: Status, data: Data?, reason: String?) {
        self.reference = reference
        self.status = status
        self.storage = data
        self.reason = reason
    }
}

/// Why a read gives `unavailable`.
public struct ReadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, for a program to switch on.
    public enum Code: String, Sendable, Equatable, CaseIterable {
        /// The container directory does not exist or cannot be opened.
        case containerUnavailable = "container unavailable"
        /// A read failed with an I/O error (the files may be fine).
        case unreadable
        /// `current.json` is missing while `snapshots/` holds snapshots: the container is
        /// damaged, not empty (`SnapshotStore.recoverManifest()` repairs it).
        case manifestMissing = "manifest missing"
        /// `current.json` is refused (a symlink, not a regular file, a path outside the grammar).
        case manifestRejected = "manifest rejected"
        /// `current.json` is not a valid manifest.
        case manifestCorrupt = "manifest corrupt"
        /// The manifest names a snapshot file that is not there.
        case snapshotMissing = "snapshot missing"
        /// The snapshot file is refused (a symlink, not a regular file, hard-linked, too large).
        case snapshotRejected = "snapshot rejected"
        /// The snapshot's bytes do not hash to the manifest's checksum.
        case snapshotChecksumMismatch = "snapshot checksum mismatch"
        /// The snapshot's JSON, schema or revision is wrong.
        case snapshotCorrupt = "snapshot corrupt"
    }

    /// What failed.
    public var code: Code
    /// A sentence saying why, with the path; the texts in it read from the container are
    /// escaped already: print it as it is, never escaped again (widget-thumbs guards it with
    /// `DisplayText.guarded`).
    public var reason: String
    /// The failed system call behind `.unreadable`, for the writer's typed I/O error.
    var systemCall: SystemCallError?

    /// A failure of `code`, explained by `reason`.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    init(unreadable error: ConfinementError) {
        self.init(.unreadable, error.description)
        if case .io(let path, let operation, let code) = error {
            let kind = FileSystemOperation.Kind(rawValue: operation) ?? .read
            systemCall = SystemCallError(kind, path, errno: code)
        }
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}
