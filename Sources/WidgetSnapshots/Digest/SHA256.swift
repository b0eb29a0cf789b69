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

/// A SHA-256 digest: from CryptoKit where it exists (Apple platforms), from OpenSSL's
/// libcrypto elsewhere (the CCrypto shim).
public struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// The digest of `data`.
    public static func of(_ data: some ContiguousBytes) -> SHA256Digest {
        #if canImport(CryptoKit)
        SHA256Digest(bytes: data.withUnsafeBytes { Array(CryptoKit.SHA256.hash(data: $0)) })
        #else
        libcryptoDigest(of: data)
        #endif
    }

    #if !canImport(CryptoKit)
    private static func libcryptoDigest(of data: some ContiguousBytes) -> SHA256Digest {
        guard let context = wt_sha256_create() else { fatalError("libcrypto could not allocate a SHA-256 context") }
        defer { wt_sha256_destroy(context) }
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = data.withUnsafeBytes { buffer in
            wt_sha256_update(context, buffer.baseAddress, buffer.count) == 0
        } && wt_sha256_finish(context, &digest) == 0
        // libcrypto fails here only on allocation failure or a broken install.
        precondition(ok, "libcrypto SHA-256 failed")
        return SHA256Digest(bytes: digest)
    }
    #endif

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
        let bytes = Array(text.utf8)
        guard bytes.count == 71, bytes.starts(with: "sha256:".utf8),
              bytes[7...].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        let hex = Array(bytes.dropFirst(7))
        func value(_ digit: UInt8) -> UInt8 { digit <= 0x39 ? digit - 0x30 : digit - 0x61 + 10 }
        self.init(bytes: stride(from: 0, to: 64, by: 2).map { value(hex[$0]) << 4 | value(hex[$0 + 1]) })
    }
}
