#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the calling thread, for "bounded cost" checks on synchronous work.
///
/// Wall time on these shared 2-core machines stretches many times over when other jobs
/// compile, and a hostile-input bound measured in wall time then fails for no fault of the
/// code; the CPU time a parse or decode burns does not.
public enum ThreadCPUClock {
    public static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// The result of `body` and the thread CPU time it took.
    public static func measure<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let start = now
        let value = try body()
        return (value, now - start)
    }
}
