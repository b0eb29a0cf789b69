import Glibc

/// A pthread mutex and a condition on it: what `NSLock` and `NSCondition` wrapped, without
/// loading Foundation into every process that thumbnails (about 6 MB of resident memory).
/// A pthread mutex rather than Synchronization's `Mutex`, whose futex ThreadSanitizer cannot see.
final class PThreadLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for a `broadcast`; the caller holds the lock, which is released while waiting.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiter.
    func broadcast() { pthread_cond_broadcast(condition) }
}
