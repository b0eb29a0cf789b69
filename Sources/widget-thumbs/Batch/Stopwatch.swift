/// Wall time since it was made, in seconds (for reports).
struct Stopwatch: Sendable {
    private let start = ContinuousClock.now

    var seconds: Double {
        let parts = (ContinuousClock.now - start).components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
