import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

/// gc's grace period counts from when a revision stopped being current, not from its files'
/// times: a revision committed long ago and replaced a moment ago may still be in a reader's
/// hands.
@Suite struct SnapshotRetirementTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    func commit(_ store: SnapshotStore<TestPayload>, _ revision: UInt64) throws {
        try store.commit(revision: revision, payload: TestPayload(title: "r\(revision)", count: Int(revision)),
                         image: Fixture.storedImage(.webp, seed: "r\(revision)"))
    }

    @Test func aRevisionReplacedAMomentAgoOutlivesTheGracePeriod() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1)
        try commit(store, 2)
        // Committed two hours ago (by the files' times)...
        for file in scratch.fingerprint("container").keys where !file.hasSuffix(".lock") {
            scratch.age("container/\(file)", by: 7200)
        }
        // ...and replaced just now.
        try commit(store, 3)
        let policy = GarbageCollectionPolicy(keep: 0, grace: .seconds(3600))
        let report = try store.collectGarbage(policy)
        #expect(!report.deleted.contains("snapshots/snapshot-2.json"), "\(report)")
        #expect(!report.deleted.contains("images/thumbnail-2.webp"), "\(report)")
        #expect(report.deferred.contains("snapshots/snapshot-2.json"), "\(report)")
        #expect(scratch.exists("container/snapshots/snapshot-2.json"))

        // An hour after the swap, it goes.
        let later = try store.collectGarbage(policy, advancingFileClockBy: 3700)
        #expect(later.deleted.contains("snapshots/snapshot-2.json"), "\(later)")
        #expect(later.deleted.contains("images/thumbnail-2.webp"), "\(later)")
        #expect(Fixture.revision(of: Fixture.reader(scratch).read()) == 3)
    }

    /// gc's record of when it first saw a revision not current bounds its retirement from
    /// above, so later manifest swaps do not postpone it for ever; a recovered manifest clears
    /// the record.
    @Test func theFirstSightOfARetiredRevisionIsRecorded() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1)
        try commit(store, 2)
        let policy = GarbageCollectionPolicy(keep: 0, grace: .seconds(3600))
        #expect(try store.collectGarbage(policy, advancingFileClockBy: -7200).deleted.isEmpty)
        let ledger = String(decoding: try #require(scratch.read("container/.retired.json")), as: UTF8.self)
        #expect(ledger.hasPrefix("{\"1\":"), "\(ledger)")

        try commit(store, 3) // a swap just now
        for file in ["snapshots/snapshot-1.json", "images/thumbnail-1.webp", "snapshots/snapshot-2.json",
                     "images/thumbnail-2.webp"] {
            scratch.age("container/\(file)", by: 7200)
        }
        let report = try store.collectGarbage(policy)
        #expect(Set(report.deleted) == ["snapshots/snapshot-1.json", "images/thumbnail-1.webp"], "\(report)")
        #expect(report.deferred.contains("snapshots/snapshot-2.json"), "revision 2 was current until just now: \(report)")
        let after = String(decoding: try #require(scratch.read("container/.retired.json")), as: UTF8.self)
        #expect(after.hasPrefix("{\"2\":"), "only revision 2 is still on disk: \(after)")

        _ = unlink(scratch.file("container/current.json"))
        #expect(try store.recoverManifest() == .recovered(revision: 3, skipped: []))
        #expect(!scratch.exists("container/.retired.json"))
        #expect(store.verify().isClean)
    }
}
