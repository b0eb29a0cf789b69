import WidgetSnapshotsPlatform

/// The writers' lock on `.lock`, one per commit. Readers never take it.
///
/// Both kinds used here belong to the open file description, not the process, so two commits
/// in one process exclude each other as well as two processes do, and closing some other
/// descriptor of the file cannot drop the lock (as it would a classic POSIX `F_SETLK` lock,
/// which is never used).
/// - `flock(LOCK_EX)`, on every path: on Linux, BSD and Apple platforms. Caveats: on Linux NFS
///   clients emulate it with a whole-file byte-range lock; some network file systems (older
///   NFS, SMB mounts) ignore it; on Linux it does not interact with fcntl locks.
/// - The OFD lock (`F_OFD_SETLK`), on the fast path, in addition: Linux 3.15+, coherent over
///   NFS. Because the fast path takes both, a fast writer and a portable writer of one
///   container still exclude each other (through flock).
final class ContainerLock {
    static let fileName = ".lock"

    private let descriptor: Int32
    private let operations: FileSystemOperations
    private var holdsRecordLock = false

    /// Polls for the lock until `timeout` has passed.
    init(container: ContainerDirectory, operations: FileSystemOperations, paths: FileSystemPaths,
         timeout: Duration) throws(StoreError) {
        let fd: Int32
        do {
            fd = try operations.openNoFollow(container.descriptor, Self.fileName, flags: O_RDWR | O_CREAT, mode: 0o644,
                                             label: Self.fileName)
        } catch {
            throw StoreError(error)
        }
        descriptor = fd
        self.operations = operations
        var useRecordLock = paths == .fast
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            do {
                if useRecordLock {
                    do {
                        try operations.lock(fd, label: Self.fileName)
                        holdsRecordLock = true
                    } catch where [ENOSYS, EINVAL, EOPNOTSUPP].contains(error.errno) {
                        useRecordLock = false // no OFD locks here: flock alone
                    }
                }
                try operations.flock(fd, label: Self.fileName)
                break
            } catch {
                if holdsRecordLock {
                    try? operations.unlock(fd, label: Self.fileName)
                    holdsRecordLock = false
                }
                guard error.errno == EAGAIN || error.errno == EACCES || error.errno == EWOULDBLOCK else {
                    try? operations.close(fd, label: Self.fileName)
                    held = false
                    throw StoreError(error)
                }
                let waited = clock.now - start
                guard waited < timeout else {
                    try? operations.close(fd, label: Self.fileName)
                    held = false
                    throw .lockTimeout(waited: waited)
                }
                usleep(5_000)
            }
        }
    }

    private var held = true

    /// Closing the only descriptor of the description releases both locks even if unlocking fails.
    func release() {
        guard held else { return }
        held = false
        try? operations.unflock(descriptor, label: Self.fileName)
        if holdsRecordLock { try? operations.unlock(descriptor, label: Self.fileName) }
        try? operations.close(descriptor, label: Self.fileName)
    }

    deinit { release() }
}
