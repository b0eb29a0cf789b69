import WidgetThumbnails

/// What `gc` prints: the revisions kept, the files removed, and those left for later.
struct GCReport: Encodable {
    var keptRevisions: [UInt64]
    var deleted: [String]
    var deferred: [String]

    init(_ report: GarbageCollectionReport) {
        keptRevisions = report.keptRevisions
        deleted = report.deleted
        deferred = report.deferred
    }

    var lines: String {
        let kept = keptRevisions.isEmpty ? "none (nothing committed)" : keptRevisions.map(String.init).joined(separator: ", ")
        var lines = ["kept revisions: \(kept)"]
        lines += deleted.map { "deleted: \(StoreText.shown($0))" }
        lines += deferred.map { "deferred: \(StoreText.shown($0)) (younger than the grace period)" }
        lines.append("\(deleted.count) deleted, \(deferred.count) deferred")
        return lines.joined(separator: "\n")
    }
}
