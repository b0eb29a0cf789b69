#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a snapshot binds its image's bytes: `sha256:<64 lower-case hex digits>` in the JSON.
///
/// A snapshot read from disk may hold any text there (a damaged or hostile file). That text
/// is kept, not refused, so the snapshot still reads and its image is reported as corrupt
/// with the text in the reason; it never matches any bytes.
public enum ImageChecksum: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The SHA-256 of the image file's bytes.
    case sha256(SHA256Digest)
    /// Text that is not a well-formed `sha256:` checksum, exactly as the snapshot holds it.
    case unrecognized(String)

    /// The checksum `text` spells: `.sha256` when it is well formed, `.unrecognized` otherwise.
    public init(text: String) {
        self = SHA256Digest(text: text).map(Self.sha256) ?? .unrecognized(text)
    }

    /// The digest; nil for unrecognised text.
    public var digest: SHA256Digest? {
        guard case .sha256(let digest) = self else { return nil }
        return digest
    }

    /// Whether `bytes` hash to this checksum (unrecognised text matches nothing).
    func matches(_ bytes: some ContiguousBytes) -> Bool {
        digest == SHA256Digest.of(bytes)
    }

    /// The JSON text: `sha256:<hex>`, or the unrecognised text as it was read.
    public var description: String {
        switch self {
        case .sha256(let digest): digest.description
        case .unrecognized(let text): text
        }
    }

    /// Reads the JSON string; any string is accepted (see `unrecognized`).
    public init(from decoder: any Decoder) throws {
        self.init(text: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the JSON string, `description`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
