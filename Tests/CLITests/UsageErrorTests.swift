import TestSupport
import Testing

/// A command line that does not fit: exit 64, nothing on stdout, and on stderr
/// `Error: ...`, the usage line, and where to find help. No work is started.
@Suite struct UsageErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var message: String
        /// The command whose help the error points to ("" for the root).
        var command: String

        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["decode", "in.jpg", "--out", "x.pam", "--bogus"], message: "Unknown option '--bogus'", command: "decode"),
        Case(arguments: ["decode", "in.jpg", "--otu", "x.pam"], message: "Unknown option '--otu'. Did you mean '--out'?", command: "decode"),
        Case(arguments: ["decode", "in.jpg", "-z"], message: "Unknown option '-z'", command: "decode"),
        Case(arguments: ["decode", "in.jpg", "--out"], message: "Missing value for '--out <file.pam>'", command: "decode"),
        Case(arguments: ["decode", "in.jpg", "--out", "--strict"], message: "Missing value for '--out <file.pam>'", command: "decode"),
        Case(arguments: ["decode", "--out", "x.pam"], message: "Missing expected argument '<file>'", command: "decode"),
        Case(arguments: ["decode", "in.jpg"], message: "Missing expected argument '--out <file.pam>'", command: "decode"),
        Case(arguments: ["decode", "a.jpg", "b.jpg", "--out", "x.pam"], message: "Unexpected argument 'b.jpg'", command: "decode"),
        Case(arguments: ["inspect"], message: "Missing expected argument '<file>'", command: "inspect"),
        Case(arguments: ["inspect", "in.jpg", "--json=yes"], message: "The flag '--json' takes no value, but was given 'yes'", command: "inspect"),
        Case(arguments: ["inspect", "in.jpg", "--box", "wide"],
             message: "The value 'wide' is invalid for '--box <WxH>': expected WIDTHxHEIGHT, such as 500x500", command: "inspect"),
        Case(arguments: ["inspect", "in.jpg", "--box=0x10"],
             message: "The value '0x10' is invalid for '--box <WxH>': expected WIDTHxHEIGHT, such as 500x500", command: "inspect"),
        Case(arguments: ["frobnicate"], message: "Unknown subcommand 'frobnicate'", command: ""),
        // No words at all is a mistake, not a request for help (it used to print help, exit 0).
        Case(arguments: [], message: "Missing subcommand", command: ""),
        // A value that starts with a minus is an invalid value, not a missing one.
        Case(arguments: ["batch", "in", "--out", "o", "--shard", "-1/2"],
             message: "The value '-1/2' is invalid for '--shard <k/n>': expected K/N with 0 <= K < N, such as 0/4, or auto, or auto/N", command: "batch"),
        // Near Int64.max used to overflow into a tiny limit (one image at a time).
        Case(arguments: ["batch", "in", "--out", "o", "--memory-limit", "9223372036854775807"],
             message: "The value '9223372036854775807' is invalid for '--memory-limit <MiB>': expected a whole number of MiB, 16-16777216",
             command: "batch"),
        Case(arguments: ["batch", "in", "--out", "o", "--memory-limit", "-5"],
             message: "The value '-5' is invalid for '--memory-limit <MiB>': expected a whole number of MiB, 16-16777216",
             command: "batch"),
        Case(arguments: ["inspct", "in.jpg"], message: "Unknown subcommand 'inspct'. Did you mean 'inspect'?", command: ""),
        Case(arguments: ["--bogus"], message: "Unknown option '--bogus'", command: ""),
        Case(arguments: ["--version", "extra"], message: "Unexpected argument 'extra'", command: ""),
        Case(arguments: ["--version", "--verbose", "extra"], message: "Unexpected argument 'extra'", command: ""),
        Case(arguments: ["--verbose"], message: "'--verbose' goes with '--version'", command: ""),
    ]

    @Test(arguments: cases)
    func usageErrorsExit64WithTheMessageUsageAndHelpPointer(_ usage: Case) throws {
        let result = try WidgetThumbsBinary.run(usage.arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 4, "\(result.stderr)")
        #expect(lines[0] == "Error: \(usage.message)")
        let path = usage.command.isEmpty ? "widget-thumbs" : "widget-thumbs \(usage.command)"
        #expect(lines[1].hasPrefix("Usage: \(path) "))
        #expect(lines[2] == "  See '\(path) --help' for more information.")
        #expect(lines[3].isEmpty)
    }

    @Test func aUsageErrorWritesNoOutputFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.write("in.jpg", [0xFF, 0xD8, 0xFF])
        let result = try WidgetThumbsBinary.run(["decode", input, "--out", directory.file("x.pam"), "--bogus"])
        #expect(result.status == 64)
        #expect(try directory.contents() == ["in.jpg"])
    }

    @Test func doubleDashEndsOptions() throws {
        // After `--`, `--json` is a file name (a missing one), not the flag: a runtime failure.
        let result = try WidgetThumbsBinary.run(["inspect", "--", "--json"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("widget-thumbs: --json: I/O error"))
    }
}
