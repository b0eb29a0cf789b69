/// Wall time since it was made, in seconds (for reports).
package struct Stopwatch: Sendable {
    private let start = ContinuousClock.now

    package init() {}

    package var seconds: Double { (ContinuousClock.now - start).totalSeconds }
}
