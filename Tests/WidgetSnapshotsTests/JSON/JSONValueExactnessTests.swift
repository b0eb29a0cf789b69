import Foundation
import Testing
@testable import WidgetSnapshots

/// A payload is stored with exactly its meaning or refused: keys stay
/// distinct by their bytes, numbers keep their digits, and `encoded` gives back what was parsed.
@Suite struct JSONValueExactnessTests {
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    @Test func keysEqualUnderNormalisationStayTwoKeys() throws {
        let value = try JSONValue(parsing: Array("{\"\(Self.composed)\":1,\"\(Self.decomposed)\":2}".utf8))
        guard case .object(let object) = value else { Issue.record("not an object: \(value)"); return }
        #expect(object.count == 2)
        #expect(object[Self.composed] == .integer(1))
        #expect(object[Self.decomposed] == .integer(2))
        #expect(JSONValue.object([Self.composed: .integer(1)]) != .object([Self.decomposed: .integer(1)]))
    }

    @Test func duplicateKeysAreRefusedWithTheKey() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array("{\"a\":1,\"a\":1}".utf8)) }
        do {
            _ = try JSONValue(parsing: Array("[{\"k\\u000a\":1,\"k\\n\":2}]".utf8))
            Issue.record("a duplicate written with two escapes was accepted")
        } catch {
            #expect(error.reason.contains("duplicate member name"), "\(error)")
            #expect(error.offset == 1)
            #expect(!error.reason.contains("\n"), "the key is shown escaped: \(error.reason)")
        }
    }

    /// The key is shown as JSON writes it, which reads back; escaping that form again would
    /// double its backslashes (`"x\\\\y"` for the key `x\y`).
    @Test func aDuplicateKeyIsShownInItsJSONForm() {
        do {
            _ = try JSONValue(parsing: Array(#"{"x\\y":1,"x\\y":2}"#.utf8))
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.reason.contains(#"duplicate member name "x\\y" "#), "\(error.reason)")
        }
        do {
            _ = try JSONValue(parsing: Array(#"{"\u009b":1,"\u009b":2}"#.utf8))
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(!error.reason.unicodeScalars.contains { $0.value == 0x9B }, "CSI stays escaped: \(error.reason)")
        }
    }

    @Test(arguments: ["123456789012345678901234567890", "-9223372036854775809", "0.1000000000000000055511151231257827",
                      "1e400", "-0.0", "2.50", "1E+2"])
    func numbersKeepTheirLiteral(text: String) throws {
        let value = try JSONValue(parsing: Array(text.utf8))
        #expect(String(decoding: value.encoded, as: UTF8.self) == text)
    }

    @Test func numbersCompareByDecimalValue() throws {
        #expect(JSONNumber("1") == JSONNumber("1.0"))
        #expect(JSONNumber("1") == JSONNumber("10e-1"))
        #expect(JSONNumber("-0") == JSONNumber("0"))
        #expect(JSONNumber("12345678901234567890") != JSONNumber("12345678901234567891"))
        #expect(JSONNumber("1e400") != JSONNumber("1e401"))
        #expect(JSONNumber("1.") == nil && JSONNumber("01") == nil && JSONNumber("1e1234567890") == nil)
        #expect(JSONNumber("9223372036854775807")?.int64Value == .max)
        #expect(JSONNumber("9223372036854775808")?.int64Value == nil)
    }

    @Test func encodedIsCompactSortedByKeyBytesAndRoundTrips() throws {
        let text = "{\"b\":[true,false,null],\"a\":\"x\\\"\\\\\\n\\u0001\u{1F600}\",\"\(Self.decomposed)\":{},\"\(Self.composed)\":-1.50}"
        let value = try JSONValue(parsing: Array(text.utf8))
        let encoded = String(decoding: value.encoded, as: UTF8.self)
        #expect(encoded == "{\"a\":\"x\\\"\\\\\\n\\u0001\u{1F600}\",\"b\":[true,false,null],\"\(Self.decomposed)\":{},\"\(Self.composed)\":-1.50}")
        #expect(try JSONValue(parsing: value.encoded) == value)
    }
}
