import Foundation
import Testing
import TestSupport

/// `widget-thumbs budget` end to end: what only the command does (its arguments; a size out of
/// range against a file that cannot be opened). Its report is tested in process
/// (`Tests/WidgetRulesTests/Sizing/BudgetReportTests.swift`).
@Suite struct BudgetCommandTests {
    @Test func badArgumentsAreUsageErrorsOrFailures() throws {
        #expect(try WidgetThumbsBinary.run(["budget"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "500x375", "--family", "systemHuge"]).status == 64)
        let missing = try WidgetThumbsBinary.run(["budget", "/nonexistent/picture.jpg"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("widget-thumbs: /nonexistent/picture.jpg: I/O error"))
        #expect(try WidgetThumbsBinary.run(["budget", "500x375", "--device", "iPhone 99"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "500x375", "--platform", "tvOS"]).status == 64)
        #expect(try WidgetThumbsBinary.run(["budget", "640x640", "--entries", "0"]).status == 64)
    }
}

/// A size out of range is an invalid size (64), not a file that cannot be
/// opened (1).
@Suite struct BudgetSizeRangeTests {
    @Test(arguments: ["0x0", "99999999x99999999", "0x500", "500x65536", "-5x5"])
    func aSizeOutOfRangeIsAUsageError(size: String) throws {
        let result = try WidgetThumbsBinary.run(["budget", size])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("invalid") && !result.stderr.contains("cannot open"), "\(result.stderr)")
    }
}
