import WidgetThumbnails

/// The process exit codes: EXIT_FAILURE and sysexits.h's, as swift-argument-parser uses them,
/// plus the store's own (3-5), which a script acts on differently.
enum ExitStatus: Int32, Sendable {
    /// Everything worked (also: help and version were printed).
    case success = 0
    /// An input failed or a check found a problem (EXIT_FAILURE).
    case failure = 1
    /// `commit`: the revision is lower than the committed one (nothing written).
    case stale = 3
    /// `commit`: the revision is committed with other content (nothing written).
    case conflict = 4
    /// `read`: the container is damaged, not empty (current.json is missing while snapshots/
    /// holds snapshots); `recover` repairs it.
    case damaged = 5
    /// The command line itself was wrong (EX_USAGE from sysexits.h).
    case usage = 64
    /// `commit`, `gc`, `recover`: another writer held the container's lock past the timeout;
    /// try again later (EX_TEMPFAIL from sysexits.h).
    case lockTimeout = 75

    /// The status for a store error: the three a caller acts on differently have their own.
    static func of(_ error: StoreError) -> ExitStatus {
        switch error {
        case .stale: .stale
        case .conflict: .conflict
        case .lockTimeout: .lockTimeout
        default: .failure
        }
    }
}
