#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An encoded image as the store commits it: the file's bytes, their format and pixel size,
/// and their SHA-256. Every field is a constant set once by `init`, so the checksum always
/// describes these bytes (it cannot go stale the way two independent `var`s could).
///
/// The store never decodes: it checks the format by its magic bytes and binds the bytes by
/// their checksum. Making the image (decoding, resizing, encoding) is `WidgetThumbnails`' job.
public struct StoredImage: Sendable, Equatable {
    /// The encoded file (JPEG, PNG or WebP), exactly as it will be written.
    public let bytes: [UInt8]
    /// The encoded format; the bytes' magic must say the same.
    public let format: StoredFormat
    /// Upright pixel size, recorded in the snapshot for the widget's layout.
    public let pixelSize: PixelSize
    /// SHA-256 of `bytes`, computed here.
    public let checksum: SHA256Digest

    /// Computes the checksum of `bytes` once, here.
    public init(bytes: [UInt8], format: StoredFormat, pixelSize: PixelSize) {
        self.bytes = bytes
        self.format = format
        self.pixelSize = pixelSize
        checksum = SHA256Digest.of(bytes)
    }

    /// The same from `Data` (what an app usually holds).
    public init(data: Data, format: StoredFormat, pixelSize: PixelSize) {
        self.init(bytes: [UInt8](data), format: format, pixelSize: pixelSize)
    }

    /// The format named by the bytes' own magic, when it is one the store keeps.
    public var sniffedFormat: StoredFormat? { StoredFormat(magicBytesOf: bytes) }
}
