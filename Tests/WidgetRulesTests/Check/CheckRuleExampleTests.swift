import Testing
import WidgetRules

/// Every rule is run on its own examples: a triggering one must give a finding of that rule, a
/// non-triggering one none. The examples are the rule's documentation, so they cannot drift
/// from what it does.
@Suite struct CheckRuleExampleTests {
    /// Rules with no examples, and why: the engine reports them when a read fails.
    static let withoutExamples: Set<String> = ["unreadable"]

    /// The image rules (the project rules, `CheckRules.projectRules`, have widgets as examples,
    /// tested with them).
    static var ids: [String] { CheckRules.all.map(\.description.id) }

    @Test(arguments: ids) func aRuleReportsItsTriggeringExamplesAndOnlyThose(id: String) throws {
        let rule = try #require(CheckRules.rule(id: id))
        let description = rule.description
        if !Self.withoutExamples.contains(id) {
            #expect(!description.triggeringExamples.isEmpty, "\(id) has no triggering example")
            #expect(!description.nonTriggeringExamples.isEmpty, "\(id) has no non-triggering example")
        }
        for example in description.triggeringExamples {
            let scope = CheckScope(example.facts, in: example.context, plans: CheckPlans())
            let findings = rule.evaluate(scope)
            #expect(!findings.isEmpty, "\(id) missed its example: \(example.note)")
            #expect(findings.allSatisfy { $0.rule == id && $0.file == example.facts.path }, "\(findings)")
        }
        for example in description.nonTriggeringExamples {
            let scope = CheckScope(example.facts, in: example.context, plans: CheckPlans())
            #expect(rule.evaluate(scope).isEmpty, "\(id) fired on \(example.note)")
        }
    }

    @Test func theRegistryHasOneRowPerRuleWithTheirOwnIDs() {
        let ids = CheckRules.ids
        #expect(Set(ids).count == ids.count, "an id twice: \(ids)")
        #expect(ids.count >= 8)
        for id in ids {
            #expect(!id.isEmpty && id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id) is not a kebab-case id")
        }
        for id in Self.ids { #expect(CheckRules.rule(id: id)?.description.id == id) }
        #expect(ids.contains("android-slot"), "the project rules are listed with the image rules")
        #expect(CheckRules.rule(id: "no-such-rule") == nil)
    }

    /// A 4000x4000 photo in a small widget on the default devices: over the cap, over the
    /// memory, over the bytes; not undersized, and every finding names the file.
    @Test func allRulesTogetherOnOnePhoto() {
        let facts = ImageFacts(path: "photo.jpg", size: PixelSize(width: 4000, height: 4000), fileBytes: 2_000_000)
        let context = CheckContext(catalog: .builtIn, devices: WidgetCatalog.builtIn.currentDevices, families: [.systemSmall])
        let findings = CheckRules.evaluate(facts, in: context, plans: CheckPlans())
        #expect(Set(findings.map(\.rule)) == ["archival-cap", "decoded-memory", "file-bytes"], "\(findings.map(\.rule))")
        let memory = findings.first { $0.rule == "decoded-memory" }
        // 4000 x 4000 x 4 = 64,000,000 bytes, over every platform's limit: an error.
        #expect(memory?.level == .error)
        #expect(memory?.message.contains("64,000,000 bytes") == true, "\(memory?.message ?? "")")
    }

    /// A 1x variant is not drawn on any current device (none is @1x): a note, and nothing else.
    @Test func aOneXVariantIsANoteOnly() {
        let facts = ImageFacts(path: "A.imageset/a.png", size: PixelSize(width: 4000, height: 4000), fileBytes: 900_000,
                               scale: 1, assetSet: "A.imageset")
        let context = CheckContext(catalog: .builtIn, devices: WidgetCatalog.builtIn.currentDevices)
        let findings = CheckRules.evaluate(facts, in: context, plans: CheckPlans())
        #expect(findings.map(\.rule) == ["not-drawn"])
        #expect(findings.first?.level == .note)
    }

    /// The tally counts by level and applies the config's ignores.
    @Test func theTallyCountsAndSuppresses() throws {
        let config = try CheckConfig(parsing: Array(#"{"ignore": [{"path": "a", "rule": "file-bytes", "reason": "accepted"}]}"#.utf8),
                                     file: "c.json")
        var tally = CheckTally()
        let suppressed = tally.count(CheckFinding(file: "a/x.jpg", rule: "file-bytes", level: .warning, message: "m"), config: config)
        let kept = tally.count(CheckFinding(file: "b/x.jpg", rule: "file-bytes", level: .warning, message: "m"), config: config)
        _ = tally.count(CheckFinding(file: "a/x.jpg", rule: "archival-cap", level: .error, message: "m"), config: config)
        #expect(suppressed.suppressed == "accepted")
        #expect(kept.suppressed == nil)
        #expect((tally.errors, tally.warnings, tally.suppressed) == (1, 1, 1))
    }

    /// Evidence decides the level: a small background made right for every iPhone (530 px) is
    /// only over caps nobody has logged (visionOS's, assumed) on the default devices: a warning
    /// labelled as a risk, exit 0. Named by the user (`--platform visionOS`), those caps are
    /// theirs to meet: an error.
    @Test func anAssumedCapIsARiskUnlessTheUserChoseTheDevices() throws {
        let facts = ImageFacts(path: "bg.png", size: PixelSize(width: 530, height: 530), fileBytes: 200_000)
        let devices = WidgetCatalog.builtIn.currentDevices
        let slots = devices.flatMap { row in row.slots(for: .systemSmall).map { (row, $0) } }
        let over = slots.filter { 530 * 530 > $0.1.capPixels }
        try #require(!over.isEmpty && over.allSatisfy { $0.1.capBasis == .assumed }, "the fixture needs a size over assumed caps only")
        let byDefault = CheckContext(catalog: .builtIn, devices: devices, families: [.systemSmall])
        let risk = CheckRules.evaluate(facts, in: byDefault, plans: CheckPlans()).filter { $0.rule == "archival-cap" }
        #expect(risk.count == 1 && risk.first?.level == .warning, "\(risk.map(\.level))")
        #expect(risk.first?.message.contains("assumed") == true && risk.first?.message.contains("risk") == true)

        let vision = DeviceSelection(names: [], platforms: [.visionOS], osVersion: nil)
        let chosen = CheckContext(catalog: .builtIn, devices: try WidgetCatalog.builtIn.devices(vision), selection: vision,
                                  families: [.systemSmall])
        let error = CheckRules.evaluate(facts, in: chosen, plans: CheckPlans()).filter { $0.rule == "archival-cap" }
        #expect(error.first?.level == .error, "\(error.map(\.level))")
    }
}
