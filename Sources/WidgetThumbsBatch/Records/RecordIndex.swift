import Foundation
import Glibc
import WidgetThumbnails

/// Where each recorded thumbnail's line lives in the record files (manifests and journals) of
/// `--out`: a 128-bit digest of its name and a file position, about 50 bytes a record. The
/// lines are read back and decoded only when an input asks for its record, so a re-run over
/// 200,000 recorded photos no longer holds 200,000 decoded reports (790 MB).
///
/// The index is built once, before the workers start, and only read while they run (the
/// compaction, after them, forgets what the journal redoes); a lock guards it all the same, and
/// the lines are read outside it. The files stay open, and a record file that another shard
/// replaces meanwhile (its compaction renames a new one into place) keeps its old contents
/// behind the open descriptor.
package final class RecordIndex: Sendable {
    /// A name's first 128 bits of SHA-256: two names sharing one is not a practical concern, and
    /// a decoded line whose name differs is treated as no record (the input is redone).
    package struct Key: Hashable, Sendable {
        package var high: UInt64
        var low: UInt64

        package init(_ name: String) {
            let digest = SHA256Digest.of(Array(name.utf8)).bytes
            high = digest[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
            low = digest[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    /// A line in one of the files, or an entry of an earlier version's whole-file manifest.
    package enum Location: Sendable {
        case line(file: Int32, offset: Int64, length: Int32)
        case resident(Int32)
    }

    private struct State {
        var ownFiles: Set<Int32> = []
        var ownLinesAreCompact = true
        var files: [(path: String, descriptor: Int32)] = []
        var locations: [Key: Location] = [:]
        var residents: [(name: String, entry: BatchManifest.Entry, own: Bool)] = []
    }

    private let state = Locked(State())

    deinit {
        state.withLock { state in
            for file in state.files where file.descriptor >= 0 { close(file.descriptor) }
        }
    }

    /// False once an own line is in an earlier version's form, or repeats a name: compacting
    /// would then change the manifest even when the run records nothing new.
    var ownLinesAreCompact: Bool { state.withLock { $0.ownLinesAreCompact } }

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
        return state.withLock { state in
            let file = Int32(state.files.count)
            state.files.append((path, descriptor))
            if own { state.ownFiles.insert(file) }
            return RecordFileLines.forEach(descriptor: descriptor, file: path) { offset, line in
                guard let name = RecordLineName.of(line), line.count <= Int(Int32.max) else { return }
                let key = Key(name)
                let location = Location.line(file: file, offset: offset, length: Int32(line.count))
                if own {
                    if state.locations.updateValue(location, forKey: key) != nil || !RecordLineName.isReadDirectly(line) {
                        state.ownLinesAreCompact = false
                    }
                } else if state.locations[key] == nil {
                    state.locations[key] = location
                }
            }
        }
    }

    /// An earlier version's manifest entries (decoded whole: those files were small).
    func addResidents(_ entries: [String: BatchManifest.Entry], own: Bool) {
        state.withLock { state in
            if own && !entries.isEmpty { state.ownLinesAreCompact = false }
            for (name, entry) in entries {
                let key = Key(name)
                guard own || state.locations[key] == nil else { continue }
                state.locations[key] = .resident(Int32(state.residents.count))
                state.residents.append((name, entry, own))
            }
        }
    }

    /// The record for `name`, read back from its file (outside the lock: workers read theirs
    /// side by side).
    package func entry(for name: String) -> BatchManifest.Entry? {
        enum Found { case resident(BatchManifest.Entry?), line(descriptor: Int32, offset: Int64, length: Int32) }
        let found: Found? = state.withLock { state in
            switch state.locations[Key(name)] {
            case nil:
                return nil
            case .resident(let index):
                let resident = state.residents[Int(index)]
                return .resident(resident.name == name ? resident.entry : nil)
            case .line(let file, let offset, let length):
                return .line(descriptor: state.files[Int(file)].descriptor, offset: offset, length: length)
            }
        }
        switch found {
        case nil:
            return nil
        case .resident(let entry):
            return entry
        case .line(let descriptor, let offset, let length):
            guard let line = Self.read(descriptor: descriptor, offset: offset, length: length),
                  let decoded = try? JSONDecoder().decode(BatchJournal.Line.self, from: Data(line)),
                  decoded.name == name else { return nil }
            return decoded.entry
        }
    }

    /// Forgets `name`'s record: this run's journal redoes it.
    func forget(_ name: String) {
        state.withLock { _ = $0.locations.removeValue(forKey: Key(name)) }
    }

    /// The run's own earlier records not forgotten, outside `journalFile` (the compaction copies
    /// that one whole), as raw lines (or encoded, for an earlier version's entries), in file order.
    func ownRecords(outside journalFile: String, _ body: ([UInt8]) throws(ImageError) -> Void) throws(ImageError) {
        let (kept, keptResidents) = state.withLock { state in
            var kept: [(file: Int32, descriptor: Int32, offset: Int64, length: Int32)] = []
            var keptResidents: [(index: Int32, name: String, entry: BatchManifest.Entry)] = []
            for location in state.locations.values {
                switch location {
                case .line(let file, let offset, let length)
                    where state.ownFiles.contains(file) && state.files[Int(file)].path != journalFile:
                    kept.append((file, state.files[Int(file)].descriptor, offset, length))
                case .resident(let index) where state.residents[Int(index)].own:
                    let resident = state.residents[Int(index)]
                    keptResidents.append((index, resident.name, resident.entry))
                case .line, .resident:
                    continue // another shard's: it stays in that shard's file
                }
            }
            return (kept, keptResidents)
        }
        for resident in keptResidents.sorted(by: { $0.index < $1.index }) {
            try body(try BatchJournal.encode(.init(name: resident.name, entry: resident.entry), file: journalFile))
        }
        for record in kept.sorted(by: { ($0.file, $0.offset) < ($1.file, $1.offset) }) {
            guard let line = Self.read(descriptor: record.descriptor, offset: record.offset, length: record.length),
                  let current = BatchJournal.currentForm(of: line[...], file: journalFile) else { continue }
            try body(current)
        }
    }

    private static func read(descriptor: Int32, offset: Int64, length: Int32) -> [UInt8]? {
        var line = [UInt8](repeating: 0, count: Int(length))
        let count = line.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, off_t(offset)) }
        return count == Int(length) ? line : nil
    }
}
