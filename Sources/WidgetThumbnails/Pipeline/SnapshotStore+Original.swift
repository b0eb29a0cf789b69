#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WidgetSnapshots

/// A commit made from an original image: what the store did, and the thumbnail it committed
/// (for reports: size, bytes, format, checksum).
public struct OriginalCommit: Sendable {
    /// What the store did: committed, or idempotent.
    public var outcome: CommitOutcome
    /// The thumbnail that was committed.
    public var thumbnail: Thumbnail
}

/// Why a commit from an original did not happen: the original could not be thumbnailed
/// (nothing was locked or written), or the store refused or failed the commit.
public enum OriginalCommitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pipeline's error, with its code and file.
    case thumbnail(ImageError)
    /// The store's error: stale, conflict, lock timeout, I/O, ...
    case store(StoreError)

    /// The underlying error's own description.
    public var description: String {
        switch self {
        case .thumbnail(let error): error.description
        case .store(let error): error.description
        }
    }
}

extension SnapshotStore {
    /// Thumbnails the original image at `path` with `ThumbnailPipeline(options:)` (sized for
    /// `options.family` when set), then commits its `storedImage` exactly as
    /// `commit(revision:payload:image:)` does: the same revision rules, the same crash-safe order.
    /// This is the only place where the pipeline and the store meet.
    ///
    /// The pipeline is deterministic, so committing the same original and payload again is
    /// idempotent. An original that cannot be thumbnailed throws `.thumbnail` with the
    /// pipeline's `ImageError` (file, code, reason); nothing is written.
    @discardableResult
    public func commit(revision: UInt64, payload: Payload, originalAtPath path: String,
                       options: ThumbnailOptions = ThumbnailOptions(),
                       generatedAt: Date = Date()) throws(OriginalCommitError) -> OriginalCommit {
        let thumbnail = try Self.thumbnail { () throws(ImageError) in
            try ThumbnailPipeline(options: options).thumbnail(.path(path))
        }
        return try commit(revision: revision, payload: payload, thumbnail: thumbnail, generatedAt: generatedAt)
    }

    /// The same from the original's bytes in memory; `file` only names it in errors.
    @discardableResult
    public func commit(revision: UInt64, payload: Payload, original bytes: [UInt8], file: String? = nil,
                       options: ThumbnailOptions = ThumbnailOptions(),
                       generatedAt: Date = Date()) throws(OriginalCommitError) -> OriginalCommit {
        let thumbnail = try Self.thumbnail { () throws(ImageError) in
            try ThumbnailPipeline(options: options).thumbnail(.bytes(bytes), file: file)
        }
        return try commit(revision: revision, payload: payload, thumbnail: thumbnail, generatedAt: generatedAt)
    }

    private func commit(revision: UInt64, payload: Payload, thumbnail: Thumbnail,
                        generatedAt: Date) throws(OriginalCommitError) -> OriginalCommit {
        do {
            let outcome = try commit(revision: revision, payload: payload, image: thumbnail.storedImage,
                                     generatedAt: generatedAt)
            return OriginalCommit(outcome: outcome, thumbnail: thumbnail)
        } catch {
            throw .store(error)
        }
    }

    /// Runs the pipeline before any lock is taken (thumbnailing can take a while; other
    /// writers should not wait for it).
    private static func thumbnail(_ make: () throws(ImageError) -> Thumbnail) throws(OriginalCommitError) -> Thumbnail {
        do {
            return try make()
        } catch {
            throw .thumbnail(error)
        }
    }
}
