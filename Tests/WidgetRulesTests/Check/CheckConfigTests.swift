import Testing
import TestSupport
import WidgetRules

/// The config is read strictly: every unknown or mistyped field is refused with its name, so a
/// mistake cannot silence rules it was not meant to.
@Suite struct CheckConfigTests {
    static func parse(_ text: String) throws(CheckConfigError) -> CheckConfig {
        try CheckConfig(parsing: Array(text.utf8), file: "widget-thumbs.json")
    }

    @Test func aFullConfigIsRead() throws {
        let config = try Self.parse("""
            {"families": {"App/A.xcassets": ["small", "systemMedium", "small"], "App": ["systemLarge"]},
             "devices": ["iPhone 17 Pro"], "platforms": ["iOS"], "os": 26,
             "ignore": [{"path": "./App/Legacy/", "rule": "undersized", "reason": "drawn at 40 pt"}]}
            """)
        #expect(config.families(for: "App/A.xcassets/X.imageset/x.png") == [.systemSmall, .systemMedium])
        #expect(config.families(for: "App/other.png") == [.systemLarge])
        #expect(config.families(for: "Other/x.png") == nil)
        #expect(config.devices == ["iPhone 17 Pro"] && config.platforms == [.iOS] && config.os == 26)
        #expect(config.ignore("undersized", at: "App/Legacy/x.png")?.reason == "drawn at 40 pt")
        #expect(config.ignore("archival-cap", at: "App/Legacy/x.png") == nil)
        #expect(config.ignore("undersized", at: "App/LegacyOther/x.png") == nil, "a prefix is whole components")
    }

    /// Each mistake names its field; none of them is accepted and read as "ignore everything".
    @Test(arguments: [
        (#"{"ignore": [{"path": "a", "rule": 3, "reason": "r"}]}"#, "ignore[0].rule"),
        (#"{"ignore": [{"path": "a", "rule": ["undersized"], "reason": "r"}]}"#, "ignore[0].rule"),
        (#"{"ignore": [{"path": "a", "rule": null, "reason": "r"}]}"#, "ignore[0].rule"),
        (#"{"ignore": [{"path": "a", "rules": "undersized", "reason": "r"}]}"#, "ignore[0].rules"),
        (#"{"ignore": [{"path": "a", "rule": "undersize", "reason": "r"}]}"#, "ignore[0].rule"),
        (#"{"ignore": [{"path": "a", "reason": ""}]}"#, "ignore[0].reason"),
        (#"{"ignore": [{"rule": "undersized", "reason": "r"}]}"#, "ignore[0].path"),
        (#"{"ignore": {"path": "a"}}"#, "ignore"),
        (#"{"families": {"a": []}}"#, "families.a"),
        (#"{"families": {"a": ["tiny"]}}"#, "families.a"),
        (#"{"families": ["small"]}"#, "families"),
        (#"{"os": 26.5}"#, "os"),
        (#"{"os": "26"}"#, "os"),
        (#"{"platforms": ["Android"]}"#, "platforms"),
        (#"{"device": ["iPhone 17"]}"#, "device"),
        ("[1]", "the document"),
        ("{", "the document"),
    ])
    func class4AMistakeIsRefusedWithItsField(text: String, field: String) {
        #expect(throws: CheckConfigError.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.field == field, "\(error)")
        }
    }

    /// A config over the size cap is refused before it is parsed.
    @Test func class9AnOversizedConfigIsRefused() {
        let padding = String(repeating: " ", count: CheckConfig.maxFileBytes)
        do {
            _ = try Self.parse("{}" + padding)
            Issue.record("a config over \(CheckConfig.maxFileBytes) bytes was read")
        } catch {
            #expect(error.reason.contains("over the limit"), "\(error)")
        }
    }

    /// A hostile key is escaped in the error, so it cannot forge a line.
    @Test func aHostileFieldNameIsEscaped() {
        do {
            _ = try Self.parse("{\"x\\u001b[2Jy\": 1}")
            Issue.record("an unknown field was accepted")
        } catch {
            #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B }, "\(error)")
        }
    }

    /// A finding is matched against the entries for its own path's folders, not against every
    /// entry: the largest config a file may hold, 10,000 ignores, over 20,000 findings takes
    /// well under a second of CPU, and the first matching entry in the file's order wins.
    @Test func class9IgnoresAreMatchedInTimeLinearInTheFindings() throws {
        let entries = (0..<CheckConfig.maxEntries - 1).map { #"{"path": "dir\#($0)", "rule": "file-bytes", "reason": "r\#($0)"}"# }
        let text = #"{"ignore": ["# + entries.joined(separator: ",") + #", {"path": "dir7", "reason": "later, any rule"}]}"#
        let config = try CheckConfig(parsing: Array(text.utf8), file: "big.json")
        let (found, spent) = ThreadCPUClock.measure {
            (0..<20_000).map { config.ignore("file-bytes", at: "dir\($0 % 12_000)/sub/a.png")?.reason }
        }
        #expect(spent < .seconds(1), "\(spent)")
        #expect(found[7] == "r7" && found[10_001] == nil && found[9_998] == "r9998")
        #expect(config.ignore("undersized", at: "dir7/x.png")?.reason == "later, any rule")
        #expect(config.ignore("undersized", at: "dir70/x.png") == nil, "a prefix is whole components")
    }
}
