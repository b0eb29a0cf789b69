import Foundation
import Glibc
import WidgetThumbnails

/// Where each recorded thumbnail's line lives in the record files (manifests and journals) of
/// `--out`: a 128-bit digest of its name and a file position, about 50 bytes a record. The
/// lines are read back and decoded only when an input asks for its record, so a re-run over
/// 200,000 recorded photos no longer holds 200,000 decoded reports (790 MB).
///
/// The index is built once, before the workers start, and only read while they run (the
/// compaction, after them, forgets what the journal redoes); the files stay
/// open, and a record file that another shard replaces meanwhile (its compaction renames a new
/// one into place) keeps its old contents behind the open descriptor.
final class RecordIndex: @unchecked Sendable {
    /// A name's first 128 bits of SHA-256: two names sharing one is not a practical concern, and
    /// a decoded line whose name differs is treated as no record (the input is redone).
    struct Key: Hashable, Sendable {
        var high: UInt64
        var low: UInt64

        init(_ name: String) {
            let digest = SHA256Digest.of(Array(name.utf8)).bytes
            high = digest[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
            low = digest[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    /// A line in one of the files, or an entry of an earlier version's whole-file manifest.
    enum Location: Sendable {
        case line(file: Int32, offset: Int64, length: Int32)
        case resident(Int32)
    }

    private var ownFiles: Set<Int32> = []
    /// False once an own line is in an earlier version's form, or repeats a name: compacting
    /// would then change the manifest even when the run records nothing new.
    private(set) var ownLinesAreCompact = true
    private var files: [(path: String, descriptor: Int32)] = []
    private var locations: [Key: Location] = [:]
    private var residents: [(name: String, entry: BatchManifest.Entry, own: Bool)] = []

    deinit {
        for file in files where file.descriptor >= 0 { close(file.descriptor) }
    }

    /// Indexes `path`'s lines. A line of an own file (read oldest first) replaces an earlier
    /// record of its name; another shard's only fills a gap. Returns what was wrong with the
    /// file (`RecordFileLines`: not a regular file, over-long lines skipped), if anything.
    func addLines(of path: String, own: Bool) -> ImageError? {
        let descriptor: Int32
        do throws(ImageError) {
            guard let opened = try RecordFileLines.open(path) else { return nil }
            descriptor = opened
        } catch {
            return error
        }
        let file = Int32(files.count)
        files.append((path, descriptor))
        if own { ownFiles.insert(file) }
        return RecordFileLines.forEach(descriptor: descriptor, file: path) { offset, line in
            guard let name = RecordLineName.of(line), line.count <= Int(Int32.max) else { return }
            let key = Key(name)
            let location = Location.line(file: file, offset: offset, length: Int32(line.count))
            if own {
                if locations.updateValue(location, forKey: key) != nil || !RecordLineName.isReadDirectly(line) {
                    ownLinesAreCompact = false
                }
            } else if locations[key] == nil {
                locations[key] = location
            }
        }
    }

    /// An earlier version's manifest entries (decoded whole: those files were small).
    func addResidents(_ entries: [String: BatchManifest.Entry], own: Bool) {
        if own && !entries.isEmpty { ownLinesAreCompact = false }
        for (name, entry) in entries {
            let key = Key(name)
            guard own || locations[key] == nil else { continue }
            locations[key] = .resident(Int32(residents.count))
            residents.append((name, entry, own))
        }
    }

    /// The record for `name`, read back from its file.
    func entry(for name: String) -> BatchManifest.Entry? {
        guard let location = locations[Key(name)] else { return nil }
        switch location {
        case .resident(let index):
            let resident = residents[Int(index)]
            return resident.name == name ? resident.entry : nil
        case .line(let file, let offset, let length):
            guard let line = read(file: file, offset: offset, length: length),
                  let decoded = try? JSONDecoder().decode(BatchJournal.Line.self, from: Data(line)),
                  decoded.name == name else { return nil }
            return decoded.entry
        }
    }

    /// Forgets `name`'s record: this run's journal redoes it.
    func forget(_ name: String) {
        locations[Key(name)] = nil
    }

    /// The run's own earlier records not forgotten, outside `journalFile` (the compaction copies
    /// that one whole), as raw lines (or encoded, for an earlier version's entries), in file order.
    func ownRecords(outside journalFile: String, _ body: ([UInt8]) throws(ImageError) -> Void) throws(ImageError) {
        var kept: [(file: Int32, offset: Int64, length: Int32)] = []
        var keptResidents: [Int32] = []
        for location in locations.values {
            switch location {
            case .line(let file, let offset, let length) where ownFiles.contains(file) && files[Int(file)].path != journalFile:
                kept.append((file, offset, length))
            case .resident(let index) where residents[Int(index)].own:
                keptResidents.append(index)
            case .line, .resident:
                continue // another shard's: it stays in that shard's file
            }
        }
        for index in keptResidents.sorted() {
            let resident = residents[Int(index)]
            try body(try BatchJournal.encode(.init(name: resident.name, entry: resident.entry), file: journalFile))
        }
        for record in kept.sorted(by: { ($0.file, $0.offset) < ($1.file, $1.offset) }) {
            guard let line = read(file: record.file, offset: record.offset, length: record.length),
                  let current = BatchJournal.currentForm(of: line[...], file: journalFile) else { continue }
            try body(current)
        }
    }

    private func read(file: Int32, offset: Int64, length: Int32) -> [UInt8]? {
        var line = [UInt8](repeating: 0, count: Int(length))
        let descriptor = files[Int(file)].descriptor
        let count = line.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, off_t(offset)) }
        return count == Int(length) ? line : nil
    }
}
