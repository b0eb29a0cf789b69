import Dispatch
import Synchronization

/// A batch shared by `workers` threads: each pulls the next index from one atomic counter
/// when it is free (dynamic, so a slow image never leaves the other core idle, as static
/// halves would). Each worker holds one image at a time, so memory is bounded per worker.
struct WorkQueue: Sendable {
    let count: Int
    let workers: Int

    /// Calls `body(index, worker)` once for every index in `0..<count`.
    func run(_ body: @Sendable (Int, Int) -> Void) {
        let next = Atomic<Int>(0)
        let workerCount = max(1, min(workers, count))
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                body(index, worker)
            }
        }
    }
}
