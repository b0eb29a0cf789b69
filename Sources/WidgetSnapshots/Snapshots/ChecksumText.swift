#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `sha256:<64 lower-case hex digits>` form that binds a file in JSON.
enum ChecksumText {
    static func isWellFormed(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 71, bytes.starts(with: "sha256:".utf8) else { return false }
        return bytes[7...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether `bytes` hash to `text` (a malformed `text` never matches).
    static func matches(_ bytes: some ContiguousBytes, _ text: String) -> Bool {
        isWellFormed(text) && SHA256Digest.of(bytes).description == text
    }
}
