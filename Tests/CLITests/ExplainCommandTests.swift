import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// `explain` on the archival errors developers logged (the cap rules' `reference` in
/// Data/widget-catalog.json lists them; typed in as the logs wrote them): each maps to the device and family it was logged on
/// whenever the catalogue has that slot, and the size it proposes fits there; a maximum no row
/// has is unknown, with a row template that, filled in, makes it known.
@Suite struct ExplainCommandTests {
    /// A logged line and where the catalogue's reference places it: a screen (`390x844@3`) or a
    /// label fragment (watches have no screen), the OS, the family; `sure` when the slot is in
    /// the catalogue on every branch (iPhone and watch rows), false where the catalogue's
    /// basis is being changed (iPad: Home Screen frame or design canvas).
    struct Logged: CustomTestStringConvertible, Sendable {
        var number: String
        var line: String
        var place: String
        var os: Int?
        var family: String
        var sure: Bool
        var testDescription: String { "log \(number)" }
    }

    static let prefix = "Widget archival failed due to image being too large [14] - "
    static let logged: [Logged] = [
        Logged(number: "1", line: prefix + "(1024, 1024), totalArea: 1048576 > max[718080.000000]",
               place: "820x1180@2", os: nil, family: "systemMedium", sure: false),
        Logged(number: "2", line: prefix + "(1536, 2039), totalArea: 3131904 > max[2121055.200000]",
               place: "393x852@3", os: 18, family: "systemMedium", sure: true),
        Logged(number: "3", line: prefix + "(2048, 2048), totalArea: 4194304 > max[1039262.4]",
               place: "390x844@3", os: 26, family: "systemSmall", sure: true),
        Logged(number: "4", line: prefix + "(1254, 1254), totalArea: 1572516 > max[1001127.600000]",
               place: "375x812@3", os: 26, family: "systemSmall", sure: true),
        Logged(number: "5", line: prefix + "(2400, 1595), totalArea: 3828000 > max[2275490.800000]",
               place: "402x874@3", os: 26, family: "systemMedium", sure: true),
        Logged(number: "6", line: prefix + "totalArea: 1048576 > max[951390.000000]",
               place: "375x812@3", os: 18, family: "systemSmall", sure: true),
        Logged(number: "7", line: "error: imageTooLarge(size: (1024.0, 1024.0), maximumSize: (1042.8, 948.0))",
               place: "393x852@3", os: 18, family: "systemSmall", sure: true),
        Logged(number: "8", line: "imageTooLarge(size: (1080.0, 1350.0), maximumSize: (1084.6, 986))",
               place: "402x874@3", os: 26, family: "systemSmall", sure: true),
        Logged(number: "9", line: prefix + "(1024, 1024), totalArea: 1048576 > max[487911.600000]",
               place: "414x896@2", os: 27, family: "systemSmall", sure: true),
        Logged(number: "10", line: prefix + "(1200, 400), totalArea: 480000 > max[349905.600000]",
               place: "744x1133@2", os: 26, family: "systemSmall", sure: false),
        Logged(number: "11", line: prefix + "(384, 384), totalArea: 147456 > max[14981.760000]",
               place: "46 mm", os: 27, family: "accessoryCircular", sure: true),
    ]

    /// The rows the catalogue's reference names for `log`, and whether the catalogue gives them the
    /// logged cap (the logged maximum rounded down).
    static func expectedRows(_ log: Logged, cap: Int) -> [DeviceClass] {
        WidgetCatalog.builtIn.devices.filter { row in
            (row.screenText == log.place || row.label.contains(log.place)) && (log.os.map(row.osVersions.contains) ?? true)
                && row.slots.contains { $0.family.rawValue == log.family && $0.capPixels == cap }
        }
    }

