import Testing
import WidgetRules
@testable import widget_thumbs

@Suite struct HelpFormatterTests {
    enum Mode: String, CaseIterable { case lenient, strict }

    static let spec = CommandSpec(
        name: "pack", abstract: "Pack things.",
        discussion: "First line.\n  indented example stays as written",
        arguments: [ArgumentSpec("items", arity: .oneOrMore, help: "Items to pack.")],
        options: [
            .value("a-really-long-option-name", valueName: "value", presence: .required,
                   help: "This description is long enough that it has to wrap onto a second line at eighty columns."),
            .choice("mode", short: "m", valueName: "mode", default: Mode.lenient, help: "Mode."),
            .flag("dry-run", help: "Do nothing."),
        ])

    @Test func helpHasTheUsualShape() {
        let text = HelpFormatter.help(for: Self.spec, path: ["tool", "pack"])
        let expected = """
            OVERVIEW: Pack things.

            First line.
              indented example stays as written

            USAGE: tool pack <items> ... --a-really-long-option-name <value> [--mode <mode>] [--dry-run]

            ARGUMENTS:
              <items>                 Items to pack.

            OPTIONS:
              --a-really-long-option-name <value>
                                      This description is long enough that it has to wrap
                                      onto a second line at eighty columns.
              -m, --mode <mode>       Mode. (values: lenient, strict; default: lenient)
              --dry-run               Do nothing.
              -h, --help              Show help information.
            """
        #expect(text == expected)
    }

    @Test func rootUsageNamesTheSubcommandOnly() {
        let root = CommandSpec(name: "tool", abstract: "A tool.", options: [.flag("version", help: "Show the version.")],
                               subcommands: [Self.spec])
        #expect(HelpFormatter.usage(for: root, path: ["tool"]) == "tool <subcommand>")
        let text = HelpFormatter.help(for: root, path: ["tool"])
        #expect(text.hasSuffix("SUBCOMMANDS:\n  pack                    Pack things.\n\n  See 'tool help <subcommand>' for detailed help."))
    }

    @Test func wrappingKeepsWordsWhole() {
        #expect(TextWrapping.lines("aa bb cc dd", width: 5) == ["aa bb", "cc dd"])
        #expect(TextWrapping.lines("averyveryverylongword x", width: 5) == ["averyveryverylongword", "x"])
        #expect(TextWrapping.lines("", width: 5) == [""])
    }

    @Test func keyValueLinesAlignTheValues() {
        let text = KeyValueLines.format([("a", "1"), ("longer key", "2")])
        #expect(text == "a:          1\nlonger key: 2")
    }
}
