import Foundation
import Glibc
import WidgetThumbnails

/// What a run has finished so far, one JSON line per item appended as soon as its thumbnail is
/// in place: `.widget-thumbs.journal` (or `.widget-thumbs.shard-K-of-N.journal`) in `--out`.
/// A run killed at any moment (SIGKILL, an evicted pod) keeps the record of every item it
/// finished, so its re-run skips them and knows their thumbnails as its own. Each line goes to
/// the kernel with its own write (it survives the process); with `--fsync each` the journal is
/// also flushed to disk every `flushGroup` lines (a power cut loses at most that many). At the
/// end of a run the manifest takes the lines over (`BatchManifest.finish`) and the journal is
/// removed.
package final class BatchJournal: Sendable {
    /// The format of a journal line, and of a manifest line (the manifest is a compacted journal).
    package struct Line: Codable {
        package var name: String
        package var entry: BatchManifest.Entry
    }

    package static let suffix = ".journal"
    static let flushGroup = 16

    package let path: String
    private let durability: Durability
    /// The open journal (-1 until the first line), lines written since the last flush, and
    /// whether a write failed. Appends come one item at a time (BatchRunner's `finished`); the
    /// lock keeps the descriptor safe all the same.
    private struct State {
        var descriptor: Int32 = -1
        var unflushed = 0
        var hasFailed = false
    }

    private let state = Locked(State())

    /// The run's inputs: the journal is never one of them.
    private let inputs: InputIdentities

    package init(path: String, durability: Durability, inputs: InputIdentities = InputIdentities()) {
        self.path = path
        self.durability = durability
        self.inputs = inputs
    }

    deinit { state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } } }

    /// Records one finished item. A journal that cannot be written costs only the skipping of
    /// items after a crash, so the run goes on: the first failure is returned (to report), later
    /// ones are not.
    package func append(name: String, entry: BatchManifest.Entry) -> ImageError? {
        state.withLock { state in
            do throws(ImageError) {
                try write(Line(name: name, entry: entry), &state)
                return nil
            } catch {
                if state.hasFailed { return nil }
                state.hasFailed = true
                return error
            }
        }
    }

    private func write(_ line: Line, _ state: inout State) throws(ImageError) {
        var bytes = try Self.encode(line, file: path)
        bytes.append(UInt8(ascii: "\n"))
        if state.descriptor < 0 {
            // Never through a symlink, into a FIFO or a device, or over an input (`OutputPlacement.openJournal`).
            state.descriptor = try OutputPlacement.openJournal(path, inputs: inputs)
            // A run killed in the middle of a line left it without its newline: end it, or this
            // run's first line would be glued to it and lost with it.
            if endsInsideALine(state.descriptor) { bytes.insert(UInt8(ascii: "\n"), at: 0) }
        }
        let descriptor = state.descriptor
        // One write per line: with O_APPEND a line is never split by another writer.
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
        guard written == bytes.count else {
            throw ImageError(.io, "cannot append to the journal: \(String(cString: strerror(errno)))", file: path)
        }
        state.unflushed += 1
        if durability == .each, state.unflushed >= Self.flushGroup {
            fdatasync(descriptor)
            state.unflushed = 0
        }
    }

    private func endsInsideALine(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return false }
        var last: UInt8 = 0
        return pread(descriptor, &last, 1, status.st_size - 1) == 1 && last != UInt8(ascii: "\n")
    }

    /// Closes the journal (the manifest now holds its lines) and removes it: only a file this
    /// run could write to (`RecordFileLines.open`: a regular file, not read-only, not an input
    /// of the run), never a symlink or anything else put at its name.
    package func remove() {
        state.withLock { state in
            if state.descriptor < 0 {
                state.descriptor = (try? RecordFileLines.open(path, flags: O_RDWR, inputs: inputs)).flatMap { $0 } ?? -1
            }
            guard state.descriptor >= 0 else { return }
            close(state.descriptor)
            state.descriptor = -1
            _ = RawPath.withCString(path) { unlink($0) }
        }
    }

    /// `line` as this version writes it (nil when it does not parse): an earlier version's line
    /// (the name last) is re-encoded when it is compacted, so later runs read its name directly.
    static func currentForm(of line: ArraySlice<UInt8>, file: String) -> [UInt8]? {
        if RecordLineName.isReadDirectly(line) { return Array(line) }
        guard let decoded = try? JSONDecoder().decode(Line.self, from: Data(line)) else { return nil }
        return try? encode(decoded, file: file)
    }

    /// The line's JSON, the name first (`RecordLineName` reads it without decoding the rest).
    package static func encode(_ line: Line, file: String) throws(ImageError) -> [UInt8] {
        do {
            let encoder = JSONEncoder()
            return Array(#"{"name":"#.utf8) + Array(try encoder.encode(line.name)) + Array(#","entry":"#.utf8)
                + Array(try encoder.encode(line.entry)) + [UInt8(ascii: "}")]
        } catch {
            throw ImageError(.io, "cannot encode a record line: \(error)", file: file)
        }
    }
}
