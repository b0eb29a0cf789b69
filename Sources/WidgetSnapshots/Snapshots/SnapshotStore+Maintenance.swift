#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SnapshotStore {
    /// Checks every reference, checksum and path; changes nothing and takes no lock.
    public func verify() -> VerificationReport {
        var verifier = ContainerVerifier(loader: loader, operations: operations)
        return verifier.run()
    }

    /// Removes revisions older than the committed one and the `policy.keep` before it, and
    /// leftovers of interrupted commits, when older than `policy.grace`. Takes the writers'
    /// lock. Refuses, deleting nothing, a container whose manifest cannot be read, one whose
    /// manifest is missing while snapshots exist (`StoreError.manifestMissing`), and one whose
    /// committed snapshot or image is missing or corrupt (`StoreError.corruptContainer`): the
    /// older revisions are then what `recoverManifest()` needs.
    ///
    /// The grace period is measured on the file system's own clock (`FileClock`), never by
    /// comparing this process's clock with file times: a client whose clock is ahead of an NFS
    /// server's, or a clock stepped since the files were written, cannot shorten it.
    @discardableResult
    public func collectGarbage(_ policy: GarbageCollectionPolicy = GarbageCollectionPolicy()) throws(StoreError)
        -> GarbageCollectionReport {
        try collectGarbage(policy, advancingFileClockBy: 0)
    }

    /// `collectGarbage(_:)`; `now` is ignored, because the grace period is measured on the file
    /// system's clock (see there).
    @available(*, deprecated, message: "gc measures its grace period on the file system's clock; now is ignored")
    @discardableResult
    public func collectGarbage(_ policy: GarbageCollectionPolicy = GarbageCollectionPolicy(),
                               now: Date) throws(StoreError) -> GarbageCollectionReport {
        try collectGarbage(policy)
    }

    /// gc as if the file system's clock read `seconds` later than it does: how tests let a
    /// grace period pass without waiting for it.
    func collectGarbage(_ policy: GarbageCollectionPolicy, advancingFileClockBy seconds: Double) throws(StoreError)
        -> GarbageCollectionReport {
        let lock = try ContainerLock(container: container, operations: operations, paths: options.fileSystem,
                                     timeout: options.lockTimeout)
        defer { lock.release() }
        let committed = try committedManifest()
        if let committed {
            if let reason = try incompleteness(of: committed) {
                throw .corruptContainer(reason: "current.json names revision \(committed.revision), which is not complete "
                                            + "(\(reason)); gc deleted nothing: \(Manifest.recoverHint)")
            }
        } else {
            try refuseIfManifestLost() // deleting "everything old" would delete everything
        }
        do {
            let collector = GarbageCollector(container: container, opener: opener, operations: operations, policy: policy,
                                             clock: { [container, operations] () throws(SystemCallError) in
                                                 try FileClock.now(in: container, operations: operations) + seconds
                                             })
            return try collector.run(committed: committed?.revision)
        } catch {
            throw StoreError(error)
        }
    }
}
