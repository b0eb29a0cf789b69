import Foundation
import Testing
import TestSupport
import WidgetRules

/// A printed fix is pasted into a shell: it must run exactly one `widget-thumbs` with exactly
/// the words meant, whatever the file name or catalogue id holds. Each command is run by
/// `sh -c` with a stub `widget-thumbs` on PATH that writes its arguments, NUL-separated.
@Suite struct FixCommandTests {
    /// Names a repository can hold: quotes, command separators, substitutions, options, controls,
    /// bidirectional overrides, bytes that are not UTF-8 (`RawPath` keeps them).
    static let names: [String] = [
        "plain.png",
        "with space.png",
        "a'b; touch PWNED #.png",
        "$(touch PWNED).png",
        "`touch PWNED`.png",
        "-o.png",
        "-",
        "a\"b\\c%d.png",
        "line\nbreak.png",
        "esc\u{1B}[31m.png",
        "caf\u{E9}.png",
        "rtl\u{202E}gnp.exe",
        RawPath.decode([0x63, 0x61, 0x66, 0xFF, 0x2E, 0x70, 0x6E, 0x67]),
        "dir/sub dir/x'y.png",
    ]

    /// The stub's arguments after `sh -c COMMAND`, and whether anything else ran.
    static func run(_ command: String, in directory: TemporaryDirectory) throws -> (calls: Int, arguments: [[UInt8]], pwned: Bool) {
        // The stub is a shell function behind an alias (a function name cannot hold '-' in
        // dash): an executable written by this process could be held open by a child another
        // test forks meanwhile ("text file busy").
        let stub = "stub() { echo call >> \"$STUB_DIR/calls\"; for a in \"$@\"; do printf '%s\\000' \"$a\"; done > \"$STUB_DIR/args\"; }\nalias widget-thumbs=stub"
        let result = try ChildProcess.run("/usr/bin/env", ["STUB_DIR=\(directory.path)", "PATH=/usr/bin:/bin", "/bin/sh", "-c",
                                                           stub + "\ncd \"$STUB_DIR\" && " + command])
        #expect(result.status == 0, "\(result)")
        let calls = directory.read("calls").map { String(decoding: $0, as: UTF8.self).split(separator: "\n").count } ?? 0
        let bytes = directory.read("args") ?? []
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
        return (calls, arguments, directory.exists("PWNED"))
    }

    /// The words the stub should receive: the command's words after the program, each as its bytes.
    static func expected(_ fix: FixCommand) -> [[UInt8]] {
        fix.words.dropFirst().map { word in
            switch word {
            case .literal(let text), .placeholder(let text): RawPath.encode(text)
            case .path(let path): RawPath.encode(path.hasPrefix("-") ? "./" + path : path)
            }
        }
    }

    @Test(arguments: names) func class1APastedFixRunsExactlyTheWordsMeant(name: String) throws {
        // The in-place fix names the file twice, the larger-original one once.
        for fix in [FixCommand.inPlace(name, maxSide: 530, maxBytes: 300_000), FixCommand.fromLargerOriginal(to: name, maxSide: 530)] {
            try Self.expectRunsExactly(fix, name: name, in: try TemporaryDirectory())
        }
    }

    static func expectRunsExactly(_ fix: FixCommand, name: String, in directory: TemporaryDirectory) throws {
        let text = fix.description
        // What is printed shows no control and no raw byte: the terminal and an annotation
        // show the command as it runs.
        #expect(!text.unicodeScalars.contains { DisplayText.controlsTerminal($0) || RawPath.escapedByte($0) != nil }, "\(text)")
        let ran = try Self.run(text, in: directory)
        #expect(ran.calls == 1, "\(text)")
        #expect(!ran.pwned, "\(text) ran a second command")
        let expected = Self.expected(fix)
        let strippedTrailingLineFeed = name.hasSuffix("\n")
        if !strippedTrailingLineFeed {
            #expect(ran.arguments == expected, "\(text)")
        }
        // A path starting with '-' is never an option or standard input.
        #expect(ran.arguments.count > 1 && ran.arguments[1].first != UInt8(ascii: "-"), "\(text)")
    }

    @Test func plainWordsStayBareAndOthersAreQuoted() {
        #expect(FixCommand.quoted("App/Assets.xcassets/a@3x.png") == "App/Assets.xcassets/a@3x.png")
        #expect(FixCommand.quoted("a b") == "'a b'")
        #expect(FixCommand.quoted("a'b") == "'a'\\''b'")
        #expect(FixCommand.quoted("") == "''")
        #expect(FixCommand.quoted("e\u{1B}") == "\"$(printf 'e\\033')\"")
    }
}
