import Foundation
import TestSupport
import Testing

/// Inputs made to hurt, made at test time: each is refused (exit 1, the file named on
/// stderr) within 1 s of CPU time and 256 MB of peak memory, measured per child process,
/// and leaves no output. CPU time, because the shared machines' other jobs stretch wall time
/// many times over; wall time only has to stay under `hangLimit`, which a hang cannot.
/// Format-specific bombs (huge declared sizes, decompression bombs)
/// join this table from the decoders' branches.
@Suite struct HostileInputTests {
    static let cpuLimit = 1.0
    static let hangLimit = 10.0
    static let memoryLimit = 256 << 20

    static let inputs: [(name: String, bytes: [UInt8])] = [
        ("empty", []),
        ("random", randomBytes(count: 1 << 20)),
        ("text", Array(String(repeating: "hello widget\n", count: 10_000).utf8)),
        ("gif", Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array(repeating: 0, count: 64)),
        ("tiff-le", [0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0] + Array(repeating: 0xFF, count: 64)),
        ("tiff-be", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 0x08] + Array(repeating: 0xFF, count: 64)),
        ("bmp", Array("BM".utf8) + [0xFF, 0xFF, 0xFF, 0x7F] + Array(repeating: 0, count: 64)),
        ("heic", [0, 0, 0, 0x18] + Array("ftypheic".utf8) + Array(repeating: 0, count: 16)),
        ("svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\"/>".utf8)),
        // Right magic, nothing behind it: the decoders' problem, refused all the same.
        ("jpeg-soi-only", [0xFF, 0xD8, 0xFF]),
        ("jpeg-soi-then-noise", [0xFF, 0xD8, 0xFF, 0xE0] + randomBytes(count: 1 << 16, seed: 7)),
        ("png-signature-only", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ("webp-riff-only", Array("RIFF".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WEBP".utf8)),
    ]

    @Test(arguments: ["inspect", "decode"])
    func refusedQuicklyInLittleMemory(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for input in Self.inputs {
            let path = try directory.write(input.name, input.bytes)
            let out = directory.file("\(input.name).pam")
            let arguments = command == "decode" ? ["decode", path, "--out", out] : ["inspect", path]
            let result = try WidgetThumbsBinary.run(arguments, timeout: 10)
            #expect(result.status == 1, "\(input.name): \(result)")
            #expect(result.stderr.hasPrefix("widget-thumbs: \(path): "), "\(input.name): \(result.stderr)")
            #expect(result.cpuSeconds < HostileInputTests.cpuLimit, "\(input.name): \(result)")
            #expect(result.wallSeconds < HostileInputTests.hangLimit, "\(input.name): \(result)")
            #expect(result.peakRSSStaysBelow(Self.memoryLimit), "\(input.name): \(result)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        #expect(try directory.contents() == Self.inputs.map(\.name).sorted())
    }

    /// Reproducible noise (xorshift64), starting with a zero byte so it never forms a magic number.
    static func randomBytes(count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 1..<count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            bytes[index] = UInt8(truncatingIfNeeded: state)
        }
        return bytes
    }
}
