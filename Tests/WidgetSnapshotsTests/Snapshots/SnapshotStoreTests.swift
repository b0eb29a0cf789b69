import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

@Suite struct SnapshotStoreTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    @Test func aCommitWritesTheDocumentedLayout() throws {
        let store = try Fixture.store(scratch)
        let thumbnail = Fixture.storedImage(.webp)
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try store.commit(revision: 42, payload: Fixture.payload, image: thumbnail, generatedAt: when) == .committed)

        let snapshotBytes = try #require(scratch.read("container/snapshots/snapshot-42.json"))
        let sha = SHA256Digest.of(snapshotBytes).hex
        let manifest = String(decoding: try #require(scratch.read("container/current.json")), as: UTF8.self)
        #expect(manifest == "{\"schemaVersion\":1,\"revision\":42,\"snapshot\":\"snapshots/snapshot-42.json\",\"checksum\":\"sha256:\(sha)\"}\n")

        let imageSHA = SHA256Digest.of(thumbnail.bytes).hex
        let snapshot = String(decoding: snapshotBytes, as: UTF8.self)
        #expect(snapshot == "{\"schemaVersion\":1,\"revision\":42,\"generatedAt\":\"2023-11-14T22:13:20Z\","
            + "\"payload\":{\"count\":3,\"title\":\"Living room\"},"
            + "\"image\":{\"relativePath\":\"images/thumbnail-42.webp\",\"checksum\":\"sha256:\(imageSHA)\","
            + "\"byteCount\":\(thumbnail.bytes.count),\"pixelWidth\":500,\"pixelHeight\":375,\"format\":\"webp\"}}\n")
        #expect(scratch.read("container/images/thumbnail-42.webp") == thumbnail.bytes)
        #expect(scratch.exists("container/.lock"))
    }

    @Test func immutableFilesAreReadOnlyAndTheManifestIsNot() throws {
        let store = try Fixture.store(scratch)
        let previous = umask(0o077) // a strict umask must not change the published mode
        defer { umask(previous) }
        try store.commit(revision: 1, payload: Fixture.payload, image: Fixture.storedImage(.jpeg))
        #expect(scratch.mode("container/images/thumbnail-1.jpg") == 0o444)
        #expect(scratch.mode("container/snapshots/snapshot-1.json") == 0o444)
        #expect(scratch.mode("container/current.json") != 0o444)
    }

    @Test func aSnapshotWithoutAnImageHasNoImageKey() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 0, payload: Fixture.payload, image: nil)
        let text = String(decoding: try #require(scratch.read("container/snapshots/snapshot-0.json")), as: UTF8.self)
        #expect(!text.contains("\"image\""))
        #expect(!scratch.exists("container/images/thumbnail-0.webp"))
        guard case .content(let snapshot, nil) = Fixture.reader(scratch).read() else {
            Issue.record("expected content without image"); return
        }
        #expect(snapshot.revision == 0)
        #expect(snapshot.payload == Fixture.payload)
    }

    @Test func aHigherRevisionReplacesTheManifestAndKeepsOlderFiles() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 1, payload: Fixture.payload, image: Fixture.storedImage(seed: "one"))
        let two = TestPayload(title: "Kitchen", count: 9)
        #expect(try store.commit(revision: 2, payload: two, image: Fixture.storedImage(.png, seed: "two")) == .committed)
        guard case .content(let snapshot, let image) = Fixture.reader(scratch).read() else {
            Issue.record("expected content"); return
        }
        #expect(snapshot.revision == 2)
        #expect(snapshot.payload == two)
        #expect(image?.status == .ok)
        #expect(image?.bytes == Fixture.storedImage(.png, seed: "two").bytes)
        #expect(scratch.exists("container/snapshots/snapshot-1.json"))
        #expect(scratch.exists("container/images/thumbnail-1.webp"))
    }

    @Test func aLowerRevisionIsStaleAndWritesNothing() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 5, payload: Fixture.payload, image: Fixture.storedImage())
        let before = scratch.fingerprint("container")
        #expect(throws: StoreError.stale(current: 5, attempted: 4)) {
            try store.commit(revision: 4, payload: TestPayload(title: "old", count: 0), image: Fixture.storedImage(seed: "old"))
        }
        #expect(scratch.fingerprint("container") == before)
        do {
            try store.commit(revision: 0, payload: Fixture.payload, image: nil)
        } catch {
            #expect(error.description.contains("stale"))
        }
    }

    @Test func theSameRevisionWithTheSameContentIsIdempotentAndWritesNothing() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 7, payload: Fixture.payload, image: Fixture.storedImage(),
                         generatedAt: Date(timeIntervalSince1970: 1_000))
        let before = scratch.fingerprint("container")
        #expect(before.count >= 5) // .lock, current.json, two dirs, two files
        // A later generatedAt is not content: the retry is still the same revision.
        #expect(try store.commit(revision: 7, payload: Fixture.payload, image: Fixture.storedImage(),
                                 generatedAt: Date(timeIntervalSince1970: 2_000)) == .idempotent)
        #expect(scratch.fingerprint("container") == before)
    }

    @Test(arguments: ["payload", "image", "no image", "format"])
    func theSameRevisionWithOtherContentIsAConflict(change: String) throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 3, payload: Fixture.payload, image: Fixture.storedImage(.webp))
        let before = scratch.fingerprint("container")
        var payload = Fixture.payload
        var image: StoredImage? = Fixture.storedImage(.webp)
        switch change {
        case "payload": payload.count += 1
        case "image": image = Fixture.storedImage(.webp, seed: "other")
        case "no image": image = nil
        default: image = Fixture.storedImage(.png)
        }
        do {
            try store.commit(revision: 3, payload: payload, image: image)
            Issue.record("expected a conflict")
        } catch {
            guard case .conflict(let revision, _) = error else { Issue.record("expected conflict, got \(error)"); return }
            #expect(revision == 3)
            #expect(error.description.hasPrefix("conflict"))
        }
        #expect(scratch.fingerprint("container") == before)
    }

    /// No manifest ever named an interrupted commit's files, so the commit that succeeds
    /// publishes its own snapshot (with its own generatedAt) and keeps an image only when it
    /// holds the same bytes.
    @Test func leftoversOfAnInterruptedCommitGiveWayToTheCommitThatSucceeds() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 1, payload: Fixture.payload, image: nil)
        // An interrupted commit of revision 2 published its image and snapshot, not the manifest.
        let other = try Fixture.store(scratch, "staging")
        try other.commit(revision: 2, payload: Fixture.payload, image: Fixture.storedImage(seed: "two"))
        try other.commit(revision: 3, payload: Fixture.payload, image: Fixture.storedImage(seed: "three"))
        scratch.makeDirectory("container/images")
        for file in ["images/thumbnail-2.webp", "snapshots/snapshot-2.json", "images/thumbnail-3.webp", "snapshots/snapshot-3.json"] {
            scratch.plant("container/\(file)", scratch.read("staging/\(file)")!)
        }
        let leftoverImage = scratch.fingerprint("container/images")["thumbnail-2.webp"]

        let changed = TestPayload(title: "x", count: 0)
        #expect(try store.commit(revision: 2, payload: changed, image: Fixture.storedImage(seed: "two")) == .committed)
        #expect(scratch.fingerprint("container/images")["thumbnail-2.webp"] == leftoverImage, "the same bytes are kept")
        guard case .content(let two, _) = Fixture.reader(scratch).read() else { Issue.record("expected content"); return }
        #expect(two.payload == changed)

        #expect(try store.commit(revision: 3, payload: Fixture.payload, image: Fixture.storedImage(seed: "changed")) == .committed)
        guard case .content(let three, let image) = Fixture.reader(scratch).read() else { Issue.record("expected content"); return }
        #expect(three.revision == 3)
        #expect(image?.status == .ok && image?.bytes == Fixture.storedImage(seed: "changed").bytes)
        #expect(store.verify().isClean)
    }

    @Test func theNamedTemporaryFallbackPublishesTheSameLayout() throws {
        var options = StoreOptions()
        options.publishing = .namedTemporary
        let store = try Fixture.store(scratch, options: options)
        try store.commit(revision: 1, payload: Fixture.payload, image: Fixture.storedImage())
        try store.commit(revision: 2, payload: Fixture.payload, image: Fixture.storedImage(seed: "2"))
        #expect(Fixture.image(of: Fixture.reader(scratch).read())?.status == .ok)
        #expect(scratch.mode("container/images/thumbnail-2.webp") == 0o444)
        let report = store.verify()
        #expect(report.problems.isEmpty && report.warnings.isEmpty, "\(report)")
    }

    @Test func revisionsBeyondTheGrammarAndMislabelledImagesAreRefused() throws {
        let store = try Fixture.store(scratch)
        #expect(throws: StoreError.invalidRevision(LayoutPath.maximumRevision + 1)) {
            try store.commit(revision: LayoutPath.maximumRevision + 1, payload: Fixture.payload, image: nil)
        }
        let png = Fixture.storedImage(.png)
        let mislabelled = StoredImage(bytes: png.bytes, format: .jpeg, pixelSize: png.pixelSize)
        #expect(throws: StoreError.self) { try store.commit(revision: 1, payload: Fixture.payload, image: mislabelled) }
        // An input-only HEIF file cannot be labelled as anything the store holds.
        let heif = [0, 0, 0, 0x10] + Array("ftypmif1\u{0}\u{0}\u{0}\u{0}heic".utf8)
        let labelledWebP = StoredImage(bytes: heif, format: .webp, pixelSize: png.pixelSize)
        #expect(throws: StoreError.self) { try store.commit(revision: 1, payload: Fixture.payload, image: labelledWebP) }
        #expect(try store.commit(revision: LayoutPath.maximumRevision, payload: Fixture.payload, image: nil) == .committed)
        #expect(Fixture.revision(of: Fixture.reader(scratch).read()) == LayoutPath.maximumRevision)
    }

    @Test func aCorruptManifestStopsCommitsInsteadOfGuessing() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 1, payload: Fixture.payload, image: nil)
        scratch.plant("container/current.json", Array("{\"schemaVersion\":1,".utf8))
        do {
            try store.commit(revision: 2, payload: Fixture.payload, image: nil)
            Issue.record("expected corruptContainer")
        } catch {
            guard case .corruptContainer = error else { Issue.record("got \(error)"); return }
        }
    }
}

