import Foundation
import Glibc
import WidgetThumbnails

/// What earlier runs made in `--out`, so a re-run skips thumbnails that are up to date.
///
/// Stored as hidden JSON files in `--out` (hidden, so a batch over that folder never reads
/// them as input): `.widget-thumbs.json` for a whole run, `.widget-thumbs.shard-K-of-N.json`
/// for a shard, so concurrent shards sharing one output folder never write the same file. A
/// run reads every such file, and every journal (`BatchJournal`: what a run killed before its
/// end had finished), and rewrites only its own.
///
/// The entries are also what makes a file in `--out` widget-thumbs' own (`OutputGuard`): a
/// failed input keeps its earlier entry, so its earlier thumbnail stays known as ours.
///
/// An entry is up to date when all of these hold: the same settings fingerprint (every
/// option that changes the pixels or bytes, and the tool version); the input has the same
/// relative path, size and modification time (nanoseconds) as recorded; the thumbnail exists
/// with the recorded size and is not older than the input. Anything else is redone.
struct BatchManifest: Sendable {
    struct Entry: Codable, Sendable {
        var settings: String
        var relativePath: String
        var inputBytes: Int
        var inputModified: Int64
        /// The thumbnail's path relative to `--out`.
        var output: String
        /// The report, without the render cost (recomputed from the size: it is most of the
        /// bytes) and without timings.
        var item: BatchItemReport
        var bytesPerPixel: Int

        init(settings: String, relativePath: String, inputBytes: Int, inputModified: Int64, output: String,
             item: BatchItemReport) {
            self.settings = settings
            self.relativePath = relativePath
            self.inputBytes = inputBytes
            self.inputModified = inputModified
            self.output = output
            bytesPerPixel = item.renderCost?.bytesPerPixel ?? 4
            var stored = item
            stored.renderCost = nil
            stored.timings = nil
            self.item = stored
        }

        /// The recorded report as a skipped entry for `input`, its output under `outDirectory`.
        func skippedReport(input: String, outDirectory: String) -> BatchItemReport {
            var report = item
            report.status = .skipped
            report.input = input
            report.output = InputDiscovery.join(outDirectory, output)
            if let width = item.width, let height = item.height {
                report.renderCost = RenderCost(size: PixelSize(width: width, height: height), bytesPerPixel: bytesPerPixel)
            }
            return report
        }
    }

    private struct File: Codable {
        var version = 1
        /// Keyed by output name (the relative output path without extension).
        var entries: [String: Entry]
    }

    static let prefix = ".widget-thumbs"

    /// Keyed by output name.
    private(set) var entries: [String: Entry] = [:]
    private var ownEntries: [String: Entry] = [:]
    let ownPath: String
    /// This run's journal, beside its manifest.
    let journal: BatchJournal

    init(directory: String, shard: Shard?) {
        let ownStem = shard.map { "\(Self.prefix).shard-\($0.index)-of-\($0.count)" } ?? Self.prefix
        ownPath = InputDiscovery.join(directory, ownStem + ".json")
        journal = BatchJournal(path: InputDiscovery.join(directory, ownStem + BatchJournal.suffix))
        let names = InputDiscovery.entries(of: directory) ?? []
        // Own files last, so their entries win over another shard's stale ones; a journal is
        // newer than the manifest beside it.
        for name in names where name.hasPrefix(Self.prefix) && !name.hasPrefix(ownStem + ".") {
            if name.hasSuffix(".json") {
                entries.merge(Self.load(InputDiscovery.join(directory, name))) { first, _ in first }
            } else if name.hasSuffix(BatchJournal.suffix) {
                entries.merge(BatchJournal.load(InputDiscovery.join(directory, name))) { first, _ in first }
            }
        }
        ownEntries = Self.load(ownPath)
        ownEntries.merge(BatchJournal.load(journal.path)) { _, journaled in journaled }
        entries.merge(ownEntries) { _, own in own }
    }

    /// The size recorded for the thumbnail `name` at `relativeOutput`, when a manifest or a
    /// journal in `--out` records it.
    func recordedBytes(name: String, relativeOutput: String) -> Int? {
        guard let entry = entries[name], entry.output == relativeOutput else { return nil }
        return entry.item.bytes
    }

    /// The recorded entry for `name` when the thumbnail is up to date.
    func upToDate(name: String, input: BatchInput, stat: InputStat, settings: String, outDirectory: String) -> Entry? {
        guard let entry = entries[name], entry.settings == settings, entry.relativePath == input.relativePath,
              entry.inputBytes == stat.bytes, entry.inputModified == stat.modified,
              let output = InputStat(path: InputDiscovery.join(outDirectory, entry.output)),
              output.bytes == entry.item.bytes, output.modified >= stat.modified else { return nil }
        return entry
    }

    /// Records this run's results (made or skipped; a failed input keeps its earlier entry, so
    /// its earlier thumbnail stays known as ours), writes this run's file atomically, then
    /// drops the journal the file now holds.
    mutating func save(_ results: [(name: String, entry: Entry?)], staging: StagingFolder) throws(ImageError) {
        for result in results {
            if let entry = result.entry { ownEntries[result.name] = entry }
        }
        let text = try JSONOutput.encode(File(entries: ownEntries))
        try AtomicFile.write(Array(text.utf8), toPath: ownPath, staging: .folder(staging))
        journal.remove()
    }

    private static func load(_ path: String) -> [String: Entry] {
        guard let bytes = try? InputFile.read(path, maxBytes: 1 << 30),
              let file = try? JSONDecoder().decode(File.self, from: Data(bytes)), file.version == 1 else { return [:] }
        return file.entries
    }
}

/// A file's size and modification time (nanoseconds since the epoch), from `stat`.
struct InputStat: Sendable, Equatable {
    var bytes: Int
    var modified: Int64

    init?(path: String) {
        var status = stat()
        guard RawPath.withCString(path, { stat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        bytes = Int(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }
}
