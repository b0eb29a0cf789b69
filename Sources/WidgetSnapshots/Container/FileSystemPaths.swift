import WidgetSnapshotsPlatform

/// Which system calls the store and the reader use for their three risky steps: opening a
/// path beneath the container, publishing a file without replacing one, and the writers' lock.
public enum FileSystemPaths: Sendable, Equatable, CustomStringConvertible {
    /// Linux's fast paths: openat2(RESOLVE_BENEATH), O_TMPFILE + linkat through /proc, renameat2
    /// (RENAME_NOREPLACE) and an OFD lock (plus flock, so writers on the portable path are
    /// excluded too). Each one falls back to its portable path at run time where the platform,
    /// kernel or file system lacks it (ENOSYS, EINVAL, EOPNOTSUPP; EPERM from a sandbox).
    case fast
    /// POSIX only: a component-by-component O_NOFOLLOW walk, a named O_EXCL temporary file +
    /// link(2) + unlink, and flock(2). What Apple platforms and other Unixes run.
    case portable

    /// The environment variable that forces `.portable` (value `portable`), so a test suite can
    /// run the whole store on the paths other platforms take.
    public static let environmentVariable = "WIDGET_SNAPSHOTS_FS"

    /// `.portable` when `WIDGET_SNAPSHOTS_FS=portable`, `.fast` otherwise.
    public static var fromEnvironment: FileSystemPaths {
        guard let value = getenv(environmentVariable) else { return .fast }
        return String(cString: value) == "portable" ? .portable : .fast
    }

    public var description: String {
        switch self {
        case .fast: "fast"
        case .portable: "portable"
        }
    }
}
