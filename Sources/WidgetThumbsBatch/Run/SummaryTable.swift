import Foundation
import WidgetThumbnails

/// The human summary printed at the end of a batch (unless `--json` or `--quiet`):
///
///     status   files   bytes in  bytes out
///     ok          12     4.1 MB     1.2 MB
///     skipped      0          -          -
///     failed       5          -          -
///     total       17     4.1 MB     1.2 MB
///     slowest: photos/big.jpg, 0.84 s; wall time 2.31 s with 2 jobs
package enum SummaryTable {
    package static func text(summary: BatchSummary) -> String {
        let byteText = BatchSummary.byteText
        var rows = [["status", "files", "bytes in", "bytes out"]]
        rows.append(["ok", "\(summary.ok)", byteText(summary.madeBytesIn, summary.ok), byteText(summary.madeBytesOut, summary.ok)])
        rows.append(["skipped", "\(summary.skipped)", byteText(summary.bytesIn - summary.madeBytesIn, summary.skipped),
                     byteText(summary.bytesOut - summary.madeBytesOut, summary.skipped)])
        rows.append(["failed", "\(summary.failed)", "-", "-"])
        rows.append(["total", "\(summary.total)", byteText(summary.bytesIn, 1), byteText(summary.bytesOut, 1)])
        var lines = rows.map { row in
            row[0].padding(toLength: 8, withPad: " ", startingAt: 0)
                + row.dropFirst().map { String(repeating: " ", count: max(0, 11 - $0.count)) + $0 }.joined()
        }
        // The rows count outputs; with --families an input has several.
        var tail: [String] = summary.inputs == summary.total ? [] : [summary.countText]
        if let slowest = summary.slowest {
            tail.append("slowest: \(DisplayText.escaped(slowest.input)), " + seconds(slowest.seconds))
        }
        tail.append("wall time \(seconds(summary.wallSeconds)) with \(summary.jobs) job\(summary.jobs == 1 ? "" : "s")"
            + (summary.shard.map { ", shard \($0)" } ?? ""))
        lines.append(tail.joined(separator: "; "))
        return lines.joined(separator: "\n")
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
}
