import Foundation
import Glibc
import WidgetThumbnails

/// What earlier runs made in `--out`, so a re-run skips thumbnails that are up to date.
///
/// Stored as hidden files in `--out` (hidden, so a batch over that folder never reads them as
/// input), one JSON line per thumbnail: `.widget-thumbs.jsonl` for a whole run,
/// `.widget-thumbs.shard-K-of-N.jsonl` for a shard, so concurrent shards sharing one output
/// folder never write the same file. A run reads every such file (and the `.json` files of
/// earlier versions), and every journal (`BatchJournal`: what a run killed before its end had
/// finished), and at its end rewrites only its own: its journal's lines, then its earlier
/// entries that this run did not redo (`finish`). In memory each record is only its place in
/// those files (`RecordIndex`, about 50 bytes); it is read back when its input comes up.
///
/// An entry is up to date when all of these hold: the same settings fingerprint (every
/// option that changes the pixels or bytes, and the tool version); the input has the same
/// relative path, size and modification time (nanoseconds) as recorded; the thumbnail exists
/// with the recorded size and SHA-256 and is not older than the input. Anything else is redone.
///
/// The entries are also what makes a file in `--out` widget-thumbs' own (`OutputGuard`): a
/// failed input keeps its earlier entry, so its earlier thumbnail stays known as ours.
package struct BatchManifest: Sendable {
    package struct Entry: Codable, Sendable {
        package var settings: String
        package var relativePath: String
        var inputBytes: Int
        var inputModified: Int64
        /// The thumbnail's path relative to `--out`.
        package var output: String
        /// The report, without the render cost (recomputed from the size: it is most of the
        /// bytes) and without timings.
        package var item: BatchItemReport
        package var bytesPerPixel: Int

        package init(settings: String, relativePath: String, inputBytes: Int, inputModified: Int64, output: String,
             item: BatchItemReport, bytesPerPixel: Int) {
            self.settings = settings
            self.relativePath = relativePath
            self.inputBytes = inputBytes
            self.inputModified = inputModified
            self.output = output
            self.bytesPerPixel = bytesPerPixel
            var stored = item
            stored.renderCost = nil
            stored.families = nil
            stored.timings = nil
            self.item = stored
        }

        /// The size recorded for the thumbnail when it is at `relativeOutput`.
        func recordedBytes(at relativeOutput: String) -> Int? {
            output == relativeOutput ? item.bytes : nil
        }

        /// The recorded report as a skipped entry for `input`, its output under `outDirectory`.
        func skippedReport(input: String, outDirectory: String, withRenderCost: Bool, devices: [DeviceClass]) -> BatchItemReport {
            var report = item
            report.status = .skipped
            report.input = input
            report.output = PathComponents.join(outDirectory, output)
            if withRenderCost, let width = item.width, let height = item.height {
                report.renderCost = RenderCost(size: PixelSize(width: width, height: height), bytesPerPixel: bytesPerPixel,
                                               devices: devices)
            }
            return report
        }
    }

    /// The format of earlier versions' `.widget-thumbs.json`.
    private struct LegacyFile: Codable {
        var version = 1
        var entries: [String: Entry]
    }

    package static let prefix = ".widget-thumbs"
    package static let suffix = ".jsonl"

    /// Where every record in `--out` is, by output name.
    private let index: RecordIndex
    let ownPath: String
    private let legacyPath: String
    /// This run's journal, beside its manifest.
    package let journal: BatchJournal
    /// The inputs of the run: no record file is written over one.
    private let inputs: InputIdentities
    /// What was wrong with the record files read (`RecordFileLines`): each was skipped, or its
    /// over-long lines were. The run reports them and fails.
    package let problems: [ImageError]

    package init(directory: String, shard: Shard?, durability: Durability, inputs: InputIdentities = InputIdentities()) {
        let ownStem = Self.stem(shard: shard)
        ownPath = PathComponents.join(directory, ownStem + Self.suffix)
        legacyPath = PathComponents.join(directory, ownStem + ".json")
        journal = BatchJournal(path: PathComponents.join(directory, ownStem + BatchJournal.suffix), durability: durability,
                               inputs: inputs)
        self.inputs = inputs
        index = RecordIndex()
        var problems: [ImageError?] = []
        // Own files first, oldest first (a journal is newer than the manifest beside it): their
        // records win over another shard's stale ones.
        index.addResidents(Self.legacyEntries(legacyPath, problems: &problems), own: true)
        problems.append(index.addLines(of: ownPath, own: true))
        problems.append(index.addLines(of: journal.path, own: true))
        let ownNames: Set<String> = [ownStem + Self.suffix, ownStem + ".json", ownStem + BatchJournal.suffix]
        for name in PathLookup.entries(of: directory) ?? [] where name.hasPrefix(Self.prefix) && !ownNames.contains(name) {
            let path = PathComponents.join(directory, name)
            if name.hasSuffix(".json") {
                index.addResidents(Self.legacyEntries(path, problems: &problems), own: false)
            } else if name.hasSuffix(Self.suffix) || name.hasSuffix(BatchJournal.suffix) {
                problems.append(index.addLines(of: path, own: false))
            }
        }
        self.problems = problems.compactMap { $0 }
    }

    /// The name of a run's record files without their suffix: `.widget-thumbs`, or
    /// `.widget-thumbs.shard-K-of-N` for a shard (`RecordLock` locks them by it).
    package static func stem(shard: Shard?) -> String {
        shard.map { "\(Self.prefix).shard-\($0.index)-of-\($0.count)" } ?? Self.prefix
    }

    /// The record for `name`, read back from its file (once per input: the up-to-date check
    /// and the output guard both work from it).
    package func record(for name: String) -> Entry? {
        index.entry(for: name)
    }

    /// Whether `entry`'s thumbnail is up to date for `input`.
    static func isUpToDate(_ entry: Entry, input: BatchInput, stat: InputStat, settings: String, outDirectory: String) -> Bool {
        guard entry.settings == settings, entry.relativePath == input.relativePath,
              entry.inputBytes == stat.bytes, entry.inputModified == stat.modified else { return false }
        let outputPath = PathComponents.join(outDirectory, entry.output)
        guard let output = InputStat(path: outputPath), output.bytes == entry.item.bytes, output.modified >= stat.modified,
              let bytes = try? InputFile.read(outputPath, maxBytes: ByteBudget.hardCeiling * 2) else { return false }
        return entry.item.checksum == SHA256Digest.of(bytes).description
    }

    /// Compacts this run's records: its journal's lines, then its earlier records that the
    /// journal does not redo, written atomically as its manifest; then drops the journal and
    /// the earlier version's file.
    ///
    /// The manifest is written only over a regular file or nothing, never an input
    /// (`OutputPlacement`, `.record`); a journal that could not be read is left in place, and its problem
    /// thrown after the manifest is written.
    package func finish(staging: StagingFolder, durability: Durability) throws(ImageError) {
        // Nothing recorded and nothing to tidy: the manifest would come out the same.
        var status = stat()
        let journalExists = RawPath.withCString(journal.path) { lstat($0, &status) } == 0
        if index.ownLinesAreCompact && !journalExists { return }
        let output = try OutputPlacement.check(ownPath, inputs: inputs, policy: .record(what: "the manifest"))
        var journalProblem: ImageError?
        try OutputPlacement.write(to: output, staging: .folder(staging), durability: durability) { append throws(ImageError) in
            // Lines go out in 64 KiB writes.
            var pending: [UInt8] = []
            var failure: ImageError?
            func add(_ line: some Collection<UInt8>) {
                pending += line
                pending.append(UInt8(ascii: "\n"))
                guard pending.count >= 1 << 16, failure == nil else { return }
                do throws(ImageError) { try append(pending) } catch { failure = error }
                pending.removeAll(keepingCapacity: true)
            }
            // No set of the journal's names: a fresh run over 200,000 photos would hold one.
            journalProblem = RecordFileLines.forEach(path: journal.path) { _, line in
                // A torn last line (a run killed while writing it) is dropped.
                guard let name = RecordLineName.of(line), let current = BatchJournal.currentForm(of: line, file: ownPath) else { return }
                index.forget(name)
                add(current)
            }
            try index.ownRecords(outside: journal.path) { line throws(ImageError) in add(line) }
            if let failure { throw failure }
            try append(pending)
        }
        if let journalProblem { throw journalProblem }
        journal.remove()
        _ = RawPath.withCString(legacyPath) { unlink($0) }
    }

    /// The entries of an earlier version's `.widget-thumbs.json` (none when it is absent or
    /// unreadable); a file that is not a regular one (`RecordFileLines.open`) is a problem.
    private static func legacyEntries(_ path: String, problems: inout [ImageError?]) -> [String: Entry] {
        let bytes: [UInt8]
        do throws(ImageError) {
            guard let read = try RecordFileLines.readWhole(path, maxBytes: 1 << 30) else { return [:] }
            bytes = read
        } catch {
            problems.append(error)
            return [:]
        }
        guard let file = try? JSONDecoder().decode(LegacyFile.self, from: Data(bytes)), file.version == 1 else { return [:] }
        return file.entries
    }
}

/// A file's size and modification time (nanoseconds since the epoch), from `stat`.
package struct InputStat: Sendable, Equatable {
    package var bytes: Int
    var modified: Int64

    package init?(path: String) {
        var status = stat()
        guard RawPath.withCString(path, { stat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        bytes = Int(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }
}
