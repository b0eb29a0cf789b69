import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// `check` end to end, through the binary: what only the command does (its help and usage,
/// `--families` parsed by the shared argument, a fix pasted from what it prints). Its rules,
/// run and reporters are tested in process (`Tests/WidgetRulesTests`,
/// `Tests/WidgetThumbsBatchTests/Check/`).
@Suite struct CheckCommandTests {
    static func jpeg(_ width: Int, _ height: Int) throws -> [UInt8] {
        try ImageEncoder.encode(BombFixtures.pattern(width, height), format: .jpeg, quality: 80)
    }

    static func json(_ result: ChildProcess.Result) throws -> [String: Any] {
        try #require(JSONReport.object(result.stdout), "\(result)")
    }

    @Test func helpAndUsage() throws {
        let help = try WidgetThumbsBinary.run(["check", "--help"])
        #expect(help.status == 0)
        for word in ["archival-cap", "undersized", "decoded-memory", "file-bytes", "--reporter", "sarif", "github",
                     "widget-thumbs.json", "xcassets", "--container", "--appearance", "Exit status"] {
            #expect(help.stdout.contains(word), "\(word)")
        }
        #expect(try WidgetThumbsBinary.run(["check"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["check", "x", "--reporter", "xml"]).status == 64)
    }


    /// `--families` is the shared argument: `all` works, a family given twice is checked once,
    /// and an empty list (an unset CI variable) is a usage error, never a pass.
    @Test func class5FamiliesIsTheSharedArgumentAndAnEmptyListIsRefused() throws {
        let folder = try TemporaryDirectory()
        let photo = try folder.write("photo.jpg", try Self.jpeg(3000, 3000))
        let all = try WidgetThumbsBinary.run(["check", photo, "--families", "all", "--json"])
        #expect(all.status == 1, "\(all)")
        let allFamilies = try #require(JSONReport.object(all.stdout))
        let families = Set(((allFamilies["findings"] as? [[String: Any]]) ?? []).compactMap { $0["family"] as? String })
        #expect(families.contains("accessoryCircular") && families.contains("systemLarge"), "\(families)")
        let once = try WidgetThumbsBinary.run(["check", photo, "--families", "small", "--json"])
        let twice = try WidgetThumbsBinary.run(["check", photo, "--families", "small,small,systemSmall", "--json"])
        let count = { (text: String) in (JSONReport.object(text)?["findings"] as? [[String: Any]])?.count ?? -1 }
        #expect(count(once.stdout) > 0 && count(once.stdout) == count(twice.stdout), "\(once.stdout)\n\(twice.stdout)")
        for empty in ["", ","] {
            #expect(try WidgetThumbsBinary.run(["check", photo, "--families", empty]).status == 64, "'\(empty)'")
        }
    }


    /// The fix a finding ends with, pasted from the terminal or from a pull-request annotation
    /// into `sh -c`, runs one `widget-thumbs` with the file's exact name, for names holding
    /// shell syntax, a leading dash or a control.
    @Test(arguments: ["a'b; touch PWNED #.jpg", "-o.jpg", "$(touch PWNED).jpg", "x\u{1B}[2J.jpg"])
    func class1AFixPastedFromEveryReporterRunsOneCommand(name: String) throws {
        let folder = try TemporaryDirectory()
        folder.plant("in/" + name, try Self.jpeg(3000, 3000))
        for reporter in ["text", "github"] {
            let result = try WidgetThumbsBinary.run(["check", folder.file("in"), "--family", "systemSmall", "--reporter", reporter,
                                                     "--verbose"])
            #expect(result.status == 1, "\(result)")
            // The text reporter prints the fix under the finding with --verbose; GitHub ends
            // the annotation's message with it.
            let line = try #require(result.stdout.split(separator: "\n").first {
                reporter == "text" ? $0.hasPrefix("    fix: ") : $0.contains("archival-cap")
            })
            // GitHub decodes %25, %0D and %0A in the message; the text line is printed as is.
            let message = reporter == "github"
                ? String(line).replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
                    .replacingOccurrences(of: "%25", with: "%")
                : String(line)
            let fix = try #require(message.range(of: reporter == "text" ? "fix: " : "Fix: ").map { String(message[$0.upperBound...]) })
            let stub = "stub() { echo call >> \"$D/calls\"; printf '%s\\n' \"$2\" > \"$D/source\"; }\nalias widget-thumbs=stub"
            let ran = try ChildProcess.run("/usr/bin/env", ["D=\(folder.path)", "/bin/sh", "-c", stub + "\ncd \"$D\" && " + fix])
            #expect(ran.status == 0, "\(fix)\n\(ran)")
            #expect(folder.read("calls").map { String(decoding: $0, as: UTF8.self) } == "call\n", "\(fix)")
            #expect(!folder.exists("PWNED"), "\(fix) ran a second command")
            let source = folder.read("source").map { String(decoding: $0, as: UTF8.self) }
            #expect(source == folder.file("in/" + name) + "\n", "\(fix)")
            _ = unlink(folder.file("calls"))
        }
    }
}
