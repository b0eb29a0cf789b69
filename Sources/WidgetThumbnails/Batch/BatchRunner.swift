import Glibc

/// Runs one piece of work per index on a fixed number of threads pulling from a shared
/// queue: a worker takes the next index as soon as it is free, so one large image never
/// holds back the others. Results come back in index order, whatever finished first, so a
/// report is the same for any number of jobs. Pair it with `MemoryAdmission` inside `work`
/// to bound memory as well as threads.
public struct BatchRunner: Sendable {
    /// Worker threads, at least 1.
    public var jobs: Int

    /// Runs at most `jobs` items at once (at least one).
    public init(jobs: Int = BatchRunner.onlineProcessors) {
        self.jobs = max(1, jobs)
    }

    /// The processors online now (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    public static var onlineProcessors: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Calls `work` for every index in `0..<count` and returns the results in index order.
    /// `finished` is called (from a worker thread, one call at a time) as each one completes.
    public func run<Output: Sendable>(count: Int,
                                      work: @escaping @Sendable (Int) -> Output,
                                      finished: @escaping @Sendable (Int, Output) -> Void = { _, _ in }) -> [Output] {
        guard count > 0 else { return [] }
        let state = Queue<Output>(count: count)
        let reporting = PThreadLock()
        let worker: @Sendable () -> Void = {
            while let index = state.take() {
                let output = work(index)
                reporting.withLock { finished(index, output) }
                state.store(output, at: index)
            }
        }
        Self.onThreads(min(jobs, count), worker)
        return state.finishedResults()
    }

    /// Calls `work` for every item `next` hands out until it returns nil, and `finished` (one
    /// call at a time) as each completes; keeps no result. `next` is called by the workers
    /// themselves, one at a time, only when one of them is free: a lazy source (a folder walk)
    /// is read no faster than the work goes, so memory grows with `jobs`, not with the items.
    /// Items are numbered in the order `next` gave them.
    public func stream<Item: Sendable, Output: Sendable>(next: @escaping @Sendable () -> Item?,
                                     work: @escaping @Sendable (Item) -> Output,
                                     finished: @escaping @Sendable (Int, Output) -> Void) {
        let source = Source(next: next)
        let reporting = PThreadLock()
        let worker: @Sendable () -> Void = {
            while let (index, item) = source.take() {
                let output = work(item)
                reporting.withLock { finished(index, output) }
            }
        }
        Self.onThreads(jobs, worker)
    }

    /// Runs `worker` on `count` threads, the calling thread being one of them, and waits.
    private static func onThreads(_ count: Int, _ worker: @escaping @Sendable () -> Void) {
        // 8 MiB: as much stack as the main thread has.
        let threads = (1..<max(1, count)).map { _ in WorkerThread(stackSize: 8 << 20, worker) }
        worker()
        threads.forEach { $0.join() }
    }

    /// Hands out a lazy source's items, numbered, one taker at a time.
    private final class Source<Item>: @unchecked Sendable {
        private let lock = PThreadLock()
        private let next: () -> Item?
        private var count = 0
        private var isDone = false

        init(next: @escaping () -> Item?) { self.next = next }

        func take() -> (Int, Item)? {
            lock.withLock {
                guard !isDone, let item = next() else {
                    isDone = true
                    return nil
                }
                defer { count += 1 }
                return (count, item)
            }
        }
    }

    /// The next index to hand out and the results so far.
    private final class Queue<Output: Sendable>: @unchecked Sendable {
        private let lock = PThreadLock()
        private var next = 0
        private let count: Int
        private var results: [Output?]

        init(count: Int) {
            self.count = count
            results = Array(repeating: nil, count: count)
        }

        func take() -> Int? {
            lock.withLock {
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func store(_ output: Output, at index: Int) {
            lock.withLock { results[index] = output }
        }

        func finishedResults() -> [Output] {
            lock.withLock { results.map { $0! } }
        }
    }
}
