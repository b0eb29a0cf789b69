import Glibc
import Testing
import WidgetThumbnails

/// `Locked`, the one lock of the library and the CLI: one thread at a time in `withLock`, a
/// waiter woken by any later `withLock`, and the lock let go when the body throws. Also run
/// under ThreadSanitizer (`make test-tsan`), which sees its pthread mutex.
@Suite struct LockedTests {
    @Test func withLockLetsOneThreadAtATimeReadAndWrite() {
        let counter = Locked(0)
        let threads = 4, rounds = 2_000
        _ = BatchRunner(jobs: threads).run(count: threads) { _ in
            for _ in 0..<rounds {
                counter.withLock { value in
                    let read = value
                    sched_yield() // Another thread would take its turn here, were the lock not held.
                    value = read + 1
                }
            }
            return 0
        }
        #expect(counter.withLock { $0 } == threads * rounds)
    }

    @Test func aWaiterRunsOnlyOnceTheStateIsReady() {
        let steps = Locked((count: 0, seenByWaiter: -1))
        _ = BatchRunner(jobs: 2).run(count: 2) { index in
            if index == 0 {
                steps.withLock(when: { $0.count >= 3 }) { $0.seenByWaiter = $0.count }
            } else {
                for _ in 0..<5 {
                    usleep(5_000)
                    steps.withLock { $0.count += 1 }
                }
            }
            return 0
        }
        let seen = steps.withLock { $0.seenByWaiter }
        // 3, or more when the waiter woke late; never before the third step.
        #expect((3...5).contains(seen), "the waiter saw \(seen)")
    }

    @Test func aThrowingBodyLeavesTheStateAndTheLockUsable() {
        struct Refused: Error {}
        let names = Locked<[String]>([])
        #expect(throws: Refused.self) {
            try names.withLock { names throws(Refused) in
                names.append("kept")
                throw Refused()
            }
        }
        // Not left locked: a second withLock returns (and sees the change made before the throw).
        #expect(names.withLock { $0 } == ["kept"])
    }
}
