import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

/// What the manifest names is checked before recover calls it intact and before gc deletes;
/// the reader calls a lost manifest damage; a recover that writes nothing takes no lock; gc's
/// records of retirement stay true.
@Suite struct SnapshotRepairTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    func commit(_ store: SnapshotStore<TestPayload>, _ revisions: ClosedRange<UInt64>) throws {
        for revision in revisions {
            try store.commit(revision: revision, payload: TestPayload(title: "r\(revision)", count: Int(revision)),
                             image: Fixture.storedImage(.webp, seed: "r\(revision)"))
        }
    }

    @Test func recoverRepointsAManifestWhoseImageIsMissingAtTheNewestCompleteOlderRevision() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...3)
        _ = unlink(scratch.file("container/images/thumbnail-3.webp"))
        scratch.plant("container/snapshots/snapshot-4.json", [0x7b]) // an interrupted commit's, never current

        guard case .recovered(let revision, let skipped) = try store.recoverManifest() else {
            Issue.record("expected a recovery"); return
        }
        #expect(revision == 2)
        #expect(skipped.map(\.revision) == [3], "only the damaged current revision is passed over: \(skipped)")
        #expect(skipped.first?.reason.contains("missing") == true, "\(skipped)")
        #expect(Fixture.revision(of: Fixture.reader(scratch).read()) == 2)
        #expect(try store.recoverManifest() == .intact(revision: 2))
    }

    @Test func gcRefusesWhileTheCommittedImageIsCorrupt() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...3)
        let image = scratch.file("container/images/thumbnail-3.webp")
        chmod(image, 0o644)
        var bytes = try #require(scratch.read("container/images/thumbnail-3.webp"))
        bytes[bytes.count / 2] ^= 0xff
        scratch.plant("container/images/thumbnail-3.webp", bytes)
        let before = scratch.fingerprint("container").filter { !$0.key.hasSuffix(".lock") }

        #expect(throws: StoreError.self) {
            try store.collectGarbage(GarbageCollectionPolicy(keep: 0, grace: .zero), advancingFileClockBy: 7200)
        }
        #expect(scratch.fingerprint("container").filter { !$0.key.hasSuffix(".lock") } == before)
    }

    @Test func aLostManifestReadsAsUnavailableNotEmpty() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...2)
        _ = unlink(scratch.file("container/current.json"))
        guard case .unavailable(let failure) = Fixture.reader(scratch).read() else {
            Issue.record("expected unavailable"); return
        }
        #expect(failure.code == .manifestMissing)
        #expect(failure.reason.contains("revision 2") && failure.reason.contains("recover"), "\(failure.reason)")
    }

    /// A recover with nothing to write never opens `.lock`, so a container where it cannot be
    /// opened for writing (read-only, or another user's) still reports intact.
    @Test func recoverOfAnIntactContainerNeedsNoLock() throws {
        try commit(try Fixture.store(scratch), 1...2)
        let readOnly = FileSystemOperations(interceptor: { operation in
            operation.kind == .openNoFollow && operation.path == ContainerLock.fileName ? EROFS : nil
        })
        let store = try Fixture.store(scratch, operations: readOnly)
        #expect(try store.recoverManifest() == .intact(revision: 2))
        _ = unlink(scratch.file("container/current.json"))
        #expect(throws: StoreError.io(operation: "openat", path: ".lock", errno: EROFS)) { try store.recoverManifest() }
    }

    /// gc noted revision 2 as an interrupted commit's leftover two hours ago (file clock);
    /// then it was committed, and replaced just now. The old sighting must not count as its
    /// retirement.
    @Test func aLeftoverSeenBeforeItWasCommittedKeepsItsWholeGracePeriod() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...1)
        scratch.plant("container/snapshots/snapshot-2.json", [0x7b])
        scratch.age("container/snapshots/snapshot-2.json", by: 7200)
        let policy = GarbageCollectionPolicy(keep: 0, grace: .seconds(3600))
        #expect(try store.collectGarbage(policy, advancingFileClockBy: -7200).deleted.isEmpty)

        try commit(store, 2...3)
        for file in ["snapshots/snapshot-2.json", "images/thumbnail-2.webp"] { scratch.age("container/\(file)", by: 7200) }
        let report = try store.collectGarbage(policy)
        #expect(report.deleted.isEmpty, "revision 2 was current until just now: \(report)")
        #expect(report.deferred.contains("snapshots/snapshot-2.json"), "\(report)")
        #expect(scratch.exists("container/images/thumbnail-2.webp"))
    }

    /// gc reads the file system's clock by making a marker file, but only when it has a file
    /// or a retirement to time: with nothing old it makes none, so it still works where the
    /// caller may take the lock but not create files (main's gc did; the clock must not break it).
    @Test func gcWithNothingOldMakesNoMarkerFile() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...1)
        let noNewFiles = FileSystemOperations(interceptor: { operation in
            operation.kind == .openNoFollow && operation.path.hasPrefix(TemporaryName.ledgerPrefix) ? EACCES : nil
        })
        let confined = try Fixture.store(scratch, operations: noNewFiles)
        let report = try confined.collectGarbage(GarbageCollectionPolicy(keep: 0, grace: .zero))
        #expect(report.keptRevisions == [1] && report.deleted.isEmpty && report.deferred.isEmpty, "\(report)")

        // Revision 1 is old now: timing it needs the clock, and gc deletes nothing without it.
        try commit(store, 2...2)
        #expect(throws: StoreError.self) { try confined.collectGarbage(GarbageCollectionPolicy(keep: 0, grace: .zero)) }
        #expect(scratch.exists("container/snapshots/snapshot-1.json"))
    }
}
