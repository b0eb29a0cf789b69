#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One committed revision as a reader sees it: the app's payload and, optionally, the image
/// it binds by relative path and checksum.
public struct Snapshot<Payload: Sendable>: Sendable {
    /// The revision: what the revision rules compare.
    public var revision: UInt64
    /// When the app made it (the writer's clock); freshness is measured from here.
    public var generatedAt: Date
    /// The app's own value.
    public var payload: Payload
    /// The image the snapshot binds, if any.
    public var image: ImageReference?

    /// A snapshot as a reader returns it.
    public init(revision: UInt64, generatedAt: Date, payload: Payload, image: ImageReference?) {
        self.revision = revision
        self.generatedAt = generatedAt
        self.payload = payload
        self.image = image
    }
}

extension Snapshot: Equatable where Payload: Equatable {}

extension Snapshot {
    /// `generatedAt` as ISO 8601 in UTC with whole seconds (`2026-11-30T12:00:00Z`), made
    /// without Foundation's date formatting, which costs a widget-side reader about 1 MB.
    public var generatedAtText: String { Timestamp.text(generatedAt) }
}

/// How a snapshot names its image. Fields are exactly as they appear in the JSON; the reader
/// validates them (grammar, revision, format) before it opens anything.
public struct ImageReference: Sendable, Equatable, Codable {
    /// `images/thumbnail-<rev>.<ext>`, as the snapshot's JSON says (checked before use).
    public var relativePath: String
    /// The SHA-256 of the file's bytes. A hostile file may hold any text here: it reads as
    /// `.unrecognized` and the reader reports the image as corrupt.
    public var checksum: ImageChecksum
    /// The file's size in bytes.
    public var byteCount: Int
    /// Upright pixel width, for the widget's layout.
    public var pixelWidth: Int
    /// Upright pixel height.
    public var pixelHeight: Int
    /// The encoded format; the path's extension must match it.
    public var format: StoredFormat

    /// A reference as it appears in the JSON.
    public init(relativePath: String, checksum: ImageChecksum, byteCount: Int, pixelWidth: Int, pixelHeight: Int, format: StoredFormat) {
        self.relativePath = relativePath
        self.checksum = checksum
        self.byteCount = byteCount
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.format = format
    }

    /// The reference a commit of `image` at `revision` writes.
    init(image: StoredImage, revision: UInt64) {
        self.init(relativePath: LayoutPath.image(revision: revision, format: image.format).description,
                  checksum: .sha256(image.checksum), byteCount: image.bytes.count,
                  pixelWidth: image.pixelSize.width, pixelHeight: image.pixelSize.height, format: image.format)
    }

    /// The checked layout path: the grammar, the snapshot's revision, an extension matching `format`.
    func layoutPath(revision: UInt64) throws(ConfinementError) -> LayoutPath {
        let path = try LayoutPath(parsing: relativePath)
        guard case .image(let pathRevision, let pathFormat) = path else {
            throw .invalidPath(relativePath, "an image must live in images/")
        }
        guard pathRevision == revision else {
            throw .invalidPath(relativePath, "names revision \(pathRevision) in snapshot \(revision)")
        }
        guard pathFormat == format else {
            throw .invalidPath(relativePath, "the extension does not match the format \(format.rawValue)")
        }
        return path
    }

    /// Hand-written JSON in the documented key order (every field is ASCII by construction: a
    /// commit writes only references it made, whose checksum is always `.sha256`).
    var encoded: String {
        "{\"relativePath\":\"\(relativePath)\",\"checksum\":\"\(checksum)\",\"byteCount\":\(byteCount),"
            + "\"pixelWidth\":\(pixelWidth),\"pixelHeight\":\(pixelHeight),\"format\":\"\(format.rawValue)\"}"
    }
}
