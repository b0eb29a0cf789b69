import WidgetThumbnails

/// Keeps the sum of in-flight memory estimates under a limit: `admit` waits until the work's
/// estimate fits beside what is already running. Work larger than the whole limit still runs,
/// alone, so nothing is refused for being big (the decoder's own limits do that).
package final class MemoryAdmission: Sendable {
    /// The most the admitted work may estimate at once, in bytes.
    package let limitBytes: Int

    private struct State {
        var inFlightBytes = 0
        var running = 0
        var peakBytes = 0
    }

    private let state = Locked(State())

    /// Admits work while the estimates in flight stay under `limitBytes`.
    package init(limitBytes: Int) {
        self.limitBytes = max(1, limitBytes)
    }

    /// The highest sum of admitted estimates seen so far.
    package var peakEstimatedBytes: Int {
        state.withLock { $0.peakBytes }
    }

    /// Runs `body` once `bytes` fits under the limit (or nothing else is running).
    package func admit<Result>(_ bytes: Int, _ body: () throws(ImageError) -> Result) throws(ImageError) -> Result {
        let bytes = max(0, bytes)
        let limitBytes = limitBytes
        state.withLock(when: { $0.running == 0 || $0.inFlightBytes + bytes <= limitBytes }) { state in
            state.inFlightBytes += bytes
            state.running += 1
            state.peakBytes = max(state.peakBytes, state.inFlightBytes)
        }
        // Leaving wakes the waiters (`Locked.withLock`), who look again whether they fit.
        defer {
            state.withLock { state in
                state.inFlightBytes -= bytes
                state.running -= 1
            }
        }
        return try body()
    }
}
