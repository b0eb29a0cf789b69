import Foundation
import Testing
import TestSupport

/// Hostile HEIF files, made at test time (HEIFBoxFixtures) or cut from the corpus, through the built
/// binary one child process each: every one refused with a named reason (or, for the cuts
/// libheif can still read, decoded) within 1 s and 256 MB, never a hang or a crash.
///
/// Where our own checks refuse a file, the test holds us to our words. Where libheif decides
/// (its parser or its decoder), only our safety property is asserted: refused, the file named,
/// nothing written. libheif's words and error classes change with Debian's security updates.
@Suite struct HEIFHostileTests {
    enum Outcome {
        /// Refused by our checks, with a reason that contains this text.
        case refusedBecause(String)
        /// Refused by libheif: the file named, any reason.
        case refusedByLibheif
        /// A picture or a refusal naming the file, whichever the installed libheif gives.
        case pictureOrRefusal
    }

    struct Case: CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expect: Outcome
        /// Refused by `decode` only: `inspect` reads the boxes and may describe it.
        var whenDecoded = false
        var description: String { name }
    }

    static func forged() -> [Case] {
        typealias F = HEIFBoxFixtures
        let tile = F.Item(id: 1)
        let header = F.box("ftyp", Array("heic".utf8) + F.u32(0) + Array("mif1heic".utf8))
        let valid = F.file(items: [tile], primary: 1)
        var cases = [
            Case(name: "empty.heic", bytes: [], expect: .refusedBecause("empty file")),
            Case(name: "ftyp-only.heic", bytes: header, expect: .refusedByLibheif),
            Case(name: "ftyp-then-noise.jpg", bytes: header + HostileInputTests.randomBytes(count: 1 << 16, seed: 11), expect: .refusedByLibheif),
            Case(name: "ispe-60000x60000.heic", bytes: F.file(items: [F.Item(id: 1, width: 60_000, height: 60_000)], primary: 1),
                 expect: .refusedBecause("too large")),
            Case(name: "ispe-70000x16.heic", bytes: F.file(items: [F.Item(id: 1, width: 70_000, height: 16)], primary: 1),
                 expect: .refusedByLibheif),
            // Within the pixel limit, with four bytes of coded data: libheif's decoder refuses it.
            Case(name: "ispe-10000x10000-over-4-bytes.heic",
                 bytes: F.file(items: [F.Item(id: 1, width: 10_000, height: 10_000)], primary: 1), expect: .refusedByLibheif,
                 whenDecoded: true),
            Case(name: "grid-5000-tiles.heic",
                 bytes: F.file(items: [F.Item(id: 1, type: "grid")], primary: 1,
                               references: [.init("dimg", from: 1, to: (2...5001).map { UInt16($0) })]),
                 expect: .refusedBecause("5000 tiles")),
            Case(name: "grid-1000000-tiles.heic",
                 bytes: F.file(items: [F.Item(id: 1, type: "grid")], primary: 1,
                               references: [.init("dimg", from: 1, to: (0..<1_000_000).map { UInt16(truncatingIfNeeded: $0 % 60_000 + 2) })]),
                 expect: .refusedBecause("too large")),
            Case(name: "iloc-extent-past-the-end.heic", bytes: F.file(items: [tile], primary: 1, extentShift: 1 << 24),
                 expect: .refusedByLibheif),
            Case(name: "dimg-loop.heic",
                 bytes: F.file(items: [F.Item(id: 1, type: "grid"), F.Item(id: 2, type: "grid")], primary: 1,
                               references: [.init("dimg", from: 1, to: [2]), .init("dimg", from: 2, to: [1])]),
                 expect: .refusedBecause("reference loop")),
            Case(name: "dimg-self.heic",
                 bytes: F.file(items: [F.Item(id: 1, type: "grid")], primary: 1, references: [.init("dimg", from: 1, to: [1])]),
                 expect: .refusedBecause("reference loop")),
            Case(name: "auxl-loop.heic",
                 bytes: F.file(items: [tile, F.Item(id: 2)], primary: 1,
                               references: [.init("auxl", from: 2, to: [1]), .init("auxl", from: 1, to: [2])]),
                 expect: .refusedBecause("reference loop")),
            Case(name: "thmb-loop.heic",
                 bytes: F.file(items: [tile, F.Item(id: 2)], primary: 1,
                               references: [.init("thmb", from: 2, to: [1]), .init("thmb", from: 1, to: [2])]),
                 expect: .refusedByLibheif),
            Case(name: "missing-primary.heic", bytes: F.file(items: [tile], primary: 7), expect: .refusedByLibheif),
            // An overlay primary is decoded, but its canvas and offsets are read first: libheif
            // 1.15 allocates the canvas the data asks for, unchecked.
            Case(name: "iovl-canvas-60000x60000.heic",
                 bytes: F.overlay(canvas: (60_000, 60_000), offsets: [(0, 0)], tileSize: (64, 64)), expect: .refusedBecause("too large")),
            Case(name: "iovl-canvas-60000x60000-declared-64x64.heic",
                 bytes: F.overlay(canvas: (60_000, 60_000), offsets: [(0, 0)], tileSize: (64, 64), declaredSize: (64, 64)),
                 expect: .refusedBecause("canvas: 60000x60000"), whenDecoded: true),
            Case(name: "iovl-canvas-4000x4000-declared-64x64.heic",
                 bytes: F.overlay(canvas: (4000, 4000), offsets: [(0, 0)], tileSize: (64, 64), declaredSize: (64, 64)),
                 expect: .refusedBecause("is not its declared size"), whenDecoded: true),
            Case(name: "iovl-offset-int32-min.heic",
                 bytes: F.overlay(canvas: (64, 64), offsets: [(Int32.min, 0)], tileSize: (64, 64), largeFields: true),
                 expect: .refusedBecause("beyond ±65535"), whenDecoded: true),
            Case(name: "iovl-offset-int32-max.heic",
                 bytes: F.overlay(canvas: (64, 64), offsets: [(0, 0), (5, Int32.max)], tileSize: (64, 64), largeFields: true),
                 expect: .refusedBecause("places image 2"), whenDecoded: true),
            Case(name: "iovl-offsets-missing.heic",
                 bytes: F.overlay(canvas: (64, 64), offsets: [(0, 0)], tileSize: (64, 64), unplacedInputs: 2),
                 expect: .refusedBecause("not the 26 its 3 images need"), whenDecoded: true),
        ]
        for fraction in [0.1, 0.5, 0.9] {
            cases.append(Case(name: "forged-cut\(Int(fraction * 100)).heic",
                              bytes: Array(valid.prefix(Int(Double(valid.count) * fraction))), expect: .refusedByLibheif))
        }
        return cases
    }

    static func run(_ cases: [Case], command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var times: [String] = []
        for item in cases {
            let path = try directory.write(item.name, item.bytes)
            let out = directory.file(command == "thumbnail" ? "\(item.name).jpg" : "\(item.name).pam")
            let arguments = switch command {
            case "decode": ["decode", path, "--out", out]
            // The thumbnail pipeline decodes a plain HEIC's tiles itself (HEVCTileStream).
            case "thumbnail": ["thumbnail", path, "-o", out]
            default: ["inspect", path]
            }
            let result = try WidgetThumbsBinary.run(arguments, timeout: 20)
            // The reason too: when a library update changes an outcome, the log shows what moved.
            times.append("\(item.name): \(String(format: "%.3f", result.cpuSeconds)) s of CPU, exit \(result.status.map(String.init) ?? "none")"
                         + (result.stderr.isEmpty ? "" : ": " + (result.stderr.split(separator: "\n").first.map(String.init) ?? "")))
            #expect(result.cpuSeconds < HostileInputTests.cpuLimit, "\(item): \(result)")
            #expect(result.wallSeconds < HostileInputTests.hangLimit, "\(item): \(result)")
            #expect(result.peakRSSStaysBelow(HostileInputTests.memoryLimit), "\(item): \(result)")
            let named = result.stderr.hasPrefix("widget-thumbs: \(path): ")
            switch (item.expect, command == "inspect" && item.whenDecoded) {
            case (.pictureOrRefusal, _), (_, true):
                #expect(result.status == 0 || (result.status == 1 && named), "\(item): \(result)")
            case (.refusedBecause, false), (.refusedByLibheif, false):
                #expect(result.status == 1, "\(item): \(result)")
                #expect(named, "\(item): \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out), "\(item)")
                if case .refusedBecause(let reason) = item.expect {
                    #expect(result.stderr.contains(reason), "\(item): \(result.stderr)")
                }
            }
        }
        print("HEIF hostile inputs (\(command)):\n" + times.joined(separator: "\n"))
    }

    @Test(arguments: ["inspect", "decode", "thumbnail"])
    func forgedFilesAreRefusedQuicklyInLittleMemory(command: String) throws {
        try Self.run(Self.forged(), command: command)
    }

    /// The corpus's refused files, and cuts of real photos (a truncated grid is refused by
    /// libheif 1.15 when an iloc extent runs past the end).
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: ["inspect", "decode", "thumbnail"])
    func corpusFilesAndCutsEndQuickly(command: String) throws {
        var cases = [
            Case(name: "corrupted.heic", bytes: try Corpus.bytes("heic/corrupted.heic"), expect: .refusedByLibheif),
            Case(name: "empty.heic", bytes: try Corpus.bytes("heic/empty.heic"), expect: .refusedBecause("unsupported format")),
            Case(name: "truncated.heic", bytes: try Corpus.bytes("heic/truncated.heic"), expect: .pictureOrRefusal),
        ]
        for file in ["heic/xiaomi.heic", "heic/jolla-photo.avif"] {
            let bytes = try Corpus.bytes(file)
            for fraction in [0.1, 0.5, 0.9] {
                let name = URL(fileURLWithPath: file).lastPathComponent
                cases.append(Case(name: "\(name)-cut\(Int(fraction * 100))", bytes: Array(bytes.prefix(Int(Double(bytes.count) * fraction))),
                                  expect: .pictureOrRefusal))
            }
        }
        try Self.run(cases, command: command)
    }
}
