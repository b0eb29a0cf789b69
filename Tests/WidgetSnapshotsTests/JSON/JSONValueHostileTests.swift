import Foundation
import Testing
import TestSupport
@testable import WidgetSnapshots

/// JSONValue is the payload type tools read any snapshot with, so a hostile snapshot must cost
/// bounded time. JSONDecoder's failed type probes cost time quadratic in the nesting depth;
/// before the fix a 1 KB payload of 500 nested arrays took 15 s (Fuzz/regressions/FuzzSnapshot)
/// and 400 KB of numbers 30 levels deep took 35 s. Snapshot reading now parses JSONValue
/// payloads with JSONValueParser; JSONValue's own Decodable conformance caps the depth too.
@Suite struct JSONValueHostileTests {
    static let timeLimit = Duration.seconds(1)

    enum Reader: CaseIterable { case parser, decodable }

    static func read(_ text: String, with reader: Reader) -> (Result<JSONValue, any Error>, Duration) {
        // Thread CPU time, not wall time: the bound is about the work, and the shared machine's
        // other jobs stretch wall time many times over.
        ThreadCPUClock.measure {
            Result { () throws -> JSONValue in
                switch reader {
                case .parser: try JSONValueParser.parse(Array(text.utf8))
                case .decodable: try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
                }
            }
        }
    }

    static func nested(_ depth: Int, open: String, leaf: String, close: String) -> String {
        String(repeating: open, count: depth) + leaf + String(repeating: close, count: depth)
    }

    static let shapes = [("[", "", "]"), ("{\"k\":", "1", "}"), ("[{\"k\":", "\"s\"", "}]")]

    @Test(arguments: Reader.allCases)
    func deepNestingIsRefusedQuickly(reader: Reader) {
        for (open, leaf, close) in Self.shapes {
            for depth in [JSONValue.maximumDepth + 1, 200, 500] {
                let text = Self.nested(depth, open: open, leaf: leaf, close: close)
                let (result, elapsed) = Self.read(text, with: reader)
                #expect(throws: (any Error).self, "\(open) x \(depth)") { try result.get() }
                #expect(elapsed < Self.timeLimit, "\(open) x \(depth) took \(elapsed)")
            }
        }
    }

    @Test(arguments: Reader.allCases)
    func nestingUpToTheLimitDecodesExactly(reader: Reader) throws {
        let depth = JSONValue.maximumDepth
        var value = try Self.read(Self.nested(depth, open: "[", leaf: "7", close: "]"), with: reader).0.get()
        for _ in 0..<depth {
            guard case .array(let items) = value, items.count == 1 else { Issue.record("not a 1-element array: \(value)"); return }
            value = items[0]
        }
        #expect(value == .integer(7))
    }

    @Test(arguments: Reader.allCases)
    func everyKindOfValueKeepsItsType(reader: Reader) throws {
        let text = #" {"n":null,"t":true,"f":false,"i":-9223372036854775808,"d":1.5,"e":-2.5E-3,"s":"x\u00e9\ud83d\ude00\n\/","a":[{}],"o":{"k":[ ]}} "#
        let value = try Self.read(text, with: reader).0.get()
        #expect(value == .object(["n": .null, "t": .bool(true), "f": .bool(false), "i": .integer(.min),
                                  "d": .number(1.5), "e": .number(-0.0025), "s": .string("xé😀\n/"),
                                  "a": .array([.object([:])]), "o": .object(["k": .array([])])]))
    }

    @Test(arguments: [
        "", " ", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[1e]", "[-]", "1e1234567890", "[1,2,]", "{\"a\":1,\"a\":2}", "[\"\\ud800\"]",
        "[\"\\udc00\\ud800\"]", "[\"\\x\"]", "[\"a\u{01}\"]", "\"unterminated", "[1] 2", "{1:2}", "tru", "nul",
        "[\"\\u12\"]", "{\"a\" 1}", "[1 2]",
    ])
    func malformedJSONIsRefusedByTheParser(text: String) {
        #expect(throws: JSONValueParser.Failure.self, "\(text.debugDescription)") { try JSONValueParser.parse(Array(text.utf8)) }
    }

    @Test func invalidUTF8InAStringIsRefused() {
        #expect(throws: JSONValueParser.Failure.self) { try JSONValueParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    /// Numbers 30 levels deep filling most of the 1 MiB snapshot cap: linear for the parser,
    /// and through the snapshot decoding the reader uses. Linear is shown as a ratio measured in
    /// one run (twice the rows take about twice the CPU, where the old quadratic decoding took
    /// four times), so a sanitizer's slowdown cannot fail it; the absolute bound only catches a
    /// hang (the old decoding took 35 s on half of this, in a plain debug build; a debug build
    /// under ThreadSanitizer takes about 4.5 s here).
    static let largePayloadLimit = Duration.seconds(20)

    static func deepPayload(rows: Int) -> String {
        let row = "[" + Array(repeating: "1.5", count: 1000).joined(separator: ",") + "]"
        let inner = "[" + Array(repeating: row, count: rows).joined(separator: ",") + "]"
        return nested(30, open: "{\"k\":", leaf: inner, close: "}")
    }

    static func snapshot(_ payload: String) -> [UInt8] {
        Array(("{\"schemaVersion\":1,\"revision\":3,\"generatedAt\":\"2025-01-01T00:00:00Z\",\"payload\":"
            + payload + "}").utf8)
    }

    @Test func aLargeDeepPayloadIsLinear() throws {
        let payload = Self.deepPayload(rows: 220)
        let (result, elapsed) = Self.read(payload, with: .parser)
        _ = try result.get()
        #expect(elapsed < Self.largePayloadLimit, "\(payload.utf8.count) bytes took \(elapsed)")

        let snapshot = Self.snapshot(payload)
        #expect(snapshot.count > 800_000 && snapshot.count < ReadLimits().snapshotBytes)
        let (_, halfTime) = try ThreadCPUClock.measure {
            try SnapshotCoding.decode(Self.snapshot(Self.deepPayload(rows: 110)), as: JSONValue.self, revision: 3)
        }
        let (decoded, decodeTime) = try ThreadCPUClock.measure {
            try SnapshotCoding.decode(snapshot, as: JSONValue.self, revision: 3)
        }
        #expect(decodeTime < Self.largePayloadLimit, "\(snapshot.count) bytes took \(decodeTime) of CPU")
        #expect(decodeTime < halfTime * 3, "twice the rows: \(decodeTime) of CPU against \(halfTime) for half")
        #expect(decoded.payload == (try result.get()))
    }
}
