import Foundation

/// A commit made from an original image: what the store did, and the thumbnail it committed
/// (for reports: size, bytes, format, checksum).
public struct OriginalCommit: Sendable {
    public var outcome: CommitOutcome
    public var thumbnail: Thumbnail
}

extension SnapshotStore {
    /// Thumbnails the original image at `path` with `ThumbnailPipeline(options:)` (sized for
    /// `options.family` when set), then commits it exactly as `commit(revision:payload:image:)`
    /// does: the same revision rules, the same crash-safe order.
    ///
    /// The pipeline is deterministic, so committing the same original and payload again is
    /// idempotent. An original that cannot be thumbnailed throws `StoreError.thumbnailFailed`
    /// carrying the pipeline's `ImageError` text (file, code, reason); nothing is written.
    @discardableResult
    public func commit(revision: UInt64, payload: Payload, originalAtPath path: String,
                       options: ThumbnailOptions = ThumbnailOptions(),
                       generatedAt: Date = Date()) throws(StoreError) -> OriginalCommit {
        let thumbnail = try Self.thumbnail { () throws(ImageError) in
            try ThumbnailPipeline(options: options).thumbnail(atPath: path)
        }
        return try commit(revision: revision, payload: payload, thumbnail: thumbnail, generatedAt: generatedAt)
    }

    /// The same from the original's bytes in memory; `file` only names it in errors.
    @discardableResult
    public func commit(revision: UInt64, payload: Payload, original bytes: [UInt8], file: String? = nil,
                       options: ThumbnailOptions = ThumbnailOptions(),
                       generatedAt: Date = Date()) throws(StoreError) -> OriginalCommit {
        let thumbnail = try Self.thumbnail { () throws(ImageError) in
            try ThumbnailPipeline(options: options).thumbnail(of: bytes, file: file)
        }
        return try commit(revision: revision, payload: payload, thumbnail: thumbnail, generatedAt: generatedAt)
    }

    private func commit(revision: UInt64, payload: Payload, thumbnail: Thumbnail,
                        generatedAt: Date) throws(StoreError) -> OriginalCommit {
        let outcome = try commit(revision: revision, payload: payload, image: thumbnail, generatedAt: generatedAt)
        return OriginalCommit(outcome: outcome, thumbnail: thumbnail)
    }

    /// Runs the pipeline before any lock is taken (thumbnailing can take a while; other
    /// writers should not wait for it), turning its error into the store's.
    private static func thumbnail(_ make: () throws(ImageError) -> Thumbnail) throws(StoreError) -> Thumbnail {
        do {
            return try make()
        } catch {
            throw .thumbnailFailed(error)
        }
    }
}
