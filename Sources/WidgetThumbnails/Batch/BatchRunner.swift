import Foundation
import Synchronization

/// Runs one piece of work per index on a fixed number of threads pulling from a shared
/// queue: a worker takes the next index as soon as it is free, so one large image never
/// holds back the others. Results come back in index order, whatever finished first, so a
/// report is the same for any number of jobs. Pair it with `MemoryAdmission` inside `work`
/// to bound memory as well as threads.
public struct BatchRunner: Sendable {
    /// Worker threads, at least 1.
    public var jobs: Int

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
        let state = Mutex(Queue<Output>(count: count))
        let reporting = Mutex(())
        let worker: @Sendable () -> Void = {
            while let index = state.withLock({ $0.take() }) {
                let output = work(index)
                reporting.withLock { _ in finished(index, output) }
                state.withLock { $0.results[index] = output }
            }
        }
        let threads = min(jobs, count)
        let group = DispatchGroup()
        for _ in 1..<threads {
            group.enter()
            let thread = Thread {
                worker()
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        worker() // the calling thread is one of the workers
        group.wait()
        return state.withLock { queue in queue.results.map { $0! } }
    }

    private struct Queue<Output> {
        var next = 0
        let count: Int
        var results: [Output?]

        init(count: Int) {
            self.count = count
            results = Array(repeating: nil, count: count)
        }

        mutating func take() -> Int? {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
