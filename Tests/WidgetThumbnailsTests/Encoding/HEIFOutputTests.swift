import Foundation
import Testing
import TestSupport
@testable import WidgetThumbnails

/// AVIF and HEIC output (`HEIFEncoder`): within the byte cap through the budget search like
/// JPEG and WebP, sRGB described by an nclx box (and the ICC profile when given one), no EXIF,
/// read back by our own decoder and, where it is installed, by pillow-heif.
@Suite struct HEIFOutputTests {
    static let formats: [StoredFormat] = [.avif, .heic]

    /// A gradient with a little noise: smooth like a photo, but with detail quality can spend bytes on.
    static func photoLike(width: Int = 256, height: Int = 192) -> RGBAImage {
        var image = SyntheticImage.gradient(width: width, height: height)
        let noise = SyntheticImage.noise(width: width, height: height)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            for channel in 0..<3 {
                let grain = Int(noise.pixels[index + channel] >> 4) - 8
                image.pixels[index + channel] = UInt8(clamping: Int(image.pixels[index + channel]) + grain)
            }
        }
        return image
    }

    static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(a.pixels.count)
    }

    @Test(arguments: formats)
    func theBudgetedEncodeReadsBackThroughOurDecoder(format: StoredFormat) throws {
        let image = Self.photoLike()
        let result = try BudgetedEncoder(format: format).encode(image)
        let declared = ImageEncoder.encoder(for: format).qualityScale
        let scale = try #require(declared)
        #expect(result.format == format)
        #expect(result.bytes.count <= ByteBudget.defaultCap)
        #expect(result.quality == Double(scale.standard.start), "the common case: one encode at the start quality")
        #expect(StoredFormat(magicBytesOf: result.bytes) == format)

        let decoded = try ImageDecoder.decode(result.bytes)
        #expect(decoded.info.format == .heif)
        #expect(decoded.image.size == image.size)
        #expect(!decoded.info.hasAlpha, "an opaque image gets no alpha plane")
        #expect(Self.meanDifference(decoded.image, image) < 4, "lossy, but the same picture")
        let heif = try #require(decoded.info.heif)
        #expect(heif.brand == (format == .avif ? "avif" : "heic"))
        #expect(heif.primaryType == (format == .avif ? "av01" : "hvc1"))
        #expect(heif.colourSource == .nclx)
        let nclx = try #require(heif.nclx)
        #expect(nclx.primaries == 1 && nclx.transfer == 13 && nclx.matrix == 6 && nclx.fullRange, "sRGB as H.273 code points")
        #expect(heif.exifOrientation == nil, "no EXIF")
    }

    @Test(arguments: formats)
    func aTightCapLowersTheQualityAndStillFits(format: StoredFormat) throws {
        let image = Self.photoLike()
        let declared = ImageEncoder.encoder(for: format).qualityScale
        let scale = try #require(declared)
        // Halfway between the bytes at the floor and at the start: a quality between them fits.
        let atStart = try ImageEncoder.encode(image, format: format, quality: Double(scale.standard.start))
        let atFloor = try ImageEncoder.encode(image, format: format, quality: Double(scale.standard.floor))
        #expect(atFloor.count < atStart.count)
        let cap = (atStart.count + atFloor.count) / 2
        let result = try BudgetedEncoder(format: format, budget: ByteBudget(cap: cap)).encode(image)
        let quality = try #require(result.quality)
        #expect(result.bytes.count <= cap)
        #expect(quality < Double(scale.standard.start) && quality >= Double(scale.standard.floor))
        #expect(quality.rounded() == quality, "whole qualities only: libheif takes integers")
        #expect(result.attempts.count > 1)
        #expect(result.attempts.filter { !$0.fits }.allSatisfy { $0.quality! > quality })
        #expect(result.bytes == (try ImageEncoder.encode(image, format: format, quality: quality)), "deterministic")
    }

    @Test(arguments: formats)
    func transparencyIsKeptInAnAlphaPlane(format: StoredFormat) throws {
        let image = SyntheticImage.disc(width: 96, height: 64)
        let bytes = try ImageEncoder.encode(image, format: format, quality: 80)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.hasAlpha)
        let corner = decoded.image.pixels[3]
        let centre = decoded.image.pixels[(32 * 96 + 48) * 4 + 3]
        #expect(corner < 16 && centre > 240, "corner alpha \(corner), centre alpha \(centre)")
    }

    @Test(arguments: formats)
    func anICCProfileIsEmbeddedBesideTheNCLXBox(format: StoredFormat) throws {
        let profile = ColorConverter.sRGBProfile
        let bytes = try ImageEncoder.encode(Self.photoLike(width: 64, height: 48), format: format, quality: 70,
                                            iccProfile: profile)
        let info = try ImageDecoder.probe(bytes)
        #expect(info.iccProfile == profile)
        #expect(info.heif?.colourSource == .iccAndNCLX)
    }

    @Test(arguments: formats)
    func qualitiesOutsideTheScaleAreRefused(format: StoredFormat) {
        let image = SyntheticImage.gradient(width: 8, height: 8)
        for quality in [-1, 101, 70.5] {
            #expect {
                try ImageEncoder.encode(image, format: format, quality: quality)
            } throws: { ($0 as? ImageError)?.code == .invalidArgument }
        }
    }

    @Test func autoNeverWritesAVIFOrHEIC() {
        for image in [SyntheticImage.gradient(width: 8, height: 8), SyntheticImage.disc(width: 8, height: 8)] {
            #expect(![.avif, .heic].contains(OutputFormat.auto.resolved(for: image)))
        }
        #expect(OutputFormat(rawValue: "avif")?.resolved(for: SyntheticImage.gradient(width: 8, height: 8)) == .avif)
        #expect(OutputFormat(rawValue: "heic")?.resolved(for: SyntheticImage.gradient(width: 8, height: 8)) == .heic)
    }

    @Test(.enabled(if: PillowHEIF.isAvailable, PillowHEIF.skipMessage), arguments: formats)
    func pillowHEIFReadsWhatWeWrite(format: StoredFormat) throws {
        let image = Self.photoLike(width: 120, height: 90)
        let bytes = try ImageEncoder.encode(image, format: format, quality: 70)
        let facts = try PillowHEIF.describe(bytes)
        #expect(facts == "\(format.rawValue == "avif" ? "AVIF" : "HEIF") 120x90 RGB exif=none nclx=1/13/6/1", "\(facts)")
    }
}

