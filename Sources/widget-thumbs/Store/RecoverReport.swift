import WidgetThumbnails

/// What `recover` prints: the outcome, the revision current.json names, and the newer
/// revisions passed over with their reasons.
struct RecoverReport: Encodable {
    struct Skipped: Encodable {
        var revision: UInt64
        var reason: String
    }

    /// `recovered`, `intact` or `empty`.
    var outcome: String
    var revision: UInt64?
    var skipped: [Skipped]

    init(_ recovery: ManifestRecovery) {
        switch recovery {
        case .intact(let revision):
            outcome = "intact"
            self.revision = revision
            skipped = []
        case .empty:
            outcome = "empty"
            revision = nil
            skipped = []
        case .recovered(let revision, let passedOver):
            outcome = "recovered"
            self.revision = revision
            skipped = passedOver.map { Skipped(revision: $0.revision, reason: $0.reason) }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(revision, forKey: .revision)
        try container.encode(skipped, forKey: .skipped)
    }

    private enum CodingKeys: String, CodingKey {
        case outcome, revision, skipped
    }

    var lines: String {
        let skippedLines = skipped.map { "skipped revision \($0.revision): \(StoreText.described($0.reason))" }
        let summary = switch (outcome, revision) {
        case ("recovered", let revision?): "recovered: current.json now names revision \(revision) (snapshots/snapshot-\(revision).json)"
        case ("intact", let revision?): "current.json is intact and names revision \(revision), complete; nothing written"
        default: "empty container: no manifest and no snapshot; nothing written"
        }
        return (skippedLines + [summary]).joined(separator: "\n")
    }
}
