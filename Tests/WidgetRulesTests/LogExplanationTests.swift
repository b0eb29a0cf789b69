import Testing
import TestSupport
import WidgetRules

/// `explain`'s reading and its explanation in process, on the lines an outside review broke it
/// with: a hostile long line, a zero limit, a thin picture, a line that contradicts itself.
@Suite struct LogExplanationTests {
    static func explanation(_ lines: [String]) -> WidgetLogExplanation {
        let events = lines.enumerated().compactMap { index, line in
            WidgetLogEvent.parse(line[...]).map { (event: $0, firstLine: index + 1, text: line, count: 1) }
        }
        return WidgetLogExplanation(lines: lines.count, events: events, catalog: .builtIn)
    }

    /// Each pattern costs time linear in the line: a 64 KiB line repeating a pattern's key
    /// words (which took 20 s a line) is read in well under a second of CPU.
    @Test(arguments: ["EXC_RESOURCE ", "totalArea: 1 > max[", "imageTooLarge(size: (1, 1), ", "(1, 1), totalArea: ",
                      "too large timeline archive ", "EXC_RESOURCE exceeded mem limit: ActiveHard 1", "killing_specific_process 1 ",
                      "(Limit 1 Crossed High Water Mark ", "CHSErrorDomain Code=", "maximumSize: (620.4000000000001, ",
                      "totalArea: 1.0e+0 > max[1.00000000000000000001e", "totalArea: 1 > max[2] kind: \"", "kind: systemSmall::",
                      "CHSErrorDomain 1050 kind=a"])
    func class8ALongHostileLineTakesLinearTime(unit: String) {
        let line = String(repeating: unit, count: (1 << 16) / unit.utf8.count)
        let (_, spent) = ThreadCPUClock.measure { WidgetLogEvent.parse(line[...]) }
        #expect(spent < .milliseconds(1500), "\(spent) of CPU for one 64 KiB line of '\(unit)'")
    }

    /// `limit=0 MB` is no limit a process was killed at: not read as one, so nothing divides by
    /// it (the JSON could not encode infinity and printed nothing).
    @Test func class10AZeroLimitIsNotAMemoryKill() {
        #expect(WidgetLogEvent.parse("EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=0 MB, unused=0x0)"[...]) == nil)
        let explained = Self.explanation(["EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=30 MB, unused=0x0)"])
        let shares = explained.entries.compactMap(\.memoryLimit).flatMap(\.slotCosts).map(\.shareOfLimit)
        #expect(!shares.isEmpty && shares.allSatisfy { $0.isFinite && $0 > 0 }, "\(shares)")
    }

    /// A picture thinner than 1:10,000 is sized under the cap on every device (its short side
    /// stays one pixel and the long side is cut), and explained with no side of zero.
    @Test func class11AThinPictureIsSizedUnderTheCap() throws {
        let thin = PixelSize(width: 40_000, height: 2)
        for family in WidgetFamily.allCases {
            let slots = WidgetCatalog.builtIn.currentDevices.flatMap { $0.slots(for: family) }
            guard let cap = slots.map(\.capPixels).min() else { continue }
            let box = FamilySizing.box(for: family, sourceSize: thin, assumedCaps: .apply)
            #expect(box.area <= cap && box.width >= 1 && box.height >= 1, "\(family): \(box) over \(cap)")
        }
        let log = try #require(Self.explanation(["(40000, 2), totalArea: 80000 > max[12345.6]"]).entries.first?.archivalCap)
        #expect(log.families.isEmpty || log.families.allSatisfy { $0.largestFitting.allSatisfy { $0 >= 1 } && $0.proposed.allSatisfy { $0 >= 1 } })
        let logged = ArchivalCapLog(image: thin, maximumArea: try #require(LoggedNumber("12345.6"[...])), maximumSize: nil)
        let fitting = logged.largestFitting(cap: logged.capPixels, shape: thin)
        #expect(fitting.width >= 1 && fitting.height >= 1 && fitting.area <= logged.capPixels, "\(fitting)")
    }

    /// A line whose totalArea is not over its max says so, and the size "that fits" is never
    /// larger than the image the line says failed.
    @Test func class12ALineThatContradictsItselfSaysSo() throws {
        let explained = Self.explanation(["Widget archival failed due to image being too large [3] - (500, 500), totalArea: 250000 > max[349905.6]"])
        let cap = try #require(explained.entries.first?.archivalCap)
        #expect(cap.contradiction?.contains("not over") == true, "\(cap)")
        #expect(explained.text.contains("contradicts itself"))
        for family in cap.families {
            #expect(family.largestFitting[0] <= 500 && family.largestFitting[1] <= 500, "\(family.largestFitting)")
        }
        let honest = Self.explanation(["(1200, 400), totalArea: 480000 > max[349905.6]"])
        #expect(honest.entries.first?.archivalCap?.contradiction == nil)
    }

    /// The fix explain prints is the shared builder's: a catalogue id with shell syntax in it is
    /// one quoted word.
    @Test func class1ExplainsFixQuotesADeviceID() throws {
        let catalog = try WidgetCatalog.builtIn.adding(Array("""
            {"schemaVersion": \(WidgetCatalog.schemaVersion),
             "sources": [{"id": "mine", "kind": "measured", "reference": "a log"}],
             "devices": [{"id": "x; touch PWNED", "platform": "iOS", "screen": [300, 600], "scale": 3, "os": [26],
                          "label": "Mine", "names": ["Mine"],
                          "slots": [{"family": "systemSmall", "surface": "homeScreen", "pixels": [123, 123], "source": "mine"}]}]}
            """.utf8), file: "mine.json")
        let cap = Int((Double(123 * 123) * 4.4).rounded(.down))
        let line = "totalArea: 999999 > max[\(cap)]"
        let events = [(event: try #require(WidgetLogEvent.parse(line[...])), firstLine: 1, text: line, count: 1)]
        let explained = WidgetLogExplanation(lines: 1, events: events, catalog: catalog)
        let command = try #require(explained.entries.first?.archivalCap?.families.first?.command)
        #expect(command.contains("--device 'x; touch PWNED'"), "\(command)")
    }
}
