import Foundation
import TestSupport
import Testing

/// Format-specific hostile inputs, made at test time (BombFixtures), run through the built binary
/// one child process each: dimension bombs for each format, chunk and profile bombs, absurd
/// chunk lengths, thousands of progressive scans, an animated WebP with a huge canvas, and
/// other formats under image extensions. Each must end in 1 s of wall time and 256 MB of peak
/// RSS, measured per child: refused (exit 1, the file and a reason on stderr, no output file)
/// or, where the file is damaged but decodable, decoded (exit 0).
@Suite struct FormatBombTests {
    enum Expected: Equatable {
        case refused(containing: String)
        /// Refused by `decode`; `inspect` reads headers only and may describe it.
        case refusedWhenDecoded(containing: String)
        case refusedOrDecoded
        case decoded
        /// Refused by `decode` as too large, the reason containing this text (our own limit), or
        /// as a corrupt image (a library that refuses the file before our limit is reached): both
        /// are safe, and both are accepted. `inspect` reads headers only and may describe it.
        case refusedWhenDecodedTooLargeOrCorrupt(tooLargeBecause: String)
    }

    struct Bomb: CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: Expected
        var description: String { name }
    }

    static func bombs() throws -> [Bomb] {
        let F = BombFixtures.self
        let progressive = try F.jpeg(progressive: true)
        let baseline = try F.jpeg(progressive: false)
        let zlib16MiB = try F.zlibBomb(megabytes: 16)
        var list: [Bomb] = [
            // PNG
            Bomb(name: "png-1000000x1000000.png", bytes: try F.png(width: 1_000_000, height: 1_000_000), expected: .refused(containing: "too large")),
            Bomb(name: "png-60000x60000.png", bytes: try F.png(width: 60_000, height: 60_000), expected: .refused(containing: "too large")),
            Bomb(name: "png-2147483647x1.png", bytes: try F.png(width: 0x7FFF_FFFF, height: 1), expected: .refused(containing: "too large")),
            Bomb(name: "png-ztxt-16MiB.png", bytes: try F.png(extra: [F.chunk("zTXt", Array("k".utf8) + [0, 0] + zlib16MiB)]), expected: .decoded),
            Bomb(name: "png-iccp-16MiB.png", bytes: try F.png(extra: [F.chunk("iCCP", Array("p".utf8) + [0, 0] + zlib16MiB)]), expected: .refusedOrDecoded),
            Bomb(name: "png-text-length-2GB.png", bytes: try F.png(extra: [F.chunk("tEXt", Array("k\0v".utf8), declaredLength: 1_979_711_491)]), expected: .refused(containing: "declares")),
            Bomb(name: "png-5000-text-chunks.png", bytes: try F.png(extra: (0..<5000).map { F.chunk("tEXt", Array("k\0\($0)".utf8)) }), expected: .decoded),
            Bomb(name: "png-exif-length-2GB.png", bytes: try F.png(extra: [F.chunk("eXIf", Array("MM\0*".utf8), declaredLength: 0x7FFF_0000)]), expected: .refused(containing: "declares")),
            // JPEG
            Bomb(name: "jpeg-65500x65500.jpg", bytes: F.withFrameSize(baseline, width: 65_500, height: 65_500), expected: .refused(containing: "too large")),
            Bomb(name: "jpeg-progressive-400-scans.jpg", bytes: F.withExtraScans(progressive, 400), expected: .refusedOrDecoded),
            // Our progress monitor stops scan 501; libjpeg may refuse the repeated scans first.
            Bomb(name: "jpeg-progressive-600-scans.jpg", bytes: F.withExtraScans(progressive, 600), expected: .refusedWhenDecodedTooLargeOrCorrupt(tooLargeBecause: "scan")),
            Bomb(name: "jpeg-progressive-5000-scans.jpg", bytes: F.withExtraScans(progressive, 5000), expected: .refusedWhenDecodedTooLargeOrCorrupt(tooLargeBecause: "scan")),
            Bomb(name: "jpeg-11000x11000-over-16x16-data.jpg", bytes: F.withFrameSize(baseline, width: 11_000, height: 11_000), expected: .refusedWhenDecoded(containing: "cannot hold")),
            // WebP
            Bomb(name: "webp-canvas-16383x16383.webp", bytes: F.riff([F.vp8x(animated: false, width: 16_383, height: 16_383), try F.vp8Frame()]), expected: .refused(containing: "too large")),
            Bomb(name: "webp-canvas-16Mi.webp", bytes: F.riff([F.vp8x(animated: false, width: 1 << 24, height: 1 << 24), try F.vp8Frame()]), expected: .refused(containing: "too large")),
            Bomb(name: "webp-animated-canvas-16Mi.webp", bytes: try F.animatedWebP(width: 1 << 24, height: 1 << 24), expected: .refused(containing: "too large")),
            Bomb(name: "webp-animated-canvas-16383.webp", bytes: try F.animatedWebP(width: 16_383, height: 16_383), expected: .refused(containing: "too large")),
            Bomb(name: "webp-animated-1000-frames.webp", bytes: try F.animatedWebP(width: 16, height: 16, frames: 1000), expected: .refusedOrDecoded),
            // Other formats behind image extensions
            Bomb(name: "gif-named.jpg", bytes: Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 64), expected: .refused(containing: "unsupported")),
            Bomb(name: "tiff-named.png", bytes: [0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 64), expected: .refused(containing: "unsupported")),
            Bomb(name: "bmp-named.webp", bytes: Array("BM".utf8) + [0xFF, 0xFF, 0xFF, 0x7F] + [UInt8](repeating: 0, count: 64), expected: .refused(containing: "unsupported")),
            Bomb(name: "heic-header-only-named.jpg", bytes: [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 16), expected: .refused(containing: "cannot read the HEIF structure")),
            Bomb(name: "svg-named.png", bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\"/>".utf8), expected: .refused(containing: "unsupported")),
        ]
        // Truncations of each format's valid file: refused, or decoded where damaged but decodable.
        for (name, file) in [("jpeg", progressive), ("png", try F.png()), ("webp", try F.animatedWebP(width: 16, height: 16))] {
            for fraction in [0.1, 0.5, 0.9] {
                list.append(Bomb(name: "\(name)-cut\(Int(fraction * 100)).\(name == "jpeg" ? "jpg" : name)",
                                 bytes: Array(file.prefix(Int(Double(file.count) * fraction))), expected: .refusedOrDecoded))
            }
        }
        return list
    }

    @Test(arguments: ["inspect", "decode"])
    func eachBombEndsQuicklyInLittleMemory(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for bomb in try Self.bombs() {
            let path = try directory.write(bomb.name, bomb.bytes)
            let out = directory.file("\(bomb.name).pam")
            let arguments = command == "decode" ? ["decode", path, "--out", out] : ["inspect", path]
            let result = try WidgetThumbsBinary.run(arguments, timeout: 20)
            #expect(result.cpuSeconds < HostileInputTests.cpuLimit, "\(bomb): \(result)")
            #expect(result.wallSeconds < HostileInputTests.hangLimit, "\(bomb): \(result)")
            #expect(result.peakRSSStaysBelow(HostileInputTests.memoryLimit), "\(bomb): \(result)")
            var expected = bomb.expected
            if case .refusedWhenDecoded(let reason) = expected {
                expected = command == "decode" ? .refused(containing: reason) : .refusedOrDecoded
            }
            if case .refusedWhenDecodedTooLargeOrCorrupt = expected, command != "decode" { expected = .refusedOrDecoded }
            switch expected {
            case .refusedWhenDecodedTooLargeOrCorrupt(let reason):
                #expect(result.status == 1, "\(bomb): \(result)")
                #expect(!FileManager.default.fileExists(atPath: out), "\(bomb)")
                // After the path, which holds the bomb's name and so maybe the very words.
                let prefix = "widget-thumbs: \(path): "
                #expect(result.stderr.hasPrefix(prefix), "\(bomb): \(result.stderr)")
                let message = result.stderr.dropFirst(prefix.count)
                #expect(message.hasPrefix("corrupt image: ") || (message.hasPrefix("too large: ") && message.contains(reason)),
                        "\(bomb): \(result.stderr)")
            case .refused(let reason), .refusedWhenDecoded(let reason):
                #expect(result.status == 1, "\(bomb): \(result)")
                #expect(result.stderr.hasPrefix("widget-thumbs: \(path): ") && result.stderr.contains(reason), "\(bomb): \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out), "\(bomb)")
            case .decoded:
                #expect(result.status == 0, "\(bomb): \(result)")
            case .refusedOrDecoded:
                #expect(result.status == 0 || (result.status == 1 && result.stderr.hasPrefix("widget-thumbs: \(path): ")), "\(bomb): \(result)")
            }
        }
    }
}
