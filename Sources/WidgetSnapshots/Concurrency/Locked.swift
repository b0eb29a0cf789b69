import WidgetSnapshotsPlatform

/// A value that one thread at a time may touch: the only way to it is `withLock { state in ... }`,
/// so a lock can never be forgotten, held over the wrong state, or left locked. Every shared
/// mutable state of both libraries and of `widget-thumbs` lives in one of these, and the tests'
/// own, so ThreadSanitizer sees their locks too.
///
/// A pthread mutex and a condition on it, which ThreadSanitizer (`make test-tsan`) knows as a
/// lock (its reports name the mutexes held), rather than Synchronization's `Mutex`, a futex
/// behind atomics that it does not; and rather than `NSLock`, which loads Foundation into every
/// process that thumbnails (about 6 MB of resident memory).
///
/// Give it the state it guards, even when that is only a count of a callback's calls
/// (`BatchRunner`'s `finished`): ThreadSanitizer reported races on a `Locked(())`, whose state
/// has no size. Keep no closure as the state: passed `inout` through the generic `withLock`, it
/// is wrapped in two more reabstraction thunks on every call.
///
/// `@unchecked Sendable` because the compiler cannot see that the mutex serialises every access
/// to `state`; the `sending` parameters (as on the standard library's `Mutex`) keep a
/// non-`Sendable` state from being shared outside the lock.
package final class Locked<State>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var state: State

    /// Guards `state` from now on.
    package init(_ state: sending State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` on the state with the lock held, then wakes every thread waiting in
    /// `withLock(when:_:)` to look at the state again (a waker cannot be forgotten either; with
    /// no waiter the wake costs no system call).
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try withLock(when: { _ in true }, body)
    }

    /// Waits until `isReady` holds for the state (the lock is released while waiting, and taken
    /// again each time another `withLock` has run), then runs `body` with the lock still held.
    package func withLock<Result, Failure: Error>(
        when isReady: (borrowing State) -> Bool,
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        while !isReady(state) {
            pthread_cond_wait(condition, mutex)
        }
        return try body(&state)
    }
}
