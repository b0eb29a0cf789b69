import Glibc

/// The writers' lock: an exclusive OFD lock on `.lock`, one per commit. OFD locks belong to the
/// open file description, so two commits in one process exclude each other as well as two
/// processes do, and closing some other descriptor of the file cannot drop the lock (as it
/// would a classic POSIX lock). Readers never take it.
final class ContainerLock {
    static let fileName = ".lock"

    private let descriptor: Int32
    private let operations: FileSystemOperations

    /// Polls for the lock until `timeout` has passed.
    init(container: ContainerDirectory, operations: FileSystemOperations, timeout: Duration) throws(StoreError) {
        let fd: Int32
        do {
            fd = try operations.openNoFollow(container.descriptor, Self.fileName, flags: O_RDWR | O_CREAT, mode: 0o644,
                                             label: Self.fileName)
        } catch {
            throw StoreError(error)
        }
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            do {
                try operations.lock(fd, label: Self.fileName)
                break
            } catch {
                guard error.errno == EAGAIN || error.errno == EACCES else {
                    try? operations.close(fd, label: Self.fileName)
                    throw StoreError(error)
                }
                let waited = clock.now - start
                guard waited < timeout else {
                    try? operations.close(fd, label: Self.fileName)
                    throw .lockTimeout(waited: waited)
                }
                usleep(5_000)
            }
        }
        descriptor = fd
        self.operations = operations
    }

    private var held = true

    /// Closing the only descriptor of the description releases the lock even if unlock fails.
    func release() {
        guard held else { return }
        held = false
        try? operations.unlock(descriptor, label: Self.fileName)
        try? operations.close(descriptor, label: Self.fileName)
    }

    deinit { release() }
}
