import Foundation
import TestSupport
import Testing
@testable import WidgetRules

/// `explain`'s reading and explanation in process (`WidgetLogReader`, `WidgetLogExplanation`),
/// on the archival errors developers logged (the cap rules' `reference` in
/// Data/widget-catalog.json lists them; typed in as the logs wrote them): each maps to the device and family it was logged on
/// whenever the catalogue has that slot, and the size it proposes fits there; a maximum no row
/// has is unknown, with a row template that, filled in, makes it known.
@Suite struct ExplainLoggedLineTests {
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

    /// What `explain --json` prints for `lines`, in process: the log read by `WidgetLogReader`
    /// and its explanation encoded.
    static func explain(_ lines: [String], catalog: WidgetCatalog = .builtIn) throws -> [String: Any] {
        var log = WidgetLogReader()
        for line in lines { log.take(line[...]) }
        let data = try JSONEncoder().encode(log.explanation(catalog: catalog))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
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
        let selection = DeviceSelection(names: rows.map(\.id))
        let context = CheckContext(catalog: .builtIn, devices: try WidgetCatalog.builtIn.devices(selection), selection: selection,
                                   families: [try #require(WidgetFamily(rawValue: log.family))])
        let facts = ImageFacts(path: "proposed.jpg", size: PixelSize(width: proposed[0], height: proposed[1]), fileBytes: 100_000)
        let findings = CheckRules.evaluate(facts, in: context, plans: CheckPlans())
        #expect(!findings.contains { $0.rule == "archival-cap" }, "log \(log.number): \(proposed) \(findings.map(\.message))")
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
        let catalog = try WidgetCatalog.builtIn.adding(Array(template.utf8), file: "mine.json")
        #expect(catalog.devices.contains { $0.id == "iphone-17-sim" })
        let known = try Self.onlyCap(try Self.explain([Self.sinced2], catalog: catalog))
        #expect(known["known"] as? Bool == true)
        let families = try #require(known["families"] as? [[String: Any]])
        #expect(families.compactMap { $0["family"] as? String } == ["systemSmall"])
        let ids = (families.first?["devices"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["iphone-17-sim"])
    }

    @Test func nothingToExplainIsNotAnError() throws {
        let document = try Self.explain(["hello"])
        #expect(document["failures"] as? Int == 0)
        #expect((document["entries"] as? [Any])?.isEmpty == true)
    }
}
