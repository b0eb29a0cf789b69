import Foundation
import Testing
import WidgetThumbnails

/// The library seam the CLI's `commit --image` uses: `SnapshotStore.commit` from an original
/// (path or bytes), thumbnailed by the pipeline first. Lives with the CLI tests because the
/// fixture's originals do.
@Suite struct StoreOriginalCommitTests {
    @Test func commitsAnOriginalAndRepeatsItIdempotently() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SnapshotStore<JSONValue>(containerAt: fixture.container)
        let payload = JSONValue.object(["revision": .integer(1)])
        let first = try store.commit(revision: 1, payload: payload, originalAtPath: fixture.portrait)
        #expect(first.outcome == .committed)
        #expect(first.thumbnail.size == StoreFixture.portraitSize)
        #expect(first.thumbnail.format == .jpeg, "an opaque original becomes JPEG under .auto")

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.portrait)))
        let again = try store.commit(revision: 1, payload: payload, original: bytes, file: "portrait.png")
        #expect(again.outcome == .idempotent, "the pipeline is deterministic")
        #expect(again.thumbnail.checksum == first.thumbnail.checksum)

        guard case .content(let snapshot, let image) = SnapshotReader<JSONValue>(containerAt: fixture.container).read() else {
            Issue.record("expected content")
            return
        }
        #expect(snapshot.revision == 1)
        #expect(image?.status == .ok)
        #expect(image?.bytes.map { SHA256Digest.of($0) } == first.thumbnail.checksum)
    }

    @Test func familyOptionsReachThePipeline() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SnapshotStore<JSONValue>(containerAt: fixture.container)
        let commit = try store.commit(revision: 3, payload: .null, originalAtPath: fixture.landscape,
                                      options: ThumbnailOptions(family: .systemSmall, format: .webp))
        #expect(commit.thumbnail.format == .webp)
        #expect(FileManager.default.fileExists(atPath: fixture.container + "/images/thumbnail-3.webp"))
    }

    @Test func anOriginalThatCannotBeThumbnailedWritesNothing() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SnapshotStore<JSONValue>(containerAt: fixture.container)
        #expect(try store.commit(revision: 1, payload: .null, originalAtPath: fixture.landscape).outcome == .committed)
        let before = try FileManager.default.subpathsOfDirectory(atPath: fixture.container).sorted()
        do {
            try store.commit(revision: 2, payload: .null, original: Array("not an image".utf8), file: "notes.txt")
            Issue.record("expected a thumbnail failure")
        } catch {
            guard case .thumbnail(let imageError) = error else {
                Issue.record("expected a thumbnail failure, got \(error)")
                return
            }
            #expect(imageError.code == .unsupportedFormat)
            #expect(imageError.file == "notes.txt")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: fixture.container).sorted() == before)
        #expect(ContainerObservation.manifestRevision(fixture.container) == 1)
    }
}
