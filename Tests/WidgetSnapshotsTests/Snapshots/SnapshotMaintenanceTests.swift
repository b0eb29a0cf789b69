import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

@Suite struct SnapshotMaintenanceTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    func commit(_ store: SnapshotStore<TestPayload>, _ revisions: ClosedRange<UInt64>) throws {
        for revision in revisions {
            let format: StoredFormat = revision % 2 == 0 ? .png : .webp
            try store.commit(revision: revision, payload: TestPayload(title: "r\(revision)", count: Int(revision)),
                             image: Fixture.storedImage(format, seed: "r\(revision)"))
        }
    }

    func image(_ revision: UInt64) -> String { "images/thumbnail-\(revision).\(revision % 2 == 0 ? "png" : "webp")" }

    @Test func aCleanContainerVerifiesWithoutFindings() throws {
        let store = try Fixture.store(scratch)
        #expect(store.verify() == VerificationReport())
        try commit(store, 1...3)
        let report = store.verify()
        #expect(report.revision == 3)
        #expect(report.problems.isEmpty && report.warnings.isEmpty, "\(report)")
    }

    @Test func leftoversAreWarningsNotProblems() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...2)
        scratch.plant("container/images/.tmp-abc", [1, 2, 3])
        scratch.plant("container/current.json.tmp-abc", [1])
        scratch.plant("container/images/thumbnail-9.webp", Fixture.imageBytes(.webp, seed: "orphan"))
        let staging = try Fixture.store(scratch, "staging")
        try staging.commit(revision: 7, payload: Fixture.payload, image: nil)
        scratch.plant("container/snapshots/snapshot-7.json", scratch.read("staging/snapshots/snapshot-7.json")!)
        scratch.plant("container/images/notes.txt", [0x41])

        let report = store.verify()
        #expect(report.isClean, "\(report.problems)")
        let kinds = Dictionary(grouping: report.warnings, by: \.kind).mapValues { $0.map(\.path).sorted() }
        #expect(kinds[.leftoverTemporary] == ["current.json.tmp-abc", "images/.tmp-abc"])
        #expect(kinds[.orphan] == ["images/thumbnail-9.webp"])
        #expect(kinds[.uncommitted] == ["snapshots/snapshot-7.json"])
        #expect(kinds[.unexpectedFile] == ["images/notes.txt"])
    }

    @Test func aBrokenOlderRevisionIsAProblem() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...3)
        _ = unlink(scratch.file("container/\(image(2))"))
        let report = store.verify()
        #expect(report.problems.map(\.kind) == [.brokenReference])
        #expect(report.problems.first?.path == image(2))
        #expect(Fixture.image(of: Fixture.reader(scratch).read())?.status == .ok) // the current one is fine
    }

    @Test func gcKeepsTheCurrentAndTwoBeforeItAndHonoursTheGracePeriod() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...6)
        scratch.plant("container/images/.tmp-old", [1])
        scratch.plant("container/current.json.tmp-old", [1])
        scratch.plant("container/snapshots/snapshot-9.json", [1]) // an interrupted commit's leftover

        // Everything is young: nothing goes.
        var report = try store.collectGarbage()
        #expect(report.keptRevisions == [6, 5, 4])
        #expect(report.deleted.isEmpty)
        #expect(report.deferred.count == 3 * 2 + 3)

        // Two hours later: the files and the retirement of revisions 1-3 (the last manifest
        // swap, and gc's first sight of them) are older than the hour of grace.
        report = try store.collectGarbage(GarbageCollectionPolicy(), advancingFileClockBy: 7200)
        #expect(Set(report.deleted) == Set(["snapshots/snapshot-1.json", "snapshots/snapshot-2.json", "snapshots/snapshot-3.json",
                                            image(1), image(2), image(3), "images/.tmp-old", "current.json.tmp-old",
                                            "snapshots/snapshot-9.json"]))
        // Snapshots go before their images.
        #expect(try #require(report.deleted.firstIndex(of: "snapshots/snapshot-1.json")) < #require(report.deleted.firstIndex(of: image(1))))
        for revision: UInt64 in 4...6 {
            #expect(scratch.exists("container/snapshots/snapshot-\(revision).json"))
            #expect(scratch.exists("container/\(image(revision))"))
        }
        #expect(Fixture.revision(of: Fixture.reader(scratch).read()) == 6)
        let after = store.verify()
        #expect(after.problems.isEmpty && after.warnings.isEmpty, "\(after)")
    }

    @Test func gcWithKeepZeroStillNeverTouchesTheCommittedRevision() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...2)
        let report = try store.collectGarbage(GarbageCollectionPolicy(keep: 0, grace: .seconds(60)),
                                              advancingFileClockBy: 7200)
        #expect(report.keptRevisions == [2])
        #expect(Set(report.deleted) == ["snapshots/snapshot-1.json", image(1)])
        guard case .content(_, let picture?) = Fixture.reader(scratch).read() else { Issue.record("expected content"); return }
        #expect(picture.status == .ok)
    }

    @Test func gcRefusesAContainerItCannotUnderstand() throws {
        let store = try Fixture.store(scratch)
        try commit(store, 1...3)
        scratch.plant("container/current.json", Array("garbage".utf8))
        for file in scratch.fingerprint("container").keys { scratch.age("container/\(file)", by: 7200) }
        let before = scratch.fingerprint("container")
        #expect(throws: StoreError.self) { try store.collectGarbage() }
        #expect(scratch.fingerprint("container") == before)
    }
}
