import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// `explain` end to end, through the binary: what only the command does (a log on standard
/// input, read in 256 KiB pieces, its text escaped on the terminal; the help). What the lines
/// mean is tested in process (`Tests/WidgetRulesTests/Logs/`).
@Suite struct ExplainCommandTests {
    /// An archival failure line in the form WidgetKit logs it (an iPhone 12-17e systemSmall cap).
    static let archivalLine = "Widget archival failed due to image being too large [14] - (1200, 400), totalArea: 480000 > max[1039262.400000]"

    static func explain(_ arguments: [String], input: String? = nil) throws -> [String: Any] {
        let result = try WidgetThumbsBinary.run(["explain"] + arguments + ["--json"], standardInput: input)
        #expect(result.status == 0, "\(result)")
        return try #require(JSONReport.object(result.stdout))
    }

    @Test func aLogOnStandardInputIsCountedNotRepeatedAndItsTextEscaped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let archival = Self.archivalLine
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
