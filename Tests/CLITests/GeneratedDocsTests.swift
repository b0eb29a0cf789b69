import Foundation
import Testing
import TestSupport
import WidgetThumbnails
@testable import widget_thumbs

/// The shells and groff that check the generated texts: found on PATH; where one is missing its
/// tests skip with a message, except under CI (the CI environment variable), where they run and
/// fail (scripts/install-deps.sh installs them).
enum DocsTools {
    static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return (directories + ["/usr/bin", "/bin"]).map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func shouldRun(_ name: String) -> Bool { path(name) != nil || ProcessInfo.processInfo.environment["CI"] != nil }

    static func require(_ name: String) throws -> String {
        try #require(path(name), "\(name) is not installed and CI is set: scripts/install-deps.sh installs it")
    }

    /// A spec whose every text is hostile to a shell script or to roff: quotes, a backslash,
    /// a command substitution, a leading dot and apostrophe, a line break, non-ASCII.
    static let hostile = CommandSpec(
        name: "widget-thumbs", abstract: "It's a \"tool\" with `back` ticks and $(touch pwned) in it.",
        discussion: ".TH not a request\n'also not a request\n  indented: \\fB not bold\\fR and \\\\ two backslashes",
        options: [.flag("version", help: "Show the version.")],
        subcommands: [CommandSpec(
            name: "odd", abstract: ".SH a dot first; a colon: here [and brackets]",
            arguments: [ArgumentSpec("file", help: "'quoted' file\\name")],
            options: [
                .value("mode", valueName: "m:o[d]e", presence: .optional, allowedValues: ["it's", "a b", "$(touch pwned)", "x:y"],
                       help: "Choose: 'it's' or \"a b\"; \\ backslash. Second sentence."),
                .value("out", short: "o", valueName: "dir", presence: .required, help: "Café — naïve ✓."),
                .flag("dry-run", help: "A ; B & C | D > E"),
            ])])
}

/// `--generate-completion-script bash|zsh|fish`: each shell's own syntax check passes on the
/// real commands' script and on a hostile spec's, and bash and fish complete from them what
/// the specs declare.
@Suite struct CompletionScriptTests {
    static let commands = WidgetThumbs.documentedCommands

    /// The script written to a file, through the binary (the text a user installs).
    private func scriptFile(_ shell: String, in directory: TemporaryDirectory) throws -> String {
        let result = try WidgetThumbsBinary.run(["--generate-completion-script", shell])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return try directory.write("widget-thumbs.\(shell)", Array(result.stdout.utf8))
    }

