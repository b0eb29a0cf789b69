import WidgetThumbnails

/// What `commit` prints: the outcome, the snapshot's path and the committed image.
struct CommitReport: Encodable {
    struct Image: Encodable {
        var relativePath: String
        var checksum: String
        var byteCount: Int
        var pixelWidth: Int
        var pixelHeight: Int
        var format: String
        /// Nil for PNG (lossless).
        var quality: Double?
    }

    var outcome: CommitOutcome
    var revision: UInt64
    var snapshot: String
    var image: Image?

    init(outcome: CommitOutcome, revision: UInt64, thumbnail: Thumbnail?) {
        self.outcome = outcome
        self.revision = revision
        snapshot = LayoutPath.snapshot(revision: revision).description
        image = thumbnail.map { thumbnail in
            Image(relativePath: LayoutPath.image(revision: revision, format: thumbnail.format).description,
                  checksum: thumbnail.checksum.description, byteCount: thumbnail.bytes.count,
                  pixelWidth: thumbnail.size.width, pixelHeight: thumbnail.size.height,
                  format: thumbnail.format.rawValue, quality: thumbnail.quality)
        }
    }

    /// Every key is always present (null when absent), so programs need not guess.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcomeName, forKey: .outcome)
        try container.encode(revision, forKey: .revision)
        try container.encode(snapshot, forKey: .snapshot)
        try container.encode(image, forKey: .image)
    }

    private enum CodingKeys: String, CodingKey {
        case outcome, revision, snapshot, image
    }

    private var outcomeName: String {
        switch outcome {
        case .committed: "committed"
        case .idempotent: "idempotent"
        }
    }

    var line: String {
        var text: String
        switch outcome {
        case .committed: text = "committed revision \(revision): \(snapshot)"
        case .idempotent: text = "revision \(revision) was already committed with the same content (idempotent, nothing written): \(snapshot)"
        }
        if let image {
            text += ", \(image.relativePath) (\(image.pixelWidth)x\(image.pixelHeight), \(image.byteCount) bytes)"
        }
        return text
    }
}
