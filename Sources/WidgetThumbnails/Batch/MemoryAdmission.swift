/// Keeps the sum of in-flight memory estimates under a limit: `admit` waits until the work's
/// estimate fits beside what is already running. Work larger than the whole limit still runs,
/// alone, so nothing is refused for being big (the decoder's own limits do that).
public final class MemoryAdmission: @unchecked Sendable {
    /// The most the admitted work may estimate at once, in bytes.
    public let limitBytes: Int
    // Guards `inFlightBytes` and `running`; every access holds it.
    private let condition = PThreadLock()
    private var inFlightBytes = 0
    private var running = 0
    private var peakBytes = 0

    /// Admits work while the estimates in flight stay under `limitBytes`.
    public init(limitBytes: Int) {
        self.limitBytes = max(1, limitBytes)
    }

    /// The highest sum of admitted estimates seen so far.
    public var peakEstimatedBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return peakBytes
    }

    /// Runs `body` once `bytes` fits under the limit (or nothing else is running).
    public func admit<Result>(_ bytes: Int, _ body: () throws(ImageError) -> Result) throws(ImageError) -> Result {
        let bytes = max(0, bytes)
        condition.lock()
        while running > 0 && inFlightBytes + bytes > limitBytes {
            condition.wait()
        }
        inFlightBytes += bytes
        running += 1
        peakBytes = max(peakBytes, inFlightBytes)
        condition.unlock()
        defer {
            condition.lock()
            inFlightBytes -= bytes
            running -= 1
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
