/// Wall time since it was made, in seconds (for reports).
struct Stopwatch: Sendable {
    private let start = ContinuousClock.now

    var seconds: Double { (ContinuousClock.now - start).totalSeconds }
}
