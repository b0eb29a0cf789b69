import Foundation
import WidgetThumbnails
import WidgetThumbsBatch

/// The live line on a terminal's standard error:
/// `[=========>          ] 12/40  2 failed  3.4/s  ETA 0:08`.
/// Redrawn in place (carriage return, erase line) at most ten times a second; failures are
/// printed above it. Only made when `TerminalStyle` says stderr is a terminal. Written through
/// the console's one boundary (`Console.redraw`): the bar's controls come from its fixed set,
/// the lines above it are made terminal-safe like every other line.
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
    private let console: Console
    private let clock = Stopwatch()
    private let state = Locked(State())
    static let width = 24
    static let window = 16

    init(colour: Bool, console: Console) {
        self.colour = colour
        self.console = console
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
            console.redraw([.control(.eraseLine), .text(line), .control(.newline)])
            draw(&state, force: true)
        }
    }

    /// Erases the bar, leaving the cursor at the start of an empty line.
    func finish() {
        state.withLock { _ in console.redraw([.control(.eraseLine)]) }
    }

    private func draw(_ state: inout State, force: Bool) {
        let now = clock.seconds
        guard force || now - state.lastDraw >= 0.1 else { return }
        state.lastDraw = now
        console.redraw([.control(.eraseLine)] + line(state, now: now))
    }

    private func line(_ state: State, now: Double) -> [Console.Piece] {
        let filled = state.total.map { $0 == 0 ? Self.width : Self.width * min(state.done, $0) / $0 } ?? 0
        var bar = String(repeating: "=", count: filled)
        if filled < Self.width { bar += ">" + String(repeating: " ", count: Self.width - filled - 1) }
        var pieces: [Console.Piece] = [.text("[")] + paint(bar, .green)
            + [.text("] \(state.done)/\(state.total.map(String.init) ?? "?")")]
        if state.failed > 0 { pieces += [.text("  ")] + paint("\(state.failed) failed", .red) }
        if let rate = rate(state, now: now) {
            pieces.append(.text("  " + String(format: "%.1f/s", rate)))
            if let total = state.total {
                pieces.append(.text("  ETA " + Self.clockTime(Double(total - state.done) / rate)))
            }
        }
        return pieces
    }

    /// Inputs per second over the recent window (from the start while it is filling up).
    private func rate(_ state: State, now: Double) -> Double? {
        guard state.done > 0 else { return nil }
        let from = state.recent.count >= Self.window ? state.recent.first! : 0
        let count = state.recent.count >= Self.window ? Double(state.recent.count - 1) : Double(state.done)
        let span = now - from
        return span > 0 && count > 0 ? count / span : nil
    }

    private func paint(_ text: String, _ code: Console.Control.ColourCode) -> [Console.Piece] {
        colour ? [.control(.colour(code)), .text(text), .control(.normal)] : [.text(text)]
    }

    static func clockTime(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--:--" }
        let whole = Int(seconds.rounded(.up))
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
