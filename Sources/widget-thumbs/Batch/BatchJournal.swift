import Foundation
import Glibc
import WidgetThumbnails

/// What a run has finished so far, one JSON line per item appended as soon as its thumbnail is
/// in place: `.widget-thumbs.journal` (or `.widget-thumbs.shard-K-of-N.journal`) in `--out`.
/// A run killed at any moment (SIGKILL, an evicted pod) keeps the record of every item it
/// finished, so its re-run skips them and knows their thumbnails as its own. The lines go to
/// the kernel with each write (they survive the process, not a power cut); at the end of a
/// run the manifest takes them over and the journal is removed.
final class BatchJournal: @unchecked Sendable {
    struct Line: Codable {
        var name: String
        var entry: BatchManifest.Entry
    }

    static let suffix = ".journal"

    let path: String
    private var descriptor: Int32 = -1
    private var hasFailed = false
    /// `append` is called one item at a time (BatchRunner's `finished`); the lock keeps the
    /// descriptor safe all the same.
    private let lock = NSLock()

    init(path: String) {
        self.path = path
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Records one finished item. A journal that cannot be written costs only the skipping of
    /// items after a crash, so the run goes on: the first failure is returned (to report), later
    /// ones are not.
    func append(name: String, entry: BatchManifest.Entry) -> ImageError? {
        do throws(ImageError) {
            try write(Line(name: name, entry: entry))
            return nil
        } catch {
            lock.lock()
            defer { lock.unlock() }
            if hasFailed { return nil }
            hasFailed = true
            return error
        }
    }

    private func write(_ line: Line) throws(ImageError) {
        var bytes: [UInt8]
        do {
            bytes = Array(try JSONEncoder().encode(line))
        } catch {
            throw ImageError(.io, "cannot encode a journal line: \(error)", file: path)
        }
        bytes.append(UInt8(ascii: "\n"))
        lock.lock()
        defer { lock.unlock() }
        if descriptor < 0 {
            descriptor = RawPath.withCString(path) { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o666) }
            guard descriptor >= 0 else {
                throw ImageError(.io, "cannot open the journal: \(String(cString: strerror(errno)))", file: path)
            }
        }
        // One write per line: with O_APPEND, lines of concurrent writers never interleave.
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
        guard written == bytes.count else {
            throw ImageError(.io, "cannot append to the journal: \(String(cString: strerror(errno)))", file: path)
        }
    }

    /// Removes the journal once the manifest holds its lines.
    func remove() {
        lock.withLock {
            if descriptor >= 0 { close(descriptor); descriptor = -1 }
            _ = RawPath.withCString(path) { unlink($0) }
        }
    }

    /// The entries a journal holds, later lines winning; a torn last line (the process died in
    /// the middle of it) and any line that does not parse are ignored.
    static func load(_ path: String) -> [String: BatchManifest.Entry] {
        guard let bytes = try? InputFile.read(path, maxBytes: 1 << 30) else { return [:] }
        var entries: [String: BatchManifest.Entry] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            if let parsed = try? JSONDecoder().decode(Line.self, from: Data(line)) { entries[parsed.name] = parsed.entry }
        }
        return entries
    }
}
