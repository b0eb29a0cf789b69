#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WidgetSnapshotsPlatform

/// Removes old revisions and the leftovers of interrupted commits, under the writers' lock.
/// Keeps the committed revision and `keep` before it; never removes a file of a kept revision.
/// A revision's files go only when both the revision has been retired (`RetirementLedger`'s
/// upper bound of when it stopped being current) and the file itself was written at least the
/// grace period ago; a temporary file goes by its own time. Snapshots go before images, so an
/// interruption can leave an orphan image but never a snapshot without its image.
///
/// Every time here is the file system's (`FileClock`): file times, the ledger's records and
/// now, so an interval never spans two clocks. Now is read once, and only when a file or a
/// retirement is to be timed: a container with nothing old gets no marker file, so gc there
/// writes nothing (and works where the caller may lock but not create files).
struct GarbageCollector {
    let container: ContainerDirectory
    let opener: ConfinedOpener
    let operations: FileSystemOperations
    let policy: GarbageCollectionPolicy
    /// Seconds since 1970 by the file system's clock, now.
    let clock: () throws(SystemCallError) -> Double

    func run(committed: UInt64?) throws(SystemCallError) -> GarbageCollectionReport {
        var report = GarbageCollectionReport()
        var now: Double?
        func time() throws(SystemCallError) -> Double {
            if let now { return now }
            let read = try clock()
            now = read
            return read
        }
        let snapshots = try Directory(opener: opener, operations: operations, name: LayoutPath.snapshotsDirectory)
        let images = try Directory(opener: opener, operations: operations, name: LayoutPath.imagesDirectory)
        defer { snapshots?.close(); images?.close() }

        var kept: [UInt64] = []
        if let committed {
            let older = Set(snapshots?.layoutRevisions ?? []).filter { $0 < committed }.sorted(by: >)
            kept = [committed] + older.prefix(max(policy.keep, 0))
        }
        report.keptRevisions = kept
        let keep = Set(kept)
        var ledger = try RetirementLedger(container: container, opener: opener, operations: operations)
        let old = Set([snapshots, images].compactMap { $0 }.flatMap(\.layoutRevisions)).subtracting(keep)
        // Only a revision below the committed one is retired for good (a recovered manifest
        // clears the records). One above it, or any without a manifest, is an interrupted
        // commit's: a later commit may yet make it current, so a record now would not bound
        // its retirement then.
        let retired = old.filter { revision in committed.map { revision < $0 } ?? false }
        for revision in retired { ledger.observeRetired(revision, now: try time()) }
        for directory in [snapshots, images].compactMap({ $0 }) {
            var changed = false
            for name in directory.names {
                let retiredAt: Double?
                if TemporaryName.isTemporary(name) {
                    retiredAt = nil
                } else if let revision = LayoutPath.entry(name, in: directory.name)?.revision, !keep.contains(revision) {
                    // Not current since the last swap at the latest (its own time bounds an
                    // interrupted commit's file written after it); without a manifest, no
                    // reader ever read it: its own time alone.
                    retiredAt = retired.contains(revision) ? ledger.retiredAt(revision) : ledger.lastSwap
                } else {
                    continue
                }
                if try remove(name, in: directory.descriptor, label: "\(directory.name)/\(name)", retiredAt: retiredAt,
                              now: try time(), report: &report) {
                    changed = true
                }
            }
            if changed { try operations.fsync(directory.descriptor, label: directory.name) }
        }
        var changed = false
        for name in try operations.listDirectory(container.descriptor, label: ".").sorted()
        where name.hasPrefix(TemporaryName.manifestPrefix) || name.hasPrefix(TemporaryName.ledgerPrefix) {
            if try remove(name, in: container.descriptor, label: name, retiredAt: nil, now: try time(), report: &report) {
                changed = true
            }
        }
        if changed { try operations.fsync(container.descriptor, label: ".") }

        // Records are kept for old revisions that still have a file.
        var files: [UInt64: Int] = [:]
        for directory in [snapshots, images].compactMap({ $0 }) {
            for revision in directory.layoutRevisions where retired.contains(revision) { files[revision, default: 0] += 1 }
        }
        for label in report.deleted {
            if let revision = (try? LayoutPath(parsing: label))?.revision { files[revision, default: 0] -= 1 }
        }
        let remaining = Set(files.filter { $0.value > 0 }.keys)
        ledger.retain(only: remaining)
        try ledger.save(container: container, operations: operations)
        return report
    }

    /// Removes `name` when both its own time and `retiredAt` (when given) are at least the
    /// grace period before `now`; true if it did.
    private func remove(_ name: String, in directory: Int32, label: String, retiredAt: Double?, now: Double,
                        report: inout GarbageCollectionReport) throws(SystemCallError) -> Bool {
        let info: stat
        do {
            info = try operations.status(in: directory, name, label: label)
        } catch where error.errno == ENOENT {
            return false
        }
        let modified = RetirementLedger.seconds(info.st_mtim)
        let since = max(modified, retiredAt ?? modified)
        guard now - since >= policy.grace.totalSeconds else {
            report.deferred.append(label)
            return false
        }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { return false } // not ours to remove
        do {
            try operations.unlink(in: directory, name, label: label)
        } catch where error.errno == ENOENT {
            return false
        }
        report.deleted.append(label)
        return true
    }

    /// `images/` or `snapshots/`, opened confined, with its names sorted.
    private struct Directory {
        let name: String
        let descriptor: Int32
        let names: [String]
        let operations: FileSystemOperations

        init?(opener: ConfinedOpener, operations: FileSystemOperations, name: String) throws(SystemCallError) {
            do {
                descriptor = try opener.open(try! ContainerPath(name), as: .directory)
            } catch {
                if case .notFound = error { return nil }
                throw SystemCallError(.openBeneath, name, errno: ENOTDIR)
            }
            self.name = name
            self.operations = operations
            do {
                names = try operations.listDirectory(descriptor, label: name).sorted()
            } catch {
                try? operations.close(descriptor, label: name)
                throw error
            }
        }

        var layoutRevisions: [UInt64] { names.compactMap { LayoutPath.entry($0, in: name)?.revision } }

        func close() { try? operations.close(descriptor, label: name) }
    }
}
