import Foundation
import Testing
import WidgetThumbnails
import TestSupport

/// `commit --payload` stores exactly the payload's meaning or refuses it with a reason:
/// keys that differ only in Unicode normalisation stay two keys,
/// duplicate keys and trailing commas are refused, numbers keep every digit.
@Suite struct StorePayloadFidelityTests {
    /// "é" precomposed (NFC) and as "e" + a combining acute accent (NFD): canonically
    /// equivalent, so Swift's `==` calls them equal, but different keys to JSON.
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    private func commit(_ fixture: StoreFixture, revision: Int, payload text: String) throws -> ChildProcess.Result {
        let payload = try fixture.directory.write("payload-\(revision)-\(text.utf8.count).json", Array(text.utf8))
        return try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", String(revision),
                                           "--payload", payload])
    }

    private func snapshotText(_ fixture: StoreFixture, revision: Int) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixture.container)/snapshots/snapshot-\(revision).json")))
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        guard bytes.count <= haystack.count else { return false }
        return (0...(haystack.count - bytes.count)).contains { haystack[$0..<$0 + bytes.count].elementsEqual(bytes) }
    }

    @Test func keysThatDifferOnlyInNormalisationStayDistinct() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let result = try commit(fixture, revision: 1, payload: "{\"\(Self.composed)\":1,\"\(Self.decomposed)\":2}")
        #expect(result.status == 0, "\(result)")
        let stored = try snapshotText(fixture, revision: 1)
        #expect(Self.contains(stored, "\"\(Self.composed)\":1"), "\(String(decoding: stored, as: UTF8.self))")
        #expect(Self.contains(stored, "\"\(Self.decomposed)\":2"), "\(String(decoding: stored, as: UTF8.self))")
    }

    @Test func theOtherNormalisationOfACommittedKeyIsAConflictNotIdempotent() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        #expect(try commit(fixture, revision: 1, payload: "{\"\(Self.composed)\":1}").status == 0)
        let again = try commit(fixture, revision: 1, payload: "{\"\(Self.decomposed)\":1}")
        #expect(again.status == 4, "\(again)") // conflict's own exit status
        #expect(again.stderr.contains("conflict"), "\(again.stderr)")
        let same = try commit(fixture, revision: 1, payload: "{ \"\(Self.composed)\" : 1 }")
        #expect(same.status == 0 && same.stdout.contains("idempotent"), "the same meaning, spaced differently: \(same)")
    }

    @Test(arguments: [
        ("{\"a\":1,\"a\":2}", "duplicate"),
        ("{\"a\":{\"b\":true,\"b\":true}}", "duplicate"),
        ("[1,2,]", ""),
        ("{\"a\":1,}", ""),
    ])
    func ambiguousOrMalformedPayloadsAreRefusedWithAReason(text: String, reason: String) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let result = try commit(fixture, revision: 1, payload: text)
        #expect(result.status == 1, "\(text): \(result)")
        #expect(result.stderr.contains("payload"), "\(result.stderr)")
        #expect(reason.isEmpty || result.stderr.contains(reason), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.container + "/current.json"))
    }

    @Test func numbersKeepEveryDigit() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let numbers = ["123456789012345678901234567890", "-9223372036854775809", "18446744073709551616",
                       "0.1000000000000000055511151231257827", "1e400", "2.50"]
        let text = "[" + numbers.joined(separator: ",") + "]"
        let result = try commit(fixture, revision: 1, payload: text)
        #expect(result.status == 0, "\(result)")
        let stored = try snapshotText(fixture, revision: 1)
        #expect(Self.contains(stored, "\"payload\":\(text)"), "\(String(decoding: stored, as: UTF8.self))")
        let read = try WidgetThumbsBinary.run(["read", "--container", fixture.container, "--json"])
        #expect(read.status == 0, "\(read)")
        #expect(read.stdout.contains(text), "\(read.stdout)")
    }
}
