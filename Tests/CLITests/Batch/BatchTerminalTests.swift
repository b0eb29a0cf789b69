import Foundation
import Testing
import TestSupport

/// The progress bar: on a terminal (a pseudo-terminal here), and never in a pipe.
@Suite struct BatchTerminalTests {
    static let escape = "\u{1B}["

    @Test func progressAppearsOnATerminalWithColourUnlessNoColor() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let binary = try #require(WidgetThumbsBinary.path)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        let coloured = try PseudoTerminal.run(binary, ["batch", fixtures.folder, "--out", fixtures.root.file("a")],
                                              environment: environment)
        #expect(coloured.status == 1)
        #expect(coloured.terminal.contains("\r\(Self.escape)2K["), "\(coloured.terminal.debugDescription)")
        #expect(coloured.terminal.contains("] 13/13"), "\(coloured.terminal.debugDescription)")
        #expect(coloured.terminal.contains("\(Self.escape)32m"), "no colour: \(coloured.terminal.debugDescription)")
        // Failures are printed above the bar, one line each.
        #expect(coloured.terminal.contains("widget-thumbs: \(fixtures.path("empty.webp")): "))
        #expect(coloured.stdout.hasPrefix("status "))

        environment["NO_COLOR"] = "1"
        let plain = try PseudoTerminal.run(binary, ["batch", fixtures.folder, "--out", fixtures.root.file("b")],
                                           environment: environment)
        #expect(plain.terminal.contains("] 13/13"))
        #expect(!plain.terminal.contains("\(Self.escape)32m") && !plain.terminal.contains("\(Self.escape)31m"))

        let quiet = try PseudoTerminal.run(binary, ["batch", fixtures.folder, "--out", fixtures.root.file("c"), "--quiet"],
                                           environment: environment)
        #expect(!quiet.terminal.contains("13/13") && !quiet.terminal.contains(Self.escape))
        #expect(quiet.terminal.contains("widget-thumbs: \(fixtures.path("empty.webp")): "))
        #expect(quiet.stdout.isEmpty)
    }

    @Test func aPipeGetsNoEscapesAtAll() throws {
        let fixtures = try BatchFixtures()
        defer { fixtures.remove() }
        let result = try WidgetThumbsBinary.run(["batch", fixtures.folder, "--out", fixtures.root.file("out")], timeout: 120)
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\r"))
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("widget-thumbs: ") })
    }
}
