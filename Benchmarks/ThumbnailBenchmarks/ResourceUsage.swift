import Glibc

/// This process's own CPU time and peak resident set, from getrusage(RUSAGE_SELF). The driver
/// runs every measured configuration as its own process, so `peakRSSKiB` is that run's peak.
struct ResourceUsage: Codable {
    var userSeconds: Double
    var systemSeconds: Double
    var peakRSSKiB: Int

    static func current() -> ResourceUsage {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return ResourceUsage(userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
                             peakRSSKiB: usage.ru_maxrss)
    }

    var cpuSeconds: Double { userSeconds + systemSeconds }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }
}
