import Foundation
import Testing
import WidgetRules

/// The reporters, in process: each prints every finding, escapes what came from the files for
/// where it goes, and the SARIF rule list is the registry's.
@Suite struct CheckReporterTests {
    static let hostile = "App/x\u{1B}]0;owned\u{7}\n::error file=fake::forged%0A,y.png"

    static func finding(_ file: String = hostile, level: CheckLevel = .error) -> CheckFinding {
        CheckFinding(file: file, rule: "archival-cap", level: level, family: .systemSmall, devices: ["iPhone 17"],
                     message: "over the cap", fix: FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .path(file)]))
    }

    static func summary(_ findings: [CheckFinding]) -> CheckSummary {
        var tally = CheckTally()
        tally.images = 1
        let counted = findings.map { tally.count($0, config: CheckConfig()) }
        return CheckSummary(tally: tally, findings: counted, unchecked: [UncheckedAsset(path: "v\nector.pdf", reason: "vector")],
                            toolName: "widget-thumbs", toolVersion: "0")
    }

    @Test func everyReporterIsFoundByItsName() {
        for reporter in CheckReporters.all {
            #expect(CheckReporters.reporter(named: reporter.identifier) == reporter)
        }
        #expect(CheckReporters.reporter(named: "xml") == nil)
        #expect(CheckReporters.all.first == TextReporter.self)
    }

    @Test func aTextLineIsOneLineWithNoControl() throws {
        let line = try #require(TextReporter().line(for: Self.finding()))
        #expect(!line.contains("\n") && !line.unicodeScalars.contains { DisplayText.controlsTerminal($0) }, "\(line)")
        #expect(line.hasPrefix("error: App/x"))
        #expect(line.contains("[archival-cap]") && line.contains("Fix: widget-thumbs thumbnail"))
        guard case .text(let tail) = TextReporter().finish(Self.summary([])) else { Issue.record("not text"); return }
        #expect(tail.split(separator: "\n").count == 2, "\(tail)")
        #expect(tail.hasSuffix("1 image(s) checked: 0 error(s), 0 warning(s), 0 suppressed by the config, 1 not checked"))
    }

    /// GitHub's workflow commands: one line each, the file property cannot end early (`:`, `,`),
    /// and a line break cannot start a forged command.
    @Test func aGitHubAnnotationCannotBeForged() throws {
        let line = try #require(GitHubReporter().line(for: Self.finding()))
        #expect(!line.contains("\n") && !line.contains("\r"))
        #expect(line.hasPrefix("::error file=App/x"))
        // The properties run to the first "::" after the command; the file's own ':' and ','
        // are encoded, so they cannot end the property or start another.
        let afterCommand = line.dropFirst(2)
        let properties = try #require(afterCommand.range(of: "::")).lowerBound
        let head = String(afterCommand[..<properties])
        #expect(head.hasPrefix("error file=App/x") && head.contains("%3A%3Aerror file=fake%3A%3Aforged%250A%2Cy.png"), "\(head)")
        #expect(head.filter { $0 == "," }.count == 1, "one separator, before title: \(head)")
        var suppressed = Self.finding()
        suppressed.suppressed = "accepted"
        #expect(GitHubReporter().line(for: suppressed) == nil)
        let levels = [CheckLevel.error, .warning, .note].map { GitHubReporter().line(for: Self.finding("a.png", level: $0)) ?? "" }
        #expect(levels.map { String($0.prefix { $0 != " " }) } == ["::error", "::warning", "::notice"])
    }

    /// SARIF: the rule list is the registry's, every result names a rule in it by index, and
    /// a path becomes a percent-encoded relative URI.
    @Test func sarifComesFromTheRegistry() throws {
        guard case .document(let document) = SARIFReporter().finish(Self.summary([Self.finding("dir/a b.png")])) else {
            Issue.record("not a document")
            return
        }
        let data = try JSONEncoder().encode(document)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["version"] as? String == "2.1.0")
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == CheckRules.ids + ["not-checked"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["ruleIndex"] as? Int == CheckRules.ids.firstIndex(of: "archival-cap"))
        let location = (((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                        as? [String: Any])?["uri"] as? String
        #expect(location == "dir/a%20b.png")
    }

    @Test func jsonHoldsTheCountsAndEveryFinding() throws {
        guard case .document(let document) = JSONReporter().finish(Self.summary([Self.finding(), Self.finding(level: .warning)])) else {
            Issue.record("not a document")
            return
        }
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as? [String: Any])
        #expect(json["errors"] as? Int == 1 && json["warnings"] as? Int == 1 && json["images"] as? Int == 1)
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        #expect(findings[0]["file"] as? String == Self.hostile, "JSON keeps the name exactly; the encoder escapes it")
        #expect((findings[0]["fix"] as? String)?.hasPrefix("widget-thumbs thumbnail \"$(printf") == true)
    }
}
