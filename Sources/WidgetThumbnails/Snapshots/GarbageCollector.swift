import Foundation
import Glibc

/// Removes old revisions and the leftovers of interrupted commits, under the writers' lock.
/// Keeps the committed revision and `keep` before it; removes nothing younger than the grace
/// period; never removes a file of a kept revision. Snapshots go before images, so an
/// interruption can leave an orphan image but never a snapshot without its image.
struct GarbageCollector {
    let container: ContainerDirectory
    let opener: ConfinedOpener
    let operations: FileSystemOperations
    let policy: GarbageCollectionPolicy
    let now: Date

    func run(committed: UInt64?) throws(SystemCallError) -> GarbageCollectionReport {
        var report = GarbageCollectionReport()
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
        for directory in [snapshots, images].compactMap({ $0 }) {
            var changed = false
            for name in directory.names {
                let removable = TemporaryName.isTemporary(name)
                    || LayoutPath.entry(name, in: directory.name).map { !keep.contains($0.revision) } ?? false
                guard removable else { continue }
                if try remove(name, in: directory.descriptor, label: "\(directory.name)/\(name)", report: &report) {
                    changed = true
                }
            }
            if changed { try operations.fsync(directory.descriptor, label: directory.name) }
        }
        var changed = false
        for name in try operations.listDirectory(container.descriptor, label: ".").sorted()
        where name.hasPrefix(TemporaryName.manifestPrefix) {
            if try remove(name, in: container.descriptor, label: name, report: &report) { changed = true }
        }
        if changed { try operations.fsync(container.descriptor, label: ".") }
        return report
    }

    /// Removes `name` when it is older than the grace period; true if it did.
    private func remove(_ name: String, in directory: Int32, label: String,
                        report: inout GarbageCollectionReport) throws(SystemCallError) -> Bool {
        let info: stat
        do {
            info = try operations.status(in: directory, name, label: label)
        } catch where error.errno == ENOENT {
            return false
        }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        guard now.timeIntervalSince1970 - modified >= policy.grace.totalSeconds else {
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
