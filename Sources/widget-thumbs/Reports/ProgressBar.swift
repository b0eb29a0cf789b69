import Foundation
import Glibc
import WidgetThumbnails
import WidgetThumbsBatch

/// The live line on a terminal's standard error:
/// `[=========>          ] 12/40  2 failed  3.4/s  ETA 0:08`.
/// Redrawn in place (carriage return, erase line) at most ten times a second; failures are
/// printed above it. Only made when `TerminalStyle` says stderr is a terminal.
final class ProgressBar: Sendable {
    private struct State {
        /// Unknown until the inputs have all been found (they are found as the work goes).
        var total: Int?
        var done = 0
        var failed = 0
        /// Completion times of the last few inputs, for the current rate.
        var recent: [Double] = []
        var lastDraw = -1.0
    }

    private let colour: Bool
    private let clock = Stopwatch()
    private let state = Locked(State())
    static let width = 24
    static let window = 16

    init(colour: Bool) {
        self.colour = colour
        state.withLock { draw(&$0, force: true) }
    }

    /// Every input has been found: the bar can show its share and an ETA.
    func foundAll(total: Int) {
        state.withLock { $0.total = total; draw(&$0, force: true) }
    }

    func completed(failed: Bool) {
        state.withLock { state in
            state.done += 1
            if failed { state.failed += 1 }
            state.recent.append(clock.seconds)
            if state.recent.count > Self.window { state.recent.removeFirst() }
            draw(&state, force: state.done == state.total)
        }
    }

    /// Prints `line` above the bar, then redraws the bar.
    func printAbove(_ line: String) {
        state.withLock { state in
            emit("\r\u{1B}[2K" + line + "\n")
            draw(&state, force: true)
        }
    }

    /// Erases the bar, leaving the cursor at the start of an empty line.
    func finish() {
        state.withLock { _ in emit("\r\u{1B}[2K") }
    }

    private func draw(_ state: inout State, force: Bool) {
        let now = clock.seconds
        guard force || now - state.lastDraw >= 0.1 else { return }
        state.lastDraw = now
        emit("\r\u{1B}[2K" + line(state, now: now))
    }

    private func line(_ state: State, now: Double) -> String {
        let filled = state.total.map { $0 == 0 ? Self.width : Self.width * min(state.done, $0) / $0 } ?? 0
        var bar = String(repeating: "=", count: filled)
        if filled < Self.width { bar += ">" + String(repeating: " ", count: Self.width - filled - 1) }
        var parts = ["[" + paint(bar, "32") + "] \(state.done)/\(state.total.map(String.init) ?? "?")"]
        if state.failed > 0 { parts.append(paint("\(state.failed) failed", "31")) }
        if let rate = rate(state, now: now) {
            parts.append(String(format: "%.1f/s", rate))
            if let total = state.total {
                parts.append("ETA " + Self.clockTime(Double(total - state.done) / rate))
            }
        }
        return parts.joined(separator: "  ")
    }

    /// Inputs per second over the recent window (from the start while it is filling up).
    private func rate(_ state: State, now: Double) -> Double? {
        guard state.done > 0 else { return nil }
        let from = state.recent.count >= Self.window ? state.recent.first! : 0
        let count = state.recent.count >= Self.window ? Double(state.recent.count - 1) : Double(state.done)
        let span = now - from
        return span > 0 && count > 0 ? count / span : nil
    }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    static func clockTime(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--:--" }
        let whole = Int(seconds.rounded(.up))
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    private func emit(_ text: String) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