    /// `shell -n` passes on the binary's script and on the hostile spec's.
    private func syntaxChecks(_ shell: CompletionScript.Shell) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = [try scriptFile(shell.rawValue, in: directory),
                     try directory.write("hostile.\(shell)", Array(hostileScript(shell).utf8))]
        for file in files {
            let run = try ChildProcess.run(try DocsTools.require(shell.rawValue), ["-n", file])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(shell) -n \(file): \(run)")
        }
    }

    @Test(.enabled(if: DocsTools.shouldRun("bash"), "skipped: bash is not installed"))
    func bashScriptPassesBashN() throws { try syntaxChecks(.bash) }

    @Test(.enabled(if: DocsTools.shouldRun("zsh"), "skipped: zsh is not installed (apt-get install zsh)"))
    func zshScriptPassesZshN() throws { try syntaxChecks(.zsh) }

    @Test(.enabled(if: DocsTools.shouldRun("fish"), "skipped: fish is not installed (apt-get install fish)"))
    func fishScriptPassesFishN() throws { try syntaxChecks(.fish) }

    private func hostileScript(_ shell: CompletionScript.Shell) -> String {
        CompletionScript.script(for: shell, root: DocsTools.hostile, commands: DocsTools.hostile.subcommands)
    }

    /// What bash's completion function offers for `words` (the last one being completed), in
    /// a bash that sourced `script`, run in `directory`.
    private func bashCompletions(_ script: String, _ words: [String], in directory: TemporaryDirectory) throws -> [String] {
        let file = try directory.write("completion-\(UUID().uuidString).bash", Array(script.utf8))
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            cd \(directory.path) && source \(file) && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) \
            && { _widget_thumbs; printf '%s\\n' "${COMPREPLY[@]}"; }
            """
        let run = try ChildProcess.run(try DocsTools.require("bash"), ["-c", program])
        #expect(run.status == 0, "\(run)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: DocsTools.shouldRun("bash"), "skipped: bash is not installed"))
    func bashCompletesCommandsOptionsValuesAndFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let script = CompletionScript.script(for: .bash, root: WidgetThumbs.spec, commands: Self.commands)
        _ = try directory.write("photo one.jpg", [0])
        try FileManager.default.createDirectory(atPath: directory.file("thumbs"), withIntermediateDirectories: true)

        #expect(try bashCompletions(script, ["widget-thumbs", "b"], in: directory) == ["batch", "budget"])
        #expect(try bashCompletions(script, ["widget-thumbs", "--gen"], in: directory)
                == ["--generate-completion-script", "--generate-manual"])
        #expect(try bashCompletions(script, ["widget-thumbs", "--generate-completion-script", ""], in: directory)
                == ["bash", "zsh", "fish"])
        #expect(try bashCompletions(script, ["widget-thumbs", "help", "th"], in: directory) == ["thumbnail"])
        // Option values from where they are declared: formats, platforms, families.
        #expect(try bashCompletions(script, ["widget-thumbs", "batch", "--format", ""], in: directory)
                == OutputFormat.allCases.map(\.rawValue))
        #expect(try bashCompletions(script, ["widget-thumbs", "batch", "--platform", ""], in: directory)
                == WidgetPlatforms.names)
        #expect(WidgetPlatforms.names == Platform.allCases.map(\.rawValue) + ["android"])
        #expect(try bashCompletions(script, ["widget-thumbs", "thumbnail", "--family", "accessoryCi"], in: directory)
                == ["accessoryCircular"])
        #expect(try bashCompletions(script, ["widget-thumbs", "batch", "--families", "a"], in: directory).contains("all"))
        // Files and folders: a name with a space comes back whole.
        #expect(try bashCompletions(script, ["widget-thumbs", "inspect", "ph"], in: directory) == ["photo one.jpg"])
        #expect(try bashCompletions(script, ["widget-thumbs", "batch", "x.jpg", "--out", ""], in: directory) == ["thumbs"])
        #expect(try bashCompletions(script, ["widget-thumbs", "batch", "--out", "=", ""], in: directory) == ["thumbs"])
        // Options of the command, -h and --help among them.
        let options = try bashCompletions(script, ["widget-thumbs", "decode", "-"], in: directory)
        #expect(Set(options) == Set(["--out", "-o", "--strict", "--help", "-h"]), "\(options)")
    }

    @Test(.enabled(if: DocsTools.shouldRun("bash"), "skipped: bash is not installed"))
    func bashOffersHostileValuesAsTheyAreAndRunsNone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let script = CompletionScript.script(for: .bash, root: DocsTools.hostile, commands: DocsTools.hostile.subcommands)
        #expect(try bashCompletions(script, ["widget-thumbs", "odd", "--mode", ""], in: directory)
                == ["it's", "a b", "$(touch pwned)", "x:y"])
        #expect(!FileManager.default.fileExists(atPath: directory.file("pwned")))
    }

    @Test(.enabled(if: DocsTools.shouldRun("fish"), "skipped: fish is not installed (apt-get install fish)"))
    func fishCompletesCommandsOptionsAndValues() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func complete(_ script: String, _ line: String) throws -> [String] {
            let file = try directory.write("completion-\(UUID().uuidString).fish", Array(script.utf8))
            let run = try ChildProcess.run(try DocsTools.require("fish"),
                                           ["--no-config", "-c", "cd \(directory.path); source \(file); complete -C '\(line)'"])
            #expect(run.status == 0, "\(run)")
            // Each line is a candidate, a tab, its description.
            return run.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        let script = CompletionScript.script(for: .fish, root: WidgetThumbs.spec, commands: Self.commands)
        #expect(try complete(script, "widget-thumbs b").sorted() == ["batch", "budget"])
        #expect(try complete(script, "widget-thumbs batch --format ").sorted() == OutputFormat.allCases.map(\.rawValue).sorted())
        #expect(Set(try complete(script, "widget-thumbs decode --")).isSuperset(of: ["--out", "--strict", "--help"]))
        let hostile = CompletionScript.script(for: .fish, root: DocsTools.hostile, commands: DocsTools.hostile.subcommands)
        #expect(try complete(hostile, "widget-thumbs odd --mode ").sorted() == ["$(touch pwned)", "a b", "it's", "x:y"])
        #expect(!FileManager.default.fileExists(atPath: directory.file("pwned")))
    }

    @Test(arguments: [
        (["--generate-completion-script", "tcsh"], "Please provide one of 'bash', 'zsh', 'fish'"),
        (["--generate-completion-script"], "Missing value for '--generate-completion-script <shell>'"),
        (["--generate-manual", "--generate-completion-script", "bash"], "print one text each; choose one"),
        (["--generate-manual", "extra"], "Unexpected argument 'extra'"),
        (["--generate-manul"], "Unknown option '--generate-manul'. Did you mean '--generate-manual'?"),
    ])
    func generatorMisuseIsAUsageError(arguments: [String], message: String) throws {
        let result = try WidgetThumbsBinary.run(arguments)
        #expect(result.status == 64 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// Every command and every spelling of every option is in each script: nothing is listed by
    /// hand, so an option added to a spec is completed.
    @Test(arguments: CompletionScript.Shell.allCases)
    func everyCommandAndOptionIsInTheScript(shell: CompletionScript.Shell) {
        let script = CompletionScript.script(for: shell, root: WidgetThumbs.spec, commands: Self.commands)
        for command in Self.commands {
            #expect(script.contains("'\(command.name)"), "\(shell): \(command.name)")
            for option in command.options {
                let spelt = shell == .fish ? "-l '\(option.name)'" : "'\(option.longForm)"
                #expect(script.contains(spelt) || script.contains("'*\(option.longForm)"), "\(shell): \(command.name) \(option.longForm)")
            }
        }
    }
}

/// `--generate-manual`: groff renders it with no warning, and it names every command and
/// every option as help does; texts that look like roff stay text.
@Suite(.enabled(if: DocsTools.shouldRun("groff"), "skipped: groff is not installed (apt-get install groff)"))
struct ManualPageTests {
    /// groff's rendering for a UTF-8 terminal, as man shows it, with its minus signs and
    /// typewriter quotes read back as ASCII.
    private func render(_ page: String) throws -> (text: String, warnings: String) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("widget-thumbs.1", Array(page.utf8))
        let run = try ChildProcess.run(try DocsTools.require("groff"), ["-ww", "-man", "-Tutf8", file])
        #expect(run.status == 0, "\(run)")
        // Drop the terminal's bold and underline overstrikes (x BACKSPACE x, _ BACKSPACE x).
        var text = ""
        for character in run.stdout {
            if character == "\u{8}" { text.removeLast() } else { text.append(character) }
        }
        text = text.replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: "\u{2010}", with: "-")
        return (text, run.stderr)
    }

    @Test func theManualRendersWithoutWarningsAndNamesEveryCommandAndOption() throws {
        let result = try WidgetThumbsBinary.run(["--generate-manual"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasPrefix(".\\\""))
        let (text, warnings) = try render(result.stdout)
        #expect(warnings.isEmpty, "groff -ww: \(warnings)")
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("NAME widget-thumbs - Small, upright, colour-correct thumbnails for iOS widgets."))
        // Help's <value> is the page's italic value.
        func shown(_ text: String) -> String { text.replacingOccurrences(of: "<", with: "").replacingOccurrences(of: ">", with: "") }
        for command in WidgetThumbs.documentedCommands {
            #expect(flat.contains(shown(HelpFormatter.usage(for: command, path: ["widget-thumbs", command.name]))), "\(command.name)")
            for option in command.options + [.helpFlag] {
                #expect(flat.contains(shown(option.label)), "\(command.name) \(option.label)")
            }
        }
        for option in WidgetThumbs.spec.options { #expect(flat.contains(shown(option.label))) }
        #expect(flat.contains("--generate-completion-script shell"))
    }

    @Test func hostileTextsStayText() throws {
        let page = ManualPage.page(root: DocsTools.hostile, commands: DocsTools.hostile.subcommands, version: "1.0")
        let (text, warnings) = try render(page)
        #expect(warnings.isEmpty, "groff -ww: \(warnings)")
        func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for line in [".TH not a request", "'also not a request", "indented: \\fB not bold\\fR and \\\\ two backslashes",
                     "It's a \"tool\" with `back` ticks and $(touch pwned) in it.", ".SH a dot first; a colon: here [and brackets]",
                     "'quoted' file\\name", "Choose: 'it's' or \"a b\"; \\ backslash.", "Café — naïve ✓.", "A ; B & C | D > E"] {
            #expect(flat(text).contains(flat(line)), "missing \(line)")
        }
    }
}
