import Testing
import WidgetRules

/// Reading WidgetKit's failure lines, and the timeline archive's arithmetic against the
/// simulator measurements it rests on (640 px x 20 entries, 9,814,408 bytes, passed;
/// x 21, 10,764,872 bytes, failed; 113 KB as data, 482 KB decoded).
@Suite struct WidgetLogEventTests {
    private func cap(_ line: String) throws -> ArchivalCapLog {
        guard case .archivalCap(let log) = try #require(WidgetLogEvent.parse(line[...])) else {
            Issue.record("not an archival failure: \(line)")
            throw CancellationError()
        }
        return log
    }

    @Test func bothSpellingsOfTheNumbersAreTheSameMaximum() throws {
        let long = try cap("... - (1200, 400), totalArea: 480000 > max[349905.600000]")
        let short = try cap("totalArea: 480000 > max[349905.6]")
        #expect(long.maximumArea == short.maximumArea)
        #expect(long.capPixels == 349_905)
        #expect(long.image == PixelSize(width: 1200, height: 400))
        #expect(short.image == nil)
        #expect(long.maximumArea.description == "349905.6")
    }

    @Test func maximumSizeIsMultipliedExactly() throws {
        let log = try cap("imageTooLarge(size: (1200.0, 400.0), maximumSize: (620.4, 564.0))")
        #expect(log.capPixels == 349_905)   // 620.4 x 564 = 349,905.6
        #expect(log.maximumArea.description == "349905.6")
        let labelled = try cap("imageTooLarge(size: (width: 1024.0, height: 1024.0), maximumSize: (width: 1042.8, height: 948))")
        #expect(labelled.capPixels == 988_574)   // 1042.8 x 948 = 988,574.4
        #expect(labelled.image == PixelSize(width: 1024, height: 1024))
    }

    @Test func theOtherFailuresAndNoise() {
        #expect(WidgetLogEvent.parse("reload: failed with too large timeline archive 11307528") == .timelineArchive(bytes: 11_307_528))
        #expect(WidgetLogEvent.parse("EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=30 MB, unused=0x0)") == .memoryLimit(MemoryLimitLog(kilobytes: 30 * 1024, form: .excResource, category: nil, fatal: true)))
        #expect(WidgetLogEvent.parse("totalArea: 1 > max[]") == nil)
        #expect(WidgetLogEvent.parse("max[99999999999999999999999]") == nil)
        #expect(WidgetLogEvent.parse("totalArea: 5 > max[1.2.3]") == nil)
        #expect(WidgetLogEvent.parse("nothing here") == nil)
    }

    @Test func aMaximumAgainstTheCatalogue() throws {
        // 486 x 486 x 4.4 (Habitto's log, 390x844 iOS 26 small).
        let log = try cap("(2048, 2048), totalArea: 4194304 > max[1039262.4]")
        let matches = log.matches(in: .builtIn)
        #expect(!matches.isEmpty)
        for match in matches { #expect(match.slot.capPixels == 1_039_262) }
        let fitting = log.largestFitting(cap: log.capPixels, shape: PixelSize(width: 486, height: 486))
        #expect(fitting == PixelSize(width: 1019, height: 1019))   // 1019^2 = 1,038,361; 1020^2 = 1,040,400
        // Sinced2's 526,750.4 = 4.4 x 346^2; under 1.44 it is no whole square.
        let unknown = try cap("totalArea: 569803 > max[526750.400000]")
        #expect(unknown.matches(in: .builtIn).isEmpty)
        let whole = unknown.impliedSlots(in: .builtIn).filter(\.isWhole)
        #expect(whole.map(\.pixels) == [PixelSize(width: 346, height: 346)])
        #expect(whole.first?.rule.multiplier.description == "4.4")
    }

    @Test func theTimelineLimitSitsBetweenTheMeasurements() {
        #expect(TimelineBudget(entries: 20, imageBytesPerEntry: 9_814_408 / 20).fits(.data))
        #expect(!TimelineBudget(entries: 21, imageBytesPerEntry: 10_764_872 / 21).fits(.data))
        #expect(!TimelineBudget(entries: 1, imageBytesPerEntry: 11_307_528).fits(.data))
        // 113 KB handed over decoded is stored as 482 KB.
        #expect(TimelineBudget(entries: 1, imageBytesPerEntry: 113_000).archiveBytes(.decoded) == 482_000)
        let budget = TimelineBudget(entries: 40, imageBytesPerEntry: 113_000)
        #expect(budget.archiveBytes(.data) == 4_520_000)
        #expect(budget.fits(.data) && !budget.fits(.decoded))
        #expect(budget.maximumEntries(.decoded) == TimelineBudget.limitBytes / 482_000)
        #expect(TimelineBudget.maximumImageBytesPerEntry(entries: 20, .data) * 20 <= TimelineBudget.limitBytes)
    }
}
