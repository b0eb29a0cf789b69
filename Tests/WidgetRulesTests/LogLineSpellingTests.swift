import Testing
import WidgetRules

/// `explain` on the spellings real apps log: a Double printed in full, exponents, the
/// kernel's memory messages in their common forms, CHSErrorDomain 1050, the iPad Home Screen
/// frame's cap, and the widget kind and family a line names. Each asserts what the
/// explanation says (family, slot, cap, limit), worked out here from the catalogue's figures.
@Suite struct LogLineSpellingTests {
    static func explained(_ lines: [String]) -> WidgetLogExplanation { LogExplanationTests.explanation(lines) }

    static func cap(_ line: String) throws -> WidgetLogExplanation.ArchivalCap {
        let entries = explained([line]).entries
        #expect(entries.count == 1, "\(line)")
        return try #require(entries.first?.archivalCap, "no archival failure read in \(line)")
    }

    static func memory(_ line: String) throws -> WidgetLogExplanation.MemoryLimit {
        try #require(explained([line]).entries.first?.memoryLimit, "no memory line read in \(line)")
    }

    /// The catalogue's ids of the slots of `family` whose rendered pixels are `side` x `side2`.
    static func rows(_ family: WidgetFamily, _ width: Int, _ height: Int) -> Set<String> {
        Set(WidgetCatalog.builtIn.devices.filter { row in
            row.slots.contains { $0.family == family && $0.pixels == PixelSize(width: width, height: height) }
        }.map(\.id))
    }

    /// Swift prints the Double in full: 620.4000000000001 x 564.0 is WidgetKit's 4.4 x 282 x
    /// 282 (the iPad mini canvas small), the same cap as `620.4 x 564`.
    @Test func aDoublePrintedInFullMatchesTheSameCapAsItsShortSpelling() throws {
        let full = try Self.cap("error: imageTooLarge(size: (1200.0, 400.0), maximumSize: (620.4000000000001, 564.0))")
        let short = try Self.cap("error: imageTooLarge(size: (1200.0, 400.0), maximumSize: (620.4, 564.0))")
        #expect(full.capPixels == 282 * 282 * 44 / 10)
        #expect(full.maximumArea == "349905.6")
        #expect(full.capPixels == short.capPixels && full.known)
        let small = try #require(full.families.first { $0.family == .systemSmall })
        #expect(Self.rows(.systemSmall, 282, 282).contains { id in small.devices.contains { $0.id == id && id.hasPrefix("ipad-744x1133") } })
        // A Double a step under the decimal stays that decimal, not a pixel under it.
        let under = try #require(LoggedNumber("1039262.3999999999"[...]))
        #expect(under.floor == 1_039_262 && under.description == "1039262.4")
    }

    /// `%g` prints large numbers with an exponent: 3.49905e+05 is 349,905.
    @Test func exponentFormsAreRead() throws {
        let cap = try Self.cap("(2048, 2048), totalArea: 4.194304e+06 > max[3.49905e+05]")
        #expect(cap.capPixels == 349_905)
        #expect(cap.image == [2048, 2048])
        #expect(cap.contradiction == nil)
        #expect(LoggedNumber("1.5E3"[...])?.floor == 1500)
        #expect(LoggedNumber("2.5e-1"[...])?.description == "0.25")
        #expect(LoggedNumber("1e1234"[...]) == nil)
        #expect(LoggedNumber("1e999999999"[...]) == nil && LoggedNumber("1e-999999999"[...]) == nil)
        #expect(LoggedNumber("-5"[...]) == nil)
    }

    @Test func anActiveHardKillIsReadWithItsLimitInMB() throws {
        let memory = try Self.memory("EXC_RESOURCE -> WidgetExtension[1388] exceeded mem limit: ActiveHard 30 MB (fatal)")
        #expect(memory.megabytes == 30 && memory.killed && memory.category == "ActiveHard")
        let text = Self.explained(["EXC_RESOURCE -> WidgetExtension[1388] exceeded mem limit: ActiveHard 30 MB (fatal)"]).text
        #expect(text.contains("killed at its 30 MB limit"))
        #expect(try Self.memory("EXC_RESOURCE -> X[1] exceeded mem limit: ActiveSoft 30 MB (non-fatal)").killed == false)
    }

    /// jetsam gives the footprint in KB: 30720 KB is 30 MB.
    @Test func aJetsamKillInKBIsThirtyMB() throws {
        let line = "kernel: memorystatus: killing_specific_process pid 1388 [WidgetExtension] (per-process-limit 3) 30720KB - memorystatus_available_pages: 7456"
        let memory = try Self.memory(line)
        #expect(memory.megabytes == Double(30720) / 1024)
        #expect(memory.megabytes == 30 && memory.killed && memory.form == .jetsam)
        #expect(Self.explained([line]).text.contains("jetsam"))
    }

    /// The high water mark is a warning: said so, not called a kill.
    @Test func crossingTheHighWaterMarkIsAWarningNotAKill() throws {
        let line = "WidgetExtension[1388] (Limit 30 MB) Crossed High Water Mark"
        let memory = try Self.memory(line)
        #expect(memory.megabytes == 30 && !memory.killed && memory.form == .highWaterMark)
        let text = Self.explained([line]).text
        #expect(text.contains("not a kill") && !text.contains("was killed"))
    }

