import Foundation
import Testing
import TestSupport

/// Each batch output is keyed by its own settings (`BatchSettings.fingerprint(for:)`), not the
/// run's: the other families of a run are not part of a family's key.
@Suite struct BatchOutputKeyTests {
    /// `--families small`, then `small,medium`, then `small` again on one `--out`: the second
    /// run makes the medium outputs alone, the third makes nothing. (The family set was part of
    /// every record's key, so each run redid every thumbnail.)
    @Test func aFamilyJoiningTheRunRedoesOnlyItsOutputs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (inputs, out) = (directory.file("in"), directory.file("out"))
        try BatchConcurrentRunTests.writeInputs(5, prefix: "photo", in: inputs)
        func batch(_ families: String) throws -> BatchJSON {
            let run = try WidgetThumbsBinary.run(["batch", inputs, "--out", out, "--families", families, "--json"], timeout: 300)
            #expect(run.status == 0, "\(run)")
            return try BatchJSON(run.stdout)
        }
        let first = try batch("small")
        #expect(first.summary.ok == 5)
        let smallFiles = try filesUnder(out).filter { $0.key.hasSuffix(".systemSmall.jpg") }
        #expect(smallFiles.count == 5)

        let second = try batch("small,medium")
        #expect(second.summary.total == 10)
        #expect(second.summary.skipped == 5, "\(second.summary)")
        #expect(second.summary.ok == 5, "\(second.summary)")
        #expect(second.inputs.filter { $0.status == "ok" }.allSatisfy { $0.family == "systemMedium" })
        #expect(second.inputs.filter { $0.status == "skipped" }.allSatisfy { $0.family == "systemSmall" })
        // The small thumbnails were left as they were, and each input's entries keep the families' order.
        #expect(try filesUnder(out).filter { $0.key.hasSuffix(".systemSmall.jpg") } == smallFiles)
        #expect(second.inputs.map(\.family) == Array(repeating: ["systemSmall", "systemMedium"], count: 5).flatMap { $0 })

        let third = try batch("small")
        #expect(third.summary.skipped == 5, "\(third.summary)")
        #expect(third.summary.ok == 0, "\(third.summary)")
    }
}
