import Foundation
import Testing
@testable import WidgetSnapshots

/// The hand-made ISO 8601 reader and writer must agree with Foundation's ISO 8601 style, which
/// wrote every snapshot before them.
@Suite struct TimestampTests {
    @Test func writesWhatFoundationWrites() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            // 1900 to 2300, whole seconds, both sides of 1970.
            let seconds = Double(Int64.random(in: -2_208_988_800...10_413_792_000, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.text(date) == date.formatted(.iso8601), "\(seconds)")
            #expect(Timestamp.date(Timestamp.text(date)) == date, "\(seconds)")
        }
    }

    @Test(arguments: ["2026-11-30T12:34:56Z", "2024-02-29T00:00:00Z", "2026-11-30T12:34:56.250Z",
                      "2026-11-30T14:34:56+02:00", "2026-11-30T07:04:56-05:30", "1969-12-31T23:59:59Z"])
    func readsWhatFoundationReads(text: String) throws {
        let foundation = try (try? Date.ISO8601FormatStyle().parse(text))
            ?? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        let ours = try #require(Timestamp.date(text))
        #expect(abs(ours.timeIntervalSince(foundation)) < 0.001, "\(text)")
    }

    @Test(arguments: ["", "2026-11-30", "2026-11-30T12:34:56", "2026-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
                      "2026-11-30T24:00:00Z", "2026-11-30T12:60:00Z", "2026-11-30T12:34:56.Z", "2026-11-30 12:34:56Z",
                      "+2026-11-30T12:34:56Z", "2026-11-30T12:34:56ZZ", "2026-11-30T12:34:56+2:00", "２０２６-11-30T12:34:56Z"])
    func refusesAnythingElse(text: String) {
        #expect(Timestamp.date(text) == nil, "\(text)")
    }
}
