import Foundation
import Testing
@testable import WidgetRules

/// The reporters, in process: each prints every finding, escapes what came from the files for
/// where it goes, and the SARIF rule list is the registry's.
@Suite struct CheckReporterTests {
    static let hostile = "App/x\u{1B}]0;owned\u{7}\n::error file=fake::forged%0A,y.png"

    static func finding(_ file: String = hostile, level: CheckLevel = .error) -> CheckFinding {
        CheckFinding(file: file, rule: "archival-cap", level: level, family: .systemSmall, devices: ["iPhone 17"],
                     message: "over the cap", detail: "the 530x530 slot on e\u{1B}[2J",
                     fix: FixCommand([.literal("widget-thumbs"), .literal("thumbnail"), .path(file)]))
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
        #expect(line.contains("[archival-cap]") && !line.contains("widget-thumbs thumbnail"), "the short line has no fix: \(line)")
        // Verbose: the detail, the devices and the fix on indented lines, still no control.
        let verbose = try #require(TextReporter(verbose: true).line(for: Self.finding()))
        let lines = verbose.split(separator: "\n")
        #expect(lines.first.map(String.init) == line)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") } && lines.contains { $0.hasPrefix("    fix: widget-thumbs thumbnail") },
                "\(verbose)")
        #expect(!lines.contains { $0.unicodeScalars.contains { DisplayText.controlsTerminal($0) } }, "\(verbose)")
        // What was not checked is counted; --verbose lists it too.
        guard case .text(let tail) = TextReporter().finish(Self.summary([])),
              case .text(let verboseTail) = TextReporter(verbose: true).finish(Self.summary([])) else { Issue.record("not text"); return }
        #expect(tail == "1 image(s) checked: 0 error(s), 0 warning(s), 0 note(s), 0 suppressed by the config, 1 not checked", "\(tail)")
        #expect(verboseTail.split(separator: "\n").count == 2 && verboseTail.hasPrefix("not checked: v") && verboseTail.contains("ector.pdf: vector"), "\(verboseTail)")
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

    /// GitHub shows ten annotations of a level in a step: errors come first, ten of each, and
    /// the rest are counted on a line of their own, never dropped in silence.
    @Test func gitHubAnnotationsPutErrorsFirstAndCountWhatTheyLeaveOut() {
        let warnings = (0..<3).map { Self.finding("w\($0).png", level: .warning) }
        let errors = (0..<25).map { Self.finding("e\($0).png", level: .error) }
        guard case .text(let text) = GitHubReporter().finish(Self.summary(warnings + errors)) else { Issue.record("not text"); return }
        let lines = text.split(separator: "\n").map(String.init)
        let kinds = lines.filter { $0.hasPrefix("::") }.map { $0.prefix { $0 != " " } }
        #expect(kinds.prefix(10).allSatisfy { $0 == "::error" } && kinds.dropFirst(10).prefix(3).allSatisfy { $0 == "::warning" }, "\(kinds)")
        #expect(kinds.filter { $0 == "::error" }.count == GitHubReporter.annotationsShown)
        #expect(lines.contains { $0.contains("15 error(s) not shown") }, "\(text)")
    }

    /// SARIF: one result per file and rule (four families over the cap are one alert), with a
    /// fingerprint of the rule and file that survives a change of figures.
    @Test func sarifHasOneResultPerFileAndRuleWithAStableFingerprint() throws {
        var findings: [CheckFinding] = []
        for family in [WidgetFamily.systemSmall, .systemMedium] {
            var finding = Self.finding("a.png")
            finding.family = family
            findings.append(finding)
        }
        findings.append(Self.finding("b.png"))
        guard case .document(let document) = SARIFReporter().finish(Self.summary(findings)) else { Issue.record("not a document"); return }
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as? [String: Any])
        let results = try #require(((json["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        #expect(results.count == 3, "a.png once, b.png once, the unchecked asset once")
        let prints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["widgetThumbs/v1"] }
        #expect(prints.count == 3 && Set(prints).count == 3, "\(prints)")
        let again = SARIFReporter.fingerprint(rule: "archival-cap", file: "./a.png")
        #expect(again["widgetThumbs/v1"] == prints[0], "the same rule and file give the same fingerprint")
        let message = ((results[0]["message"] as? [String: Any])?["text"] as? String) ?? ""
        #expect(message.contains("systemSmall:") && message.contains("systemMedium:"), "\(message)")
    }

    /// The JSON carries the figures as numbers, not only in the message.
    @Test func findingsCarryTheirNumbers() throws {
        let facts = ImageFacts(path: "photo.jpg", size: PixelSize(width: 4000, height: 3000), fileBytes: 2_000_000, scale: 3)
        let context = CheckContext(catalog: .builtIn, devices: WidgetCatalog.builtIn.currentDevices, families: [.systemSmall])
        let findings = CheckRules.evaluate(facts, in: context, plans: CheckPlans())
        let cap = try #require(findings.first { $0.rule == "archival-cap" }?.numbers)
        #expect(cap.pixels == [4000, 3000] && cap.scale == 3)
        let capPixels = try #require(cap.capPixels)
        #expect(capPixels < 4000 * 3000 && !cap.deviceIDs.isEmpty)
        #expect(cap.deviceIDs.allSatisfy { id in WidgetCatalog.builtIn.devices.contains { $0.id == id } })
        let memory = try #require(findings.first { $0.rule == "decoded-memory" }?.numbers)
        #expect(memory.bytes == 4000 * 3000 * 4 && memory.limitBytes != nil)
    }
}
