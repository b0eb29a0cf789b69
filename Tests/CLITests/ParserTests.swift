import Testing
@testable import widget_thumbs

/// The parser in-process, against a spec made for the test (not a real command's), so every
/// rule is pinned down independently of what the commands happen to declare.
@Suite struct ParserTests {
    enum Fruit: String, CaseIterable { case apple, pear }

    static let input = ArgumentSpec("input", help: "An input.")
    static let rest = ArgumentSpec("more", arity: .zeroOrMore, help: "More inputs.")
    static let out = OptionSpec.value("out", short: "o", valueName: "file", presence: .required, help: "Output.")
    static let level = OptionSpec.value("level", valueName: "n", presence: .defaulted("3"), help: "Level.")
    static let tag = OptionSpec.value("tag", valueName: "name", presence: .optional, help: "A tag.")
    static let fruit = OptionSpec.choice("fruit", valueName: "fruit", default: Fruit.apple, help: "A fruit.")
    static let verbose = OptionSpec.flag("verbose", short: "v", help: "Talk.")
    static let spec = CommandSpec(name: "test", abstract: "A test command.",
                                  arguments: [input, rest], options: [out, level, tag, fruit, verbose])

    private func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        try CommandLineParser.parse(words, for: Self.spec)
    }

    @Test func readsEveryFormOfOption() throws {
        let parsed = try parse(["a", "--out", "x", "b", "--level=5", "-v", "c"])
        #expect(parsed.required(Self.input) == "a")
        #expect(parsed.values(Self.rest) == ["b", "c"])
        #expect(parsed.required(Self.out) == "x")
        #expect(parsed.value(Self.level) == "5")
        #expect(parsed.isSet(Self.verbose))
        #expect(try parse(["a", "-o", "y"]).required(Self.out) == "y")
    }

    @Test func absentOptionsFallBackToTheirDefaults() throws {
        let parsed = try parse(["a", "-o", "x"])
        #expect(parsed.value(Self.level) == "3")
        #expect(parsed.value(Self.fruit) == "apple")
        #expect(parsed.value(Self.tag) == nil)
        #expect(!parsed.isSet(Self.verbose))
        #expect(parsed.values(Self.rest).isEmpty)
    }

    @Test func aRepeatedOptionKeepsEveryValueAndTheLastWins() throws {
        let parsed = try parse(["a", "-o", "x", "--tag", "one", "--tag", "two"])
        #expect(parsed.values(Self.tag) == ["one", "two"])
        #expect(parsed.value(Self.tag) == "two")
    }

    @Test func doubleDashEndsOptionsAndDashAloneIsAnArgument() throws {
        let parsed = try parse(["-o", "x", "-", "--", "--verbose", "-o"])
        #expect(parsed.required(Self.input) == "-")
        #expect(parsed.values(Self.rest) == ["--verbose", "-o"])
        #expect(!parsed.isSet(Self.verbose))
    }

    @Test func negativeNumbersAreValuesNotOptions() throws {
        #expect(try parse(["a", "-o", "x", "--level", "-2"]).value(Self.level) == "-2")
        #expect(try parse(["-1.5", "-o", "x"]).required(Self.input) == "-1.5")
    }

    @Test func allowedValuesAreEnforcedAndListed() {
        #expect(throws: UsageError("The value 'plum' is invalid for '--fruit <fruit>'. Please provide one of 'apple', 'pear'")) {
            try parse(["a", "-o", "x", "--fruit", "plum"])
        }
    }

    @Test(arguments: [
        (["-o", "x"], "Missing expected argument '<input>'"),
        (["a"], "Missing expected argument '--out <file>'"),
        (["a", "-o"], "Missing value for '--out <file>'"),
        (["a", "-o", "-v"], "Missing value for '--out <file>'"),
        (["a", "-o", "x", "--verbose=yes"], "The flag '--verbose' takes no value, but was given 'yes'"),
        (["a", "-o", "x", "--levle", "2"], "Unknown option '--levle'. Did you mean '--level'?"),
        (["a", "-o", "x", "--zzz"], "Unknown option '--zzz'"),
        (["a", "-o", "x", "-vv"], "Unknown option '-vv'"),
    ])
    func problemsAreReportedInArgumentParserWording(words: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(words) }
    }

    @Test func extraArgumentsAreRefusedWhenNothingTakesThem() {
        let single = CommandSpec(name: "one", abstract: "One input.", arguments: [Self.input])
        #expect(throws: UsageError("Unexpected argument 'b'")) {
            try CommandLineParser.parse(["a", "b"], for: single)
        }
    }

    @Test func helpWinsUnlessAfterDoubleDash() {
        #expect(CommandLineParser.asksForHelp(["--bogus", "-h"]))
        #expect(CommandLineParser.asksForHelp(["a", "--help"]))
        #expect(!CommandLineParser.asksForHelp(["--", "--help"]))
        #expect(!CommandLineParser.asksForHelp(["a", "-hx"]))
    }

    @Test func typedValuesRejectWhatTheConverterRejects() throws {
        let parsed = try parse(["a", "-o", "x", "--level", "high"])
        #expect(throws: UsageError("The value 'high' is invalid for '--level <n>': expected a whole number")) {
            try parsed.value(Self.level, expected: "a whole number") { Int($0) }
        }
        #expect(try parse(["a", "-o", "x"]).value(Self.level, expected: "a whole number") { Int($0) } == 3)
    }

    @Test func suggestionsOnlyForCloseNames() {
        #expect(NameSuggestion.editDistance("kitten", "sitting") == 3)
        #expect(NameSuggestion.editDistance("", "abc") == 3)
        #expect(NameSuggestion.closest(to: "dcode", among: ["decode", "inspect"]) == "decode")
        #expect(NameSuggestion.closest(to: "xyz", among: ["decode", "inspect"]) == nil)
        #expect(NameSuggestion.closest(to: "ab", among: ["zz"]) == nil)
    }
}