    /// CHSErrorDomain 1050: both causes, what tells them apart, and which this log points to.
    @Test func chsErrorDomain1050IsExplainedWithBothCauses() throws {
        let line = "chronod: reload failed: Error Domain=CHSErrorDomain Code=1050 \"(null)\" kind: \"PhotoWidget\""
        let alone = try #require(Self.explained([line]).entries.first)
        #expect(alone.kind == "chronoServices")
        let chrono = try #require(alone.chronoServices)
        #expect(chrono.code == 1050 && chrono.widgetKind == "PhotoWidget")
        #expect(chrono.causes.count == 2)
        #expect(chrono.causes.contains { $0.contains("timeline archive") } && chrono.causes.contains { $0.contains("stuck") })
        #expect(chrono.inThisLog?.contains("second cause") == true)
        let withArchive = Self.explained([line, "chronod: reload: failed with too large timeline archive 11307528"])
        #expect(withArchive.entries.first?.chronoServices?.inThisLog?.contains("line 2") == true)
        #expect(WidgetLogEvent.parse("CHSErrorDomain 1050"[...]) != nil)
        #expect(WidgetLogEvent.parse("CHSErrorDomain Code=4"[...]) == nil)
    }

    /// max[718080] is 4.4 x 600 x 272, the 820x1180 iPad's displayed Home Screen medium frame
    /// (its canvas is 684x310): known, on that row, matched on the displayed frame.
    @Test func theIPadHomeScreenMediumFrameIsMatched() throws {
        let cap = try Self.cap("Widget archival failed due to image being too large [14] - (1024, 1024), totalArea: 1048576 > max[718080.000000]")
        #expect(cap.known && cap.capPixels == 600 * 272 * 44 / 10)
        let medium = try #require(cap.families.first { $0.family == .systemMedium })
        let frame = try #require(medium.matchedFrames.first { $0.id == "ipad-820x1180@2" })
        #expect(frame.frame == .displayed && frame.pixels == [600, 272])
        #expect(medium.proposed[0] * medium.proposed[1] <= cap.capPixels)
        #expect(Self.explained(["totalArea: 1048576 > max[718080]"]).text.contains("displayed Home Screen frame 600x272"))
    }

    /// The kind and family a line names are shown, and the families narrowed to it.
    @Test func theWidgetKindAndFamilyAreShownAndNarrow() throws {
        // A cap two families share, found in the catalogue.
        let byCap = Dictionary(grouping: WidgetCatalog.builtIn.devices.flatMap(\.slots), by: \.capPixels)
        let (shared, slots) = try #require(byCap.first { Set($0.value.map(\.family)).count >= 2 && Set($0.value.map(\.family)).allSatisfy { !$0.isAccessory } })
        let families = Set(slots.map(\.family))
        let chosen = try #require(families.sorted { $0.rawValue < $1.rawValue }.first)
        let plain = try Self.cap("totalArea: 99999999 > max[\(shared)]")
        #expect(Set(plain.families.map(\.family)) == families)
        let named = try Self.cap("[kind: \"PhotoWidget\" family: \(chosen.rawValue)] totalArea: 99999999 > max[\(shared)]")
        #expect(named.families.map(\.family) == [chosen])
        #expect(named.widgetKind == "PhotoWidget" && named.loggedFamily == chosen)
        // WidgetKit's `systemMedium::338.00/158.00/21.60` spelling, on 393x852 iOS 18 medium (1017x474 x 4.4).
        let medium = try Self.cap("systemMedium::338.00/158.00/21.60 totalArea: 3131904 > max[2121055.200000]")
        #expect(medium.loggedFamily == .systemMedium && medium.families.map(\.family) == [.systemMedium])
        #expect(Self.explained(["kind: \"PhotoWidget\" totalArea: 3131904 > max[2121055.2]"]).text.contains("kind \"PhotoWidget\""))
    }

    /// The fix keeps the input's format: no JPEG forced on a PNG with alpha.
    @Test func theFixKeepsTheInputsFormat() throws {
        let cap = try Self.cap("totalArea: 1048576 > max[1039262.4]")
        for family in cap.families {
            #expect(family.command.contains("IMAGE.EXT -o IMAGE.\(family.family.rawValue).EXT"), "\(family.command)")
            #expect(!family.command.contains(".jpg"))
        }
    }

    /// The prefilter passes every line a pattern reads and skips one holding no key word.
    @Test func thePrefilterPassesEveryKeyWordLine() {
        let lines = ["totalArea: 1 > max[2]", "imageTooLarge(size: (1, 1), maximumSize: (2, 2))", "too large timeline archive 5",
                     "EXC_RESOURCE limit=30 MB", "memorystatus: killing_specific_process 30720KB", "(Limit 30 MB) Crossed High Water Mark",
                     "CHSErrorDomain Code=1050"]
        for line in lines {
            #expect(Array(line.utf8).withUnsafeBufferPointer(WidgetLogEvent.mayReport), "\(line)")
            #expect(WidgetLogEvent.parse(line[...]) != nil, "\(line)")
        }
        #expect(!Array("2026-12-01 SpringBoard[55]: total area max limit MB".utf8).withUnsafeBufferPointer(WidgetLogEvent.mayReport))
    }
}
