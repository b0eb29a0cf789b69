import Foundation
import TestSupport
import Testing
import WidgetThumbnails

/// The options that shape a thumbnail are one group: `batch`, `thumbnail` and `commit` take
/// the same ones, with the same help and the library's defaults, and `commit --image` obeys them.
@Suite struct ThumbnailOptionGroupTests {
    /// The group's long names: what a user can expect on all three commands.
    private static let group = ["--family", "--format", "--max-side", "--max-bytes", "--quality", "--effort", "--color",
                                "--strict", "--full-decode", "--device", "--platform", "--os", "--catalog"]

    /// The OPTIONS section of `command --help`, one entry per option: its long name to its
    /// whole entry (synopsis, help and defaults) with the line wrapping flattened.
    private func optionEntries(_ command: String) throws -> [String: String] {
        let result = try WidgetThumbsBinary.run([command, "--help"])
        try #require(result.status == 0, "\(result)")
        let section = try #require(result.stdout.components(separatedBy: "\nOPTIONS:\n").last)
            .components(separatedBy: "\n\n")[0]
        var entries: [String: String] = [:]
        var current: String?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -") {
                current = line.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init)
            }
            guard let current else { continue }
            entries[current, default: ""] += " " + line
        }
        return entries.mapValues { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    @Test func theThreeCommandsListTheSameOptionsWithTheLibrarysDefaults() throws {
        let batch = try optionEntries("batch")
        for command in ["thumbnail", "commit"] {
            let entries = try optionEntries(command)
            for option in Self.group {
                #expect(entries[option] != nil, "\(command) --help lacks \(option)")
                #expect(entries[option] == batch[option], "\(command) and batch describe \(option) differently")
            }
        }
        let defaults = ThumbnailOptions()
        let expected = [
            "--max-side": "(default: \(max(defaults.box.width, defaults.box.height)))",
            "--max-bytes": "(default: \(defaults.budget.cap))",
            "--format": "default: \(defaults.format.rawValue))",
            "--color": "default: \(defaults.colorPolicy.rawValue))",
            "--effort": "(default: \(defaults.effort.level))",
            "--quality": "JPEG \(try #require(QualityRange.standard(for: .jpeg)).start), "
                + "WebP \(try #require(QualityRange.standard(for: .webp)).start)",
        ]
        for (option, text) in expected {
            #expect(batch[option]?.contains(text) == true, "\(option): \(batch[option] ?? "missing") lacks \(text)")
        }
        #expect(ByteBudget.standard.cap == ByteBudget.defaultCap)
    }

    /// A 240x180 PNG of noise: JPEG cannot make it small without lowering quality or size.
    private static func noisyPNG() throws -> [UInt8] {
        var state: UInt32 = 12_345
        var pixels: [UInt8] = []
        for _ in 0..<(240 * 180) {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels += [UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 16),
                       UInt8(truncatingIfNeeded: state >> 8), 255]
        }
        return try ImageEncoder.encode(RGBAImage(width: 240, height: 180, pixels: pixels), format: .png, quality: 0)
    }

    private func image(_ result: ChildProcess.Result) throws -> [String: Any] {
        let document = try #require(JSONReport.object(result.stdout),
                                    "\(result)")
        return try #require(document["image"] as? [String: Any], "\(result)")
    }

    @Test func commitImageTakesMaxBytesQualityAndTheRestOfTheGroup() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let noise = try fixture.directory.write("noise.png", Self.noisyPNG())
        func commit(_ revision: Int, _ options: [String]) throws -> ChildProcess.Result {
            try WidgetThumbsBinary.run(["commit", "--container", fixture.container, "--revision", String(revision),
                                        "--image", noise, "--format", "jpeg", "--json"] + options)
        }
        let plain = try commit(1, [])
        #expect(plain.status == 0, "\(plain)")
        let plainBytes = try #require(try image(plain)["byteCount"] as? Int)

        // Three quarters: under the default's bytes, over what quality 40 of noise needs (about half).
        let cap = plainBytes * 3 / 4
        let capped = try commit(2, ["--max-bytes", String(cap)])
        #expect(capped.status == 0, "\(capped)")
        let cappedBytes = try #require(try image(capped)["byteCount"] as? Int)
        #expect(cappedBytes <= cap, "\(cappedBytes) bytes over the --max-bytes \(cap)")

        let quality = try commit(3, ["--quality", "55", "--effort", "0", "--color", "embed", "--strict", "--max-side", "120"])
        #expect(quality.status == 0, "\(quality)")
        let qualityImage = try image(quality)
        #expect((qualityImage["quality"] as? NSNumber)?.intValue == 55)
        #expect((qualityImage["pixelWidth"] as? NSNumber)?.intValue == 120)

        let clamped = try commit(4, ["--max-bytes", "800000"])
        #expect(clamped.status == 0, "\(clamped)")
        #expect(clamped.stderr.contains("note: --max-bytes 800000 is over the hard ceiling; using \(ByteBudget.hardCeiling) bytes"),
                "\(clamped.stderr)")
    }

    @Test(arguments: ["--max-bytes", "--quality", "--effort", "--max-side"])
    func commitWithoutAnImageRefusesThem(option: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try WidgetThumbsBinary.run(["commit", "--container", directory.file("c"), "--revision", "1",
                                                 option, "1"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("'\(option)'") && result.stderr.contains("needs '--image <file>'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("c")))
    }

    @Test func thumbnailNotesAClampedCapAsBatchDoes() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let result = try WidgetThumbsBinary.run(["thumbnail", fixture.landscape, "-o", fixture.directory.file("t.jpg"),
                                                 "--max-bytes", "800000"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("note: --max-bytes 800000 is over the hard ceiling"), "\(result.stderr)")
    }
}