/// pillow-heif through `python3`, a reader that is not ours (pip install pillow-heif). Its
/// wheels no longer decode AV1 pixels, so an AVIF's pixels are decoded by Pillow's own AVIF
/// plugin; pillow-heif still reads every file's boxes (size, mode, EXIF, nclx).
enum PillowHEIF {
    static let skipMessage: Comment = "skipped: python3 with pillow-heif is not installed (pip install pillow-heif)"

    static let isAvailable: Bool = (try? python(["-c", "import pillow_heif"]).status) == 0

    /// "AVIF 120x90 RGB exif=none nclx=1/13/6/1": container, size, mode, EXIF and nclx as read,
    /// after decoding the pixels.
    static func describe(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("heif-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys, pillow_heif
            from PIL import Image
            f = pillow_heif.open_heif(sys.argv[1])
            avif = open(sys.argv[1], "rb").read(12)[8:12] == b"avif"
            if avif:
                with Image.open(sys.argv[1]) as im:
                    im.load()
                    assert im.size == f.size, (im.size, f.size)
            else:
                f[0].to_pillow().load()
            n = f.info.get("nclx_profile") or {}
            print("AVIF" if avif else "HEIF", "%dx%d" % f.size, f.mode, "exif=" + ("none" if not f.info.get("exif") else "present"),
                  "nclx=%s/%s/%s/%s" % (n.get("color_primaries"), n.get("transfer_characteristics"),
                                        n.get("matrix_coefficients"), n.get("full_range_flag")))
            """
        let run = try python(["-c", script, path])
        guard run.status == 0 else { return "pillow-heif failed: \(run.output)" }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// python3 with `arguments`: its exit status (nil when it did not exit by itself) and all
    /// it printed, standard output then standard error.
    private static func python(_ arguments: [String]) throws -> (status: Int32?, output: String) {
        let run = try ChildProcess.run("/usr/bin/env", ["python3"] + arguments, timeout: 120)
        return (run.status, run.stdout + run.stderr)
    }
}
