import Foundation
import Testing
@testable import WidgetSnapshots

/// The SHA-256 every checksum rests on (OpenSSL's libcrypto, linked statically, off Apple platforms).
@Suite struct SHA256Tests {
    /// FIPS 180-4's examples (NIST's "SHA256.pdf", "SHA256.2.pdf") and one million "a"s.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func standardExamples(message: String, hex: String) {
        #expect(SHA256Digest.of(Array(message.utf8)).hex == hex)
    }

    /// Lengths on each side of the padding and block boundaries (55/56 bytes: the length still
    /// fits the last block or needs another), digests from Python's hashlib of
    /// `bytes(i * 7 % 256 for i in range(n))`.
    @Test(arguments: [
        (1, "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d"),
        (55, "576a1bf8d4478657e6dc4af9398544765c2a92cde28478b019235cfed315fc09"),
        (56, "9b20501dfd1d99161c257950f3444f3e49230c351c5c8e0943ef369f85f5205d"),
        (57, "a5534a9d0694341dfde5b1bb3d8addcb38bd46f44a629dc97b3f8fb2721b0720"),
        (63, "30b345906b493f06f69444b6521113511c242f30e29840462950035043682f1e"),
        (64, "d8bc63b4fc1156e5e7d95a418b9bf54cd3174bedbc2db40f74895349b229b3c0"),
        (65, "1ee23b0fbcaecc1aff4a9e8f1645f35ab2c8e13609cd73b68df8b5e3f63ce073"),
        (119, "7a6589821178918ca8d9edaba5abfc1e9b2669564f4469b66885379c1530b2c8"),
        (120, "655250427d56b1b0eeb8497d21428704273458a01772d6881b65c0abac0f8a98"),
        (127, "67d79933e3c9aa8e89f481e071cfca1e9a16c09d7263b5efa3bb01f1a9f8d065"),
        (128, "54c9eb041badfd7064645067b107661fed6113197ce2dd066ba69618abd3732f"),
        (129, "5b55715b51c54661ed0cbd75ba5b00cf1ffee3b7c113a636eca613d9425116a6"),
        (1000, "89f4ff56a25dd1db06a4ce6033603775d705fb96f30f8693733fef602a1ca532"),
    ])
    func blockBoundaries(length: Int, hex: String) {
        let bytes = (0..<length).map { UInt8($0 * 7 % 256) }
        #expect(SHA256Digest.of(bytes).hex == hex)
    }

    /// `[UInt8]`, `Data` and a `Data` slice that does not start at index 0 hash alike.
    @Test func everyContiguousFormHashesTheSame() {
        let bytes = (0..<3000).map { UInt8($0 * 7 % 256) }
        let digest = SHA256Digest.of(bytes)
        #expect(SHA256Digest.of(Data(bytes)) == digest)
        let padded = Data([0xAA, 0xBB] + bytes + [0xCC])
        #expect(SHA256Digest.of(padded[2..<3002]) == digest)
        #expect(SHA256Digest.of(Data()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
