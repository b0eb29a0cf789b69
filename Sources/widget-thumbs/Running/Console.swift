import Glibc
import WidgetSnapshots
import WidgetThumbnails
import WidgetThumbsBatch

/// Where the CLI's text goes: standard output for results and help, standard error for
/// errors. Writes go straight to the file descriptors (no buffer to flush at exit).
///
/// The one boundary between the tool's text and a terminal: every line printed passes here
/// and leaves terminal-safe, whatever it holds (a catalogue's label, a file name, a reason a
/// library gave). Text (`write(_:to:)`) has every scalar a terminal acts on (C0 and C1
/// controls, so ESC and CSI sequences, OSC titles and carriage returns; DEL; the bidi controls;
/// the line separators) written as `\u{...}` and each byte that is not UTF-8 as `\xNN`
/// (`DisplayText.guarded`), its line breaks kept; text already escaped where it was built
/// prints as it was. JSON (`write(json:to:)`) gets the same scalars as the `\uXXXX` escapes
/// that mean the same text (`JSONOutput.terminalSafe`), so it stays JSON. The progress bar's
/// own control sequences are the only ones written (`redraw`), from a fixed set.
/// `Tests/CLITests/SourceBoundaryTests.swift` fails on a write to the standard streams anywhere
/// else. (The thumbnail bytes of `-o -` are data, not text: `StandardOutput`.)
///
/// A failed write on standard output (a full disk, /dev/full, an I/O error) is remembered,
/// and later output is dropped, so a report is cut short but never has a hole in its middle;
/// `WidgetThumbs.main` turns the failure into a message and exit status 1 when the command
/// ends. Every command writes through here, so every command gets that one check.
struct Console: Sendable {
    enum Stream: Sendable {
        case output
        case error

        var descriptor: Int32 {
            switch self {
            case .output: STDOUT_FILENO
            case .error: STDERR_FILENO
            }
        }
    }

    /// The terminal control sequences a progress bar may write (`redraw`): nothing else the
    /// tool prints can hold one.
    enum Control: Sendable {
        /// Carriage return and erase the line: the bar is drawn again in place.
        case eraseLine
        /// SGR colour `code` ("31" red, "32" green), and back to normal.
        case colour(ColourCode)
        case normal
        case newline

        enum ColourCode: String, Sendable {
            case red = "31"
            case green = "32"
        }

        var text: String {
            switch self {
            case .eraseLine: "\r\u{1B}[2K"
            case .colour(let code): "\u{1B}[\(code.rawValue)m"
            case .normal: "\u{1B}[0m"
            case .newline: "\n"
            }
        }
    }

    /// A piece of a progress bar's redraw: one of the fixed controls, or text (made safe).
    enum Piece: Sendable {
        case control(Control)
        case text(String)
    }

    /// The first failed write's `errno` on standard output, 0 while none failed. Shared by
    /// every copy of this console (batch workers write from several threads).
    private let outputFailure = Locked<Int32>(0)

    /// Writes `text`, made terminal-safe (`terminalSafe`), and a newline.
    func write(_ text: String, to stream: Stream = .output) {
        emit(Self.terminalSafe(text) + "\n", to: stream)
    }

    /// Writes the JSON document or line `json`, made terminal-safe as JSON
    /// (`JSONOutput.terminalSafe`), and a newline.
    func write(json: String, to stream: Stream = .output) {
        emit(JSONOutput.terminalSafe(json) + "\n", to: stream)
    }

    /// Writes a progress bar's redraw on standard error: its fixed controls as they are, its
    /// text made terminal-safe (a failure's line printed above the bar names a file).
    func redraw(_ pieces: [Piece]) {
        emit(pieces.map { piece in
            switch piece {
            case .control(let control): control.text
            case .text(let text): Self.terminalSafe(text)
            }
        }.joined(), to: .error)
    }

    /// `text` as it may reach a terminal: `DisplayText.guarded`, line breaks kept.
    static func terminalSafe(_ text: String) -> String {
        DisplayText.guarded(text, keepingLineBreaks: true)
    }

    private func emit(_ text: String, to stream: Stream) {
        let bytes = Array(text.utf8)
        guard stream == .output else {
            // A failed write on standard error has nowhere left to be reported.
            _ = DescriptorWriter.writeAll(bytes, to: stream.descriptor)
            return
        }
        guard outputFailure.withLock({ $0 }) == 0 else { return }
        if let code = DescriptorWriter.writeAll(bytes, to: stream.descriptor) {
            outputFailure.withLock { if $0 == 0 { $0 = code } }
        }
    }

    /// The failed write on standard output, if one failed so far.
    var outputError: ImageError? {
        let code = outputFailure.withLock { $0 }
        return code == 0 ? nil : StandardOutput.failure(code)
    }

    /// `widget-thumbs: <file>: <code>: <reason>` on standard error: one input that failed.
    func report(_ error: ImageError) {
        write("\(WidgetThumbs.name): \(error)", to: .error)
    }
}
