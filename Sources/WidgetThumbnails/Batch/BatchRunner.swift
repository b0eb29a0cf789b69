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
        // The next index to hand out, and the results so far.
        let queue = Locked((next: 0, results: [Output?](repeating: nil, count: count)))
        let report = Self.oneAtATime(finished)
        let worker: @Sendable () -> Void = {
            while let index = queue.withLock({ queue -> Int? in
                guard queue.next < count else { return nil }
                defer { queue.next += 1 }
                return queue.next
            }) {
                let output = work(index)
                report(index, output)
                queue.withLock { $0.results[index] = output }
            }
        }
        Self.onThreads(min(jobs, count), worker)
        return queue.withLock { $0.results.map { $0! } }
    }

    /// Calls `work` for every item `next` hands out until it returns nil, and `finished` (one
    /// call at a time) as each completes; keeps no result. `next` is called by the workers
    /// themselves, one at a time, only when one of them is free: a lazy source (a folder walk)
    /// is read no faster than the work goes, so memory grows with `jobs`, not with the items.
    /// Items are numbered in the order `next` gave them.
    public func stream<Item: Sendable, Output: Sendable>(next: @escaping @Sendable () -> Item?,
                                     work: @escaping @Sendable (Item) -> Output,
                                     finished: @escaping @Sendable (Int, Output) -> Void) {
        // Items handed out so far, and whether `next` has run dry (it is not called again).
        let source = Locked((count: 0, isDone: false))
        let report = Self.oneAtATime(finished)
        let worker: @Sendable () -> Void = {
            while let (index, item) = source.withLock({ source -> (Int, Item)? in
                guard !source.isDone, let item = next() else {
                    source.isDone = true
                    return nil
                }
                defer { source.count += 1 }
                return (source.count, item)
            }) {
                let output = work(item)
                report(index, output)
            }
        }
        Self.onThreads(jobs, worker)
    }

    /// `finished`, called one at a time, under a lock that counts the calls. Not kept as the
    /// lock's state: a closure passed `inout` through the generic `withLock` is wrapped in two
    /// reabstraction thunks on each call, so the nth report ran through 2n thunks (quadratic in
    /// the batch: 3% of the CPU of 3,000 small files, and growing).
    private static func oneAtATime<Output>(_ finished: @escaping @Sendable (Int, Output) -> Void)
        -> @Sendable (Int, Output) -> Void {
        let calls = Locked(0)
        return { index, output in
            calls.withLock { count in
                finished(index, output)
                count += 1
            }
        }
    }

    /// Runs `worker` on `count` threads, the calling thread being one of them, and waits.
    private static func onThreads(_ count: Int, _ worker: @escaping @Sendable () -> Void) {
        // 8 MiB: as much stack as the main thread has.
        let threads = (1..<max(1, count)).map { _ in WorkerThread(stackSize: 8 << 20, worker) }
        worker()
        threads.forEach { $0.join() }
    }
}
