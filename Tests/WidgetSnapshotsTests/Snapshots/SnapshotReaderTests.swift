import Foundation
import Glibc
import Testing
@testable import WidgetSnapshots
import TestSupport

@Suite struct SnapshotReaderTests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    @Test func aContainerWithoutManifestIsEmptyAndAMissingContainerUnavailable() throws {
        scratch.makeDirectory("container")
        #expect(Fixture.reader(scratch).read() == .empty)
        guard case .unavailable(let failure) = Fixture.reader(scratch, "nowhere").read() else {
            Issue.record("expected unavailable"); return
        }
        #expect(failure.code == .containerUnavailable)
    }

    @Test func freshContentAndStaleContentFollowGeneratedAt() throws {
        let store = try Fixture.store(scratch)
        let generated = Date(timeIntervalSince1970: 1_700_000_000)
        try store.commit(revision: 4, payload: Fixture.payload, image: Fixture.storedImage(), generatedAt: generated)
        let reader = Fixture.reader(scratch)
        let fresh = reader.read(maxAge: .seconds(600), now: generated.addingTimeInterval(599))
        guard case .content(let snapshot, let image) = fresh else { Issue.record("expected content, got \(fresh)"); return }
        #expect(snapshot.generatedAt == generated)
        #expect(image?.status == .ok)
        #expect(image?.bytes == Fixture.storedImage().bytes)
        #expect(image?.reference.pixelWidth == 500 && image?.reference.pixelHeight == 375)
        guard case .stale(let old, let oldImage) = reader.read(maxAge: .seconds(600), now: generated.addingTimeInterval(601)) else {
            Issue.record("expected stale"); return
        }
        #expect(old == snapshot)
        #expect(oldImage == image)
        // No threshold: never stale.
        guard case .content = reader.read(now: generated.addingTimeInterval(1e9)) else { Issue.record("expected content"); return }
    }

    @Test func aChangedByteInTheImageIsReportedCorruptAndVerifyFindsIt() throws {
        let store = try Fixture.store(scratch)
        let thumbnail = Fixture.storedImage(.jpeg)
        try store.commit(revision: 9, payload: Fixture.payload, image: thumbnail)
        #expect(store.verify().isClean)
        var bytes = thumbnail.bytes
        bytes[bytes.count / 2] ^= 0x01
        scratch.plant("container/images/thumbnail-9.jpg", bytes)

        let state = Fixture.reader(scratch).read()
        guard case .content(let snapshot, let image?) = state else { Issue.record("expected content, got \(state)"); return }
        #expect(snapshot.payload == Fixture.payload) // the payload is still shown
        #expect(image.status == .corrupt)
        #expect(image.bytes == nil)
        #expect(image.reason?.contains("checksum mismatch") == true)

        let report = store.verify()
        #expect(!report.isClean)
        #expect(report.problems.map(\.kind) == [.checksumMismatch])
        #expect(report.problems.first?.path == "images/thumbnail-9.jpg")
    }

    /// A snapshot whose image checksum is not `sha256:<hex>` still reads: the image is corrupt
    /// with the text in the reason, and verify reports it.
    @Test func aMalformedImageChecksumGivesACorruptImageNotACrash() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 2, payload: Fixture.payload, image: Fixture.storedImage(.png))
        let path = "container/snapshots/snapshot-2.json"
        let original = String(decoding: try #require(scratch.read(path)), as: UTF8.self)
        let digest = Fixture.storedImage(.png).checksum.description
        let planted = Array(original.replacingOccurrences(of: digest, with: "md5:00").utf8)
        scratch.plant(path, planted)
        scratch.plant("container/current.json", Array(("{\"schemaVersion\":1,\"revision\":2,\"snapshot\":\"snapshots/snapshot-2.json\","
            + "\"checksum\":\"\(SHA256Digest.of(planted))\"}\n").utf8))

        let state = Fixture.reader(scratch).read()
        guard case .content(let snapshot, let image?) = state else { Issue.record("expected content, got \(state)"); return }
        #expect(snapshot.image?.checksum == .unrecognized("md5:00"))
        #expect(image.status == .corrupt)
        #expect(image.bytes == nil)
        #expect(image.reason == "images/thumbnail-2.png: the snapshot's checksum md5:00 is malformed")
        #expect(store.verify().problems.map(\.kind) == [.checksumMismatch])
    }

    @Test func aMissingOrTruncatedImageGivesContentWithAReason() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 1, payload: Fixture.payload, image: Fixture.storedImage(.png))
        scratch.plant("container/images/thumbnail-1.png", Array(Fixture.storedImage(.png).bytes.dropLast(3)))
        #expect(Fixture.image(of: Fixture.reader(scratch).read())?.status == .corrupt)
        _ = unlink(scratch.file("container/images/thumbnail-1.png"))
        let image = Fixture.image(of: Fixture.reader(scratch).read())
        #expect(image?.status == .missing)
        #expect(image?.reason?.contains("no such file") == true)
        #expect(store.verify().problems.map(\.kind) == [.brokenReference])
    }

    @Test(arguments: [
        ("not JSON", "{\"schemaVersion\":1,", ReadFailure.Code.manifestCorrupt),
        ("wrong schema", "{\"schemaVersion\":2,\"revision\":1,\"snapshot\":\"snapshots/snapshot-1.json\",\"checksum\":\"sha256:\(String(repeating: "0", count: 64))\"}", .manifestCorrupt),
        ("bad checksum text", "{\"schemaVersion\":1,\"revision\":1,\"snapshot\":\"snapshots/snapshot-1.json\",\"checksum\":\"md5:00\"}", .manifestCorrupt),
        ("revision mismatch", "{\"schemaVersion\":1,\"revision\":2,\"snapshot\":\"snapshots/snapshot-1.json\",\"checksum\":\"sha256:\(String(repeating: "0", count: 64))\"}", .manifestRejected),
        ("wrong snapshot checksum", "{\"schemaVersion\":1,\"revision\":1,\"snapshot\":\"snapshots/snapshot-1.json\",\"checksum\":\"sha256:\(String(repeating: "0", count: 64))\"}", .snapshotChecksumMismatch),
        ("negative revision", "{\"schemaVersion\":1,\"revision\":-1,\"snapshot\":\"snapshots/snapshot-1.json\",\"checksum\":\"sha256:\(String(repeating: "0", count: 64))\"}", .manifestCorrupt),
        ("empty file", "", .manifestCorrupt),
    ] as [(String, String, ReadFailure.Code)])
    func aBadManifestIsUnavailable(name: String, manifest: String, code: ReadFailure.Code) throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 1, payload: Fixture.payload, image: Fixture.storedImage())
        scratch.plant("container/current.json", Array(manifest.utf8))
        guard case .unavailable(let failure) = Fixture.reader(scratch).read() else { Issue.record("\(name): expected unavailable"); return }
        #expect(failure.code == code, "\(name): \(failure)")
        #expect(!store.verify().isClean)
    }

    @Test func anOversizedManifestIsRefusedWithoutReadingItAll() throws {
        scratch.plant("container/current.json", [UInt8](repeating: 0x20, count: 64 * 1024 + 1))
        guard case .unavailable(let failure) = Fixture.reader(scratch).read() else { Issue.record("expected unavailable"); return }
        #expect(failure.code == .manifestRejected)
        #expect(failure.reason.contains("larger than 65536"))
    }

    @Test func aSnapshotOfAnotherPayloadTypeIsUnavailableNotACrash() throws {
        let store = try SnapshotStore<JSONValue>(containerAt: scratch.file("container"))
        try store.commit(revision: 1, payload: .object(["title": .integer(5)]), image: nil)
        guard case .unavailable(let failure) = Fixture.reader(scratch).read() else { Issue.record("expected unavailable"); return }
        #expect(failure.code == .snapshotCorrupt)
        let generic = SnapshotReader<JSONValue>(containerAt: scratch.file("container")).read()
        guard case .content(let snapshot, nil) = generic else { Issue.record("expected content"); return }
        #expect(snapshot.payload == .object(["title": .integer(5)]))
    }

    @Test func aMissingSnapshotIsUnavailable() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 1, payload: Fixture.payload, image: nil)
        _ = unlink(scratch.file("container/snapshots/snapshot-1.json"))
        guard case .unavailable(let failure) = Fixture.reader(scratch).read() else { Issue.record("expected unavailable"); return }
        #expect(failure.code == .snapshotMissing)
        #expect(store.verify().problems.map(\.kind) == [.brokenReference])
    }
}