/// A failed commit leaves its snapshot behind; the retry that succeeds must carry its own
/// `generatedAt`, or a fresh commit reads as stale.
@Suite struct SnapshotRetryTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    @Test func aRetryAfterAFailedCommitCarriesItsOwnTimestamp() throws {
        try Fixture.store(scratch).commit(revision: 1, payload: Fixture.payload, image: Fixture.storedImage(seed: "one"))
        let failingSwap = FileSystemOperations(interceptor: { operation in
            operation.kind == .rename && operation.path == Manifest.fileName ? EIO : nil
        })
        let long = Date(timeIntervalSince1970: 1_000_000_000)
        #expect(throws: StoreError.self) {
            try Fixture.store(self.scratch, operations: failingSwap)
                .commit(revision: 2, payload: Fixture.payload, image: Fixture.storedImage(seed: "two"), generatedAt: long)
        }
        #expect(scratch.exists("container/snapshots/snapshot-2.json"), "the failed attempt left its snapshot")

        let now = Date()
        #expect(try Fixture.store(scratch).commit(revision: 2, payload: Fixture.payload, image: Fixture.storedImage(seed: "two"),
                                                  generatedAt: now) == .committed)
        guard case .content(let snapshot, let image) = Fixture.reader(scratch).read(maxAge: .seconds(60), now: now) else {
            Issue.record("expected fresh content"); return
        }
        #expect(snapshot.revision == 2)
        #expect(abs(snapshot.generatedAt.timeIntervalSince(now)) < 2, "\(snapshot.generatedAt)")
        #expect(image?.status == .ok)
        #expect(try Fixture.store(scratch).verify().isClean)
    }
}
