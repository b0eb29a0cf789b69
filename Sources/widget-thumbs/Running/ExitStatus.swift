/// The process exit codes, as DESIGN.md §3 and swift-argument-parser define them.
enum ExitStatus: Int32, Sendable {
    /// Everything worked (also: help and version were printed).
    case success = 0
    /// An input failed or a check found a problem (EXIT_FAILURE).
    case failure = 1
    /// The command line itself was wrong (EX_USAGE from sysexits.h).
    case usage = 64
}
