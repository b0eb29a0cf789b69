import Foundation
import Testing
import WidgetThumbnails

/// File names can hold newlines and escape sequences; printed raw they forge lines ("ok",
/// "clean") or drive the terminal. Human output escapes them: one input, one line.
@Suite struct TerminalInjectionTests {
    static let forged = "x\n\u{1B}[1A\u{1B}[2Kwidget-thumbs: all clean\u{07}.jpg"

    @Test func batchFailureLinesStayOneLineEach() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: false)
        try directory.write("in/" + Self.forged, Array("not an image".utf8))
        let result = try WidgetThumbsBinary.run(["batch", directory.file("in"), "--out", directory.file("out")])
        #expect(result.status == 1, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.stderr.contains("x\\u{a}\\u{1b}[1A\\u{1b}[2Kwidget-thumbs: all clean\\u{7}.jpg: unsupported format"),
                "\(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func inspectAndUsageErrorsEscapeToo() throws {
        let missing = try WidgetThumbsBinary.run(["inspect", "/nonexistent/" + Self.forged])
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        let usage = try WidgetThumbsBinary.run(["frob\n\u{1B}[31m"])
        #expect(usage.status == 64)
        #expect(!usage.stderr.unicodeScalars.contains { $0.value == 0x1B })
    }
}
