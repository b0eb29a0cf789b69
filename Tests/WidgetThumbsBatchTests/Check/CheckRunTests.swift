import Foundation
import Testing
import TestSupport
import WidgetThumbnails
@testable import WidgetThumbsBatch

/// `check`'s run in process: what its walk finds (the engine's, with raw names), what it
/// refuses to open, and what it says about what it cannot use.
@Suite struct CheckRunTests {
    static func png(_ width: Int, _ height: Int) throws -> [UInt8] {
        try ImageEncoder.encode(SyntheticImage.gradient(width: width, height: height), format: .png, quality: 100)
    }

    /// Runs check over `paths` with the JSON reporter (every finding kept).
    static func check(_ paths: [String], families: [WidgetFamily]? = [.systemSmall], appearance: Bool = false) -> CheckSummary {
        let context = CheckContext(catalog: .builtIn, devices: WidgetCatalog.builtIn.currentDevices, families: families)
        return CheckRun(context: context, measuresAppearance: appearance)
            .run(paths: paths, containers: [], reporter: JSONReporter(), toolName: "t", toolVersion: "0") { _ in }
    }

    /// A name that is not UTF-8 is checked like any other: found by the walk, read, reported
    /// with its bytes (never "no such file", never a U+FFFD that two names would share).
    @Test func class13ANameThatIsNotUTF8IsCheckedLikeAnyOther() throws {
        let folder = try TemporaryDirectory()
        let big = try Self.png(3000, 3000)
        let raw = RawPath.decode(Array("caf".utf8) + [0xFF] + Array(".png".utf8))
        folder.plant("walk/plain.png", big)
        let fd = RawPath.withCString(folder.file("walk/" + raw)) { open($0, O_WRONLY | O_CREAT, 0o644) }
        precondition(fd >= 0)
        _ = big.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        for paths in [[folder.file("walk")], [folder.file("walk/" + raw)]] {
            let summary = Self.check(paths)
            #expect(!summary.findings.contains { $0.rule == "unreadable" }, "\(summary.findings.map(\.message))")
            let capped = summary.findings.filter { $0.rule == "archival-cap" }.map { RawPath.encode($0.file) }
            #expect(capped.contains { $0.contains(0xFF) }, "the raw name is reported with its byte")
        }
        #expect(Self.check([folder.file("walk")]).tally.images == 2)
    }

    /// Links and Contents.json entries that lead out of the folder given are not opened: what
    /// lies there (a 4000 px image, or a secret) is never measured or published.
    @Test func class2NothingOutsideTheCheckedFolderIsOpened() throws {
        let folder = try TemporaryDirectory()
        folder.plant("outside/secret.png", try Self.png(4000, 4000))
        folder.plant("repo/ok.png", try Self.png(400, 400))
        folder.symlink("repo/link.png", to: "../outside/secret.png")
        folder.plant("repo/A.xcassets/S.imageset/Contents.json",
                     Array(#"{"images": [{"filename": "s.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
        folder.symlink("repo/A.xcassets/S.imageset/s.png", to: folder.file("outside/secret.png"))
        folder.makeDirectory("repo/B.xcassets")
        folder.symlink("repo/B.xcassets/T.imageset", to: folder.file("outside"))
        let summary = Self.check([folder.file("repo")])
        let touched = summary.findings.filter { $0.file.contains("link.png") || $0.file.contains("s.png") || $0.file.contains("secret") }
        #expect(touched.isEmpty, "\(touched.map(\.message))")
        #expect(summary.unchecked.filter { $0.reason.contains("outside") || $0.reason.contains("link") }.count == 3,
                "\(summary.unchecked.map { "\($0.path): \($0.reason)" })")
        #expect(summary.tally.images == 1)
    }

    /// A Contents.json that cannot be used says so, entry by entry: never "0 checked", exit 0.
    @Test(arguments: [
        #"{"images": {"filename": "a.png"}}"#,
        #"{"images": "a.png"}"#,
        #"{"images": [{"filename": 3, "idiom": "universal"}]}"#,
        #"{"images": [{"filename": "../a.png", "idiom": "universal"}]}"#,
        #"{"images": ["a.png"]}"#,
        #"not json"#,
    ])
    func class6AnUnusableContentsJSONIsAnError(contents: String) throws {
        let folder = try TemporaryDirectory()
        folder.plant("A.xcassets/X.imageset/Contents.json", Array(contents.utf8))
        folder.plant("A.xcassets/X.imageset/a.png", try Self.png(400, 400))
        let summary = Self.check([folder.file("A.xcassets")])
        #expect(summary.tally.errors >= 1, "\(contents)")
        #expect(summary.findings.contains { $0.rule == "unreadable" && $0.file.hasSuffix("Contents.json") }, "\(contents)")
    }

    /// With `--appearance`, a picture the decoder refuses is an error, not "clean".
    @Test func class7AppearanceReportsAPictureItCannotDecode() throws {
        let folder = try TemporaryDirectory()
        let whole = try ImageEncoder.encode(SyntheticImage.noise(width: 300, height: 300), format: .png, quality: 100)
        folder.plant("cut.png", Array(whole.prefix(whole.count * 6 / 10)))
        let measured = Self.check([folder.file("cut.png")], appearance: true)
        #expect(measured.findings.contains { $0.rule == "unreadable" }, "\(measured.findings.map(\.message))")
        #expect(measured.tally.errors >= 1)
    }

    /// A set whose only file is 1x is drawn by every device (none is @1x: each scales the 1x
    /// up), so it is checked on all of them; a 3x-only set is drawn by the @2 devices too.
    @Test func class3AOneScaleSetIsCheckedOnEveryDeviceThatDrawsIt() throws {
        let folder = try TemporaryDirectory()
        folder.plant("A.xcassets/Big.imageset/Contents.json",
                     Array(#"{"images": [{"filename": "big.png", "idiom": "universal", "scale": "1x"}, {"idiom": "universal", "scale": "2x"}, {"idiom": "universal", "scale": "3x"}]}"#.utf8))
        folder.plant("A.xcassets/Big.imageset/big.png", try Self.png(4000, 4000))
        let big = Self.check([folder.file("A.xcassets")])
        #expect(big.findings.contains { $0.rule == "archival-cap" }, "\(big.findings.map(\.rule))")
        #expect(!big.findings.contains { $0.rule == "not-drawn" })

        folder.plant("B.xcassets/Three.imageset/Contents.json",
                     Array(#"{"images": [{"filename": "t.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
        folder.plant("B.xcassets/Three.imageset/t.png", try Self.png(800, 800))
        let three = Self.check([folder.file("B.xcassets")])
        let over = three.findings.filter { $0.rule == "archival-cap" }.flatMap(\.devices)
        let twoX = WidgetCatalog.builtIn.currentDevices.filter { row in
            row.scale == 2 && row.slots(for: .systemSmall).contains { 800 * 800 > $0.capPixels }
        }
        #expect(!twoX.isEmpty, "the fixture needs an @2 device whose small cap is under 800x800")
        #expect(twoX.allSatisfy { over.contains($0.description) }, "\(over)")
    }
}
