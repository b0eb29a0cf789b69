#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(CryptoKit)
import CryptoKit
#else
import CCrypto
#endif

/// A SHA-256 digest: from CryptoKit where it exists (Apple platforms), from the CCrypto shim's
/// self-contained implementation elsewhere (loading OpenSSL's libcrypto for it cost a widget
/// extension about 1.6 MB of resident memory).
public struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// The digest of `data`.
    public static func of(_ data: some ContiguousBytes) -> SHA256Digest {
        #if canImport(CryptoKit)
        SHA256Digest(bytes: data.withUnsafeBytes { Array(CryptoKit.SHA256.hash(data: $0)) })
        #else
        var digest = [UInt8](repeating: 0, count: 32)
        data.withUnsafeBytes { buffer in
            digest.withUnsafeMutableBufferPointer { wt_sha256(buffer.baseAddress, buffer.count, $0.baseAddress!) }
        }
        return SHA256Digest(bytes: digest)
        #endif
    }

    /// Lower-case hex.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `sha256:<hex>`, the form snapshots and reports use.
    public var description: String { "sha256:\(hex)" }
}

extension SHA256Digest {
    /// The digest `sha256:<64 lower-case hex digits>` names; nil for any other text.
    public init?(text: String) {
        guard ChecksumText.isWellFormed(text) else { return nil }
        let hex = Array(text.utf8.dropFirst(7))
        func value(_ digit: UInt8) -> UInt8 { digit <= 0x39 ? digit - 0x30 : digit - 0x61 + 10 }
        self.init(bytes: stride(from: 0, to: 64, by: 2).map { value(hex[$0]) << 4 | value(hex[$0 + 1]) })
    }
}