    static func explain(_ arguments: [String], input: String? = nil) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(["explain"] + arguments + ["--json"], standardInput: input)
        #expect(result.status == 0, "\(result)")
        return try #require(JSONReport.object(result.stdout))
    }

    static func onlyCap(_ document: [String: Any]) throws -> [String: Any] {
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        return try #require(entries.first?["archivalCap"] as? [String: Any])
    }

    /// The logged maximum rounded down, read from the line (the digits of `max[...]`, or the
    /// product of maximumSize's), independently of the code under test.
    static func loggedCap(_ line: String) throws -> Int {
        if let range = line.range(of: "max[") {
            return try #require(Int(line[range.upperBound...].prefix { $0 != "]" && $0 != "." }))
        }
        let sizes = line.components(separatedBy: "maximumSize: (")[1].prefix { $0 != ")" }.split(separator: ",")
        var product = sizes.map { Decimal(string: $0.trimmingCharacters(in: .whitespaces))! }.reduce(1, *)
        var floor = Decimal()
        NSDecimalRound(&floor, &product, 0, .down)
        return NSDecimalNumber(decimal: floor).intValue
    }

    @Test(arguments: logged)
    func aLoggedLineNamesItsDeviceAndFamilyAndTheProposedSizeFitsThere(log: Logged) throws {
        let cap = try Self.loggedCap(log.line)
        let rows = Self.expectedRows(log, cap: cap)
        if log.sure { #expect(!rows.isEmpty, "the catalogue should have the slot of log \(log.number)") }
        let result = try Self.onlyCap(try Self.explain([log.line]))
        #expect(result["capPixels"] as? Int == cap)
        // Every slot of the catalogue with that cap, read through the library's API: its
        // rendered pixels' cap, or its displayed (iPad Home Screen) frame's area times its rule's
        // multiplier.
        let multipliers = Dictionary(WidgetCatalog.builtIn.capRules.map { ($0.id, $0.multiplier) }, uniquingKeysWith: { first, _ in first })
        let catalogued = WidgetCatalog.builtIn.devices.flatMap { row in
            row.slots.filter { slot in
                slot.capPixels == cap || slot.displayed.map { multipliers[slot.capRule]?.cap(forArea: $0.area) == cap } == true
            }.map { (row.id, $0.family.rawValue) }
        }
        #expect(result["known"] as? Bool == !catalogued.isEmpty)
        let families = try #require(result["families"] as? [[String: Any]])
        let named = families.flatMap { family in
            (family["devices"] as? [[String: Any]] ?? []).compactMap { device in
                (device["id"] as? String).map { ($0, family["family"] as? String ?? "") }
            }
        }
        #expect(Set(named.map { "\($0.0) \($0.1)" }) == Set(catalogued.map { "\($0.0) \($0.1)" }))
        guard !rows.isEmpty else { return }
        let family = try #require(families.first { $0["family"] as? String == log.family })
        let ids = Set((family["devices"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        for row in rows { #expect(ids.contains(row.id), "log \(log.number): \(row.id) not named among \(ids)") }
        let proposed = try #require(family["proposed"] as? [Int])
        let largest = try #require(family["largestFitting"] as? [Int])
        #expect(largest[0] * largest[1] <= cap)
        #expect((largest[0] + 1) * (largest[1] + 1) > cap)
        // The proposed size passes `check` on those devices: no archival-cap finding.
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write("proposed.jpg", try CheckCommandTests.jpeg(proposed[0], proposed[1]))
        let check = try WidgetThumbsBinary.run(["check", file, "--family", log.family, "--json"] + rows.flatMap { ["--device", $0.id] })
        let findings = try #require(try CheckCommandTests.json(check)["findings"] as? [[String: Any]])
        #expect(!findings.contains { $0["rule"] as? String == "archival-cap" }, "log \(log.number): \(proposed) \(check)")
        let command = try #require(family["command"] as? String)
        #expect(command.hasPrefix("widget-thumbs thumbnail "))
        #expect(command.contains("--family \(log.family)"))
    }

    static let sinced2 = prefix + "(827, 689), totalArea: 569803 > max[526750.400000]"

    @Test func anUnexplainedMaximumIsUnknownWithARowThatFilledInExplainsIt() throws {
        let cap = try Self.onlyCap(try Self.explain([Self.sinced2]))
        #expect(cap["known"] as? Bool == false)
        #expect((cap["families"] as? [Any])?.isEmpty == true)
        // 526,750.4 / 4.4 = 119,716 = 346 x 346 (the catalogue reference's reading).
        let implied = try #require(cap["impliedSlots"] as? [[String: Any]])
        let whole = implied.filter { $0["wholePixels"] as? Bool == true }
        #expect(whole.map { $0["slotPixels"] as? [Int] } == [[346, 346]])
        var template = try #require(cap["catalogTemplate"] as? String)
        for (placeholder, value) in [("<points wide>", "401"), ("<points high>", "871"), ("<scale>", "3"), ("<OS major version>", "26"),
                                     ("<row id>", "iphone-17-sim"), ("<device name>", "iPhone 17 (simulator)")] {
            #expect(template.contains(placeholder), "\(placeholder) missing")
            template = template.replacingOccurrences(of: placeholder, with: value)
        }
        template = template.replacing(#/<family: [^>]*>/#, with: "systemSmall")
        template = template.replacing(#/<where[^>]*>/#, with: "Sinced2 fix notes")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write("mine.json", Array(template.utf8))
        let devices = try WidgetThumbsBinary.run(["devices", "--catalog", file, "--device", "iphone-17-sim", "--json"])
        #expect(devices.status == 0, "\(devices)")
        let known = try Self.onlyCap(try Self.explain([Self.sinced2, "--catalog", file]))
        #expect(known["known"] as? Bool == true)
        let families = try #require(known["families"] as? [[String: Any]])
        #expect(families.compactMap { $0["family"] as? String } == ["systemSmall"])
        let ids = (families.first?["devices"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["iphone-17-sim"])
    }

    @Test func aLogOnStandardInputIsCountedNotRepeatedAndItsTextEscaped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let archival = Self.logged[2].line
        let lines = [
            "2026-12-01 10:00:01 chronod[77]: " + archival,
            "noise \u{1B}[31m unrelated",
            "2026-12-01 10:00:02 chronod[77]: " + archival,
            "2026-12-01 10:05:00 chronod[77]: reload: failed with too large timeline archive 11307528 \u{1B}]0;x\u{07}",
            "Exception Type: EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=30 MB, unused=0x0)\r",
            "2026-12-01 10:00:03 chronod[77]: " + archival,
        ]
        let input = try folder.write("console.log", Array(lines.joined(separator: "\n").utf8))
        let document = try Self.explain(["-"], input: input)
        #expect(document["lines"] as? Int == lines.count)
        #expect(document["failures"] as? Int == 5)
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["kind"] as? String } == ["archivalCap", "timelineArchive", "memoryLimit"])
        #expect(entries.compactMap { $0["count"] as? Int } == [3, 1, 1])
        #expect(entries.compactMap { $0["firstLine"] as? Int } == [1, 4, 5])
        let timeline = try #require(entries[1]["timelineArchive"] as? [String: Any])
        #expect(timeline["bytes"] as? Int == 11_307_528)
        #expect(timeline["limitBytes"] as? Int == TimelineBudget.limitBytes)
        let perEntry = try #require(timeline["perEntry"] as? [[String: Any]])
        #expect(perEntry.first { $0["entries"] as? Int == 20 }?["bytesPerEntry"] as? Int == 11_307_528 / 20)
        #expect((entries[2]["memoryLimit"] as? [String: Any])?["megabytes"] as? Int == 30)
        // The timeline line's escape sequence is shown escaped, in text and JSON alike.
        let text = try WidgetThumbsBinary.run(["explain"], standardInput: input)
        #expect(text.status == 0)
        #expect(!text.stdout.contains("\u{1B}") && !text.stdout.contains("\u{07}"))
        #expect(text.stdout.contains("\\u{1b}]0;x\\u{7}"))
        #expect(text.stdout.contains("3x line 1:"))
        #expect(text.stdout.components(separatedBy: "archival cap:").count == 2)
    }

    /// Lines straddle the 256 KiB reads and a 300 KB line is cut, never merged with the next:
    /// every line is counted and each failure keeps its own line number.
    @Test func aLogLongerThanTheReadBufferKeepsItsLines() throws {
        var lines = (0..<20_000).map { "2026-12-01 SpringBoard[55]: noise line \($0), nothing of note" }
        lines.insert(String(repeating: "x", count: 300_000), at: 5_000)
        lines.insert("chronod[77]: reload: failed with too large timeline archive 11307528", at: 12_345)
        lines.append("kernel: memorystatus: killing_specific_process pid 9 [X] (per-process-limit 3) 30720KB")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = try folder.write("big.log", Array(lines.joined(separator: "\n").utf8))
        let document = try Self.explain(["-"], input: input)
        #expect(document["lines"] as? Int == lines.count)
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["firstLine"] as? Int } == [12_346, lines.count])
        #expect((entries.last?["memoryLimit"] as? [String: Any])?["megabytes"] as? Double == 30)
    }

    @Test func nothingToExplainIsNotAnError() throws {
        let document = try Self.explain(["hello"])
        #expect(document["failures"] as? Int == 0)
        #expect((document["entries"] as? [Any])?.isEmpty == true)
    }

    @Test func helpNamesEveryFailureItReads() throws {
        let help = try WidgetThumbsBinary.run(["explain", "--help"])
        #expect(help.status == 0)
        for phrase in ["totalArea", "imageTooLarge", "too large timeline archive", "EXC_RESOURCE", "--catalog", "--json",
                       "ActiveHard", "killing_specific_process", "Crossed High Water Mark", "CHSErrorDomain Code=1050",
                       "620.4000000000001", "3.49905e+05", "displayed Home Screen frame"] {
            #expect(help.stdout.contains(phrase), "\(phrase)")
        }
    }
}
