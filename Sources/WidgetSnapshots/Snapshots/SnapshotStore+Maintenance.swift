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
    /// lock; refuses to touch a container whose manifest cannot be read or is missing while
    /// snapshots exist (`StoreError.manifestMissing`).
    @discardableResult
    public func collectGarbage(_ policy: GarbageCollectionPolicy = GarbageCollectionPolicy(),
                               now: Date = Date()) throws(StoreError) -> GarbageCollectionReport {
        let lock = try ContainerLock(container: container, operations: operations, paths: options.fileSystem,
                                     timeout: options.lockTimeout)
        defer { lock.release() }
        let committed = try committedManifest()?.revision
        if committed == nil { try refuseIfManifestLost() } // deleting "everything old" would delete everything
        let collector = GarbageCollector(container: container, opener: opener, operations: operations,
                                         policy: policy, now: now)
        do {
            return try collector.run(committed: committed)
        } catch {
            throw StoreError(error)
        }
    }
}
