import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

/// A reader takes no lock, so a writer (and gc) can move on between any two of its calls. A
/// complete revision is committed throughout, so the reader must always find one.
@Suite struct SnapshotReaderRaceTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    func commit(_ revision: UInt64) throws {
        try Fixture.store(scratch).commit(revision: revision, payload: TestPayload(title: "r\(revision)", count: Int(revision)),
                                          image: Fixture.storedImage(.webp, seed: "r\(revision)"))
    }

    /// A reader whose `hook` runs once, just before the first call that matches `trigger`.
    func reader(trigger: @escaping @Sendable (FileSystemOperation) -> Bool,
                hook: @escaping @Sendable () -> Void) -> SnapshotReader<TestPayload> {
        let fired = Locked(false)
        var reader = Fixture.reader(scratch)
        reader.operations = FileSystemOperations(interceptor: { operation in
            guard trigger(operation), fired.withLock({ done in defer { done = true }; return !done }) else { return nil }
            hook()
            return nil
        })
        return reader
    }

    @Test func aManifestReplacedAfterItWasOpenedIsStillRead() throws {
        try commit(1)
        let scratch = scratch
        let reader = reader(trigger: { $0.kind == .stat && $0.path == Manifest.fileName }) {
            _ = try? Fixture.store(scratch).commit(revision: 2, payload: TestPayload(title: "r2", count: 2),
                                               image: Fixture.storedImage(.webp, seed: "r2"))
        }
        let state = reader.read()
        guard case .content(let snapshot, let image) = state else { Issue.record("expected content, got \(state)"); return }
        #expect(snapshot.revision == 1, "the opened (now unlinked) manifest names revision 1")
        #expect(image?.status == .ok)
        #expect(Fixture.revision(of: Fixture.reader(scratch).read()) == 2)
    }

    /// The very first commit has published its snapshot and puts its manifest in place while
    /// the reader, having found no manifest, lists `snapshots/`: that is the new content, not a
    /// lost manifest.
    @Test func theFirstCommitsManifestLandingMidReadIsContentNotDamage() throws {
        try commit(1)
        let manifest = try #require(scratch.read("container/current.json"))
        _ = unlink(scratch.file("container/current.json"))
        let scratch = scratch
        let reader = reader(trigger: { $0.kind == .listDirectory && $0.path == LayoutPath.snapshotsDirectory }) {
            scratch.plant("container/current.json", manifest)
        }
        let state = reader.read()
        #expect(Fixture.revision(of: state) == 1, "\(state)")
    }

    /// Revision 1's snapshot or image is collected (a newer commit, then gc with no grace) just
    /// as the reader opens it: the reader follows the new manifest to revision 2.
    @Test(arguments: ["snapshots/snapshot-1.json", "images/thumbnail-1.webp"])
    func aFileCollectedMidReadIsFoundThroughTheNewManifest(collectedWhenOpening path: String) throws {
        try commit(1)
        let scratch = scratch
        let reader = reader(trigger: { $0.path == path }) {
            _ = try? Fixture.store(scratch).commit(revision: 2, payload: TestPayload(title: "r2", count: 2),
                                               image: Fixture.storedImage(.webp, seed: "r2"))
            _ = unlink(scratch.file("container/snapshots/snapshot-1.json"))
            _ = unlink(scratch.file("container/images/thumbnail-1.webp"))
        }
        let state = reader.read()
        guard case .content(let snapshot, let image) = state else { Issue.record("expected content, got \(state)"); return }
        #expect(snapshot.revision == 2)
        #expect(image?.status == .ok, "\(String(describing: image))")
    }

    @Test func aRealHardLinkIsStillRefused() throws {
        try commit(1)
        #expect(link(scratch.file("container/current.json"), scratch.file("elsewhere.json")) == 0)
        guard case .unavailable(let failure) = Fixture.reader(scratch).read() else { Issue.record("expected unavailable"); return }
        #expect(failure.reason.contains("2 hard links"), "\(failure)")
    }
}
