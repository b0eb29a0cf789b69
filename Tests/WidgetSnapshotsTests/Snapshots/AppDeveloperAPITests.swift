import Foundation
import Testing
@testable import WidgetSnapshots
import TestSupport

/// What an app developer holds: a container URL (from the App Group), `Data`, and errors to
/// switch on.
@Suite struct AppDeveloperAPITests {
    let scratch = TemporaryDirectory(prefix: "wt-store")

    @Test func aContainerURLWorksLikeItsPath() throws {
        let url = URL(fileURLWithPath: scratch.file("group container"), isDirectory: true)
        let store = try SnapshotStore<TestPayload>(containerAt: url)
        let jpeg = Fixture.imageBytes(.jpeg, seed: "from data")
        let image = StoredImage(data: Data(jpeg), format: .jpeg, pixelSize: PixelSize(width: 300, height: 200))
        #expect(image.checksum == SHA256Digest.of(jpeg))
        try store.commit(revision: 1, payload: Fixture.payload, image: image)

        let state = SnapshotReader<TestPayload>(containerAt: url).read()
        #expect(state.snapshot?.payload == Fixture.payload)
        #expect(state.image?.data == Data(jpeg), "the image comes back as Data, byte for byte")
        #expect(state.image?.reference.pixelWidth == 300)
        // The same container through its path string.
        #expect(SnapshotReader<TestPayload>(containerAt: scratch.file("group container")).read() == state)
    }

    @Test func aURLThatIsNotAFileIsNoContainer() {
        let web = URL(string: "https://example.com/container")!
        #expect(throws: StoreError.noSuchContainer(path: web.absoluteString)) {
            try SnapshotStore<TestPayload>(containerAt: web)
        }
        guard case .unavailable(let failure) = SnapshotReader<TestPayload>(containerAt: web).read() else {
            Issue.record("a web URL read as a container"); return
        }
        #expect(failure.code == .containerUnavailable)
    }

    @Test func aJSONPayloadParsesFromData() throws {
        let value = try JSONValue(parsing: Data(#"{"title":"Trip","count":3}"#.utf8))
        let store = try SnapshotStore<JSONValue>(containerAt: scratch.file("json"))
        try store.commit(revision: 1, payload: value, image: nil)
        #expect(SnapshotReader<JSONValue>(containerAt: scratch.file("json")).read().snapshot?.payload == value)
    }

    /// A caller tells the three outcomes it handles differently apart by case, not by text.
    @Test func staleConflictAndLockTimeoutAreDistinctCases() throws {
        let store = try Fixture.store(scratch)
        try store.commit(revision: 5, payload: Fixture.payload, image: nil)
        #expect(throws: StoreError.stale(current: 5, attempted: 4)) {
            try store.commit(revision: 4, payload: Fixture.payload, image: nil)
        }
        do {
            try store.commit(revision: 5, payload: TestPayload(title: "other", count: 0), image: nil)
            Issue.record("expected a conflict")
        } catch {
            guard case .conflict(let revision, _) = error else { Issue.record("\(error)"); return }
            #expect(revision == 5)
        }
        var patient = StoreOptions()
        patient.lockTimeout = .milliseconds(50)
        let held = open(scratch.file("container/.lock"), O_RDWR)
        defer { close(held) }
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        do {
            try Fixture.store(scratch, options: patient).commit(revision: 6, payload: Fixture.payload, image: nil)
            Issue.record("expected a lock timeout")
        } catch {
            guard case StoreError.lockTimeout = error else { Issue.record("\(error)"); return }
        }
    }
}

/// Checksums in the public API have a typed form.
@Suite struct DigestTextTests {
    @Test func aChecksumTextRoundTripsThroughItsDigest() throws {
        let digest = SHA256Digest.of(Array("widget".utf8))
        #expect(SHA256Digest(text: digest.description) == digest)
        #expect(ImageChecksum(text: digest.description) == .sha256(digest))
        let reference = ImageReference(relativePath: "images/thumbnail-1.png", checksum: .sha256(digest),
                                       byteCount: 6, pixelWidth: 1, pixelHeight: 1, format: .png)
        #expect(reference.checksum.digest == digest)
        // In JSON the typed checksum is the same string the snapshot files hold.
        let json = try JSONEncoder().encode(reference)
        #expect(String(decoding: json, as: UTF8.self).contains("\"checksum\":\"\(digest.description)\""))
        #expect(try JSONDecoder().decode(ImageReference.self, from: json) == reference)
    }

    @Test(arguments: ["", "sha256:", "sha256:ABC", "md5:" + String(repeating: "0", count: 64),
                      "sha256:" + String(repeating: "A", count: 64), "sha256:" + String(repeating: "0", count: 63)])
    func malformedTextHasNoDigest(text: String) throws {
        #expect(SHA256Digest(text: text) == nil)
        let checksum = ImageChecksum(text: text)
        #expect(checksum == .unrecognized(text))
        #expect(checksum.digest == nil)
        #expect(checksum.description == text)
        // Read from JSON it is kept as it is, for the reader to report.
        let decoded = try JSONDecoder().decode([ImageChecksum].self, from: try JSONEncoder().encode([text]))
        #expect(decoded == [.unrecognized(text)])
    }
}
