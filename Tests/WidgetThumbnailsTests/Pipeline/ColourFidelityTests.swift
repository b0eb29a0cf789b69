import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// A photo (the coffee sample, saturated browns) re-expressed in Adobe RGB (pixels converted, profile embedded) must thumbnail to
/// what its sRGB original thumbnails to, whether we convert to sRGB or embed the profile and
/// the viewer converts. Dropping the profile instead is visibly wrong, which shows the
/// comparison can fail.
@Suite struct ColourFidelityTests {
    static let samples = Corpus.packageRoot.appendingPathComponent("SampleImages")

    struct Originals {
        var sRGB: [UInt8]
        var adobeTagged: [UInt8]
        var adobeStripped: [UInt8]
        var adobeProfile: ICCProfile
    }

    static func originals() throws -> Originals {
        let adobeSample = try InputFile.read(samples.appendingPathComponent("adobe-rgb.jpg").path, maxBytes: 1 << 24)
        let profile = try #require(try ImageDecoder.probe(adobeSample).iccProfile)
        try #require(profile.description?.contains("Adobe RGB") == true)

        let photo = try ImageDecoder.decodeFile(atPath: samples.appendingPathComponent("lossy.webp").path).image
        var adobe = photo
        try ColorConverter.convert(&adobe, from: nil, to: profile)
        return Originals(
            sRGB: try ImageEncoder.encode(photo, format: .jpeg, quality: 95),
            adobeTagged: try ImageEncoder.encode(adobe, format: .jpeg, quality: 95, iccProfile: profile),
            adobeStripped: try ImageEncoder.encode(adobe, format: .jpeg, quality: 95),
            adobeProfile: profile)
    }

    static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) throws -> Double {
        try #require(a.size == b.size)
        var total = 0, count = 0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            for channel in 0..<3 { total += abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])) }
            count += 3
        }
        return Double(total) / Double(count)
    }

    static func thumbnail(_ bytes: [UInt8], _ policy: ColorPolicy) throws -> (Thumbnail, DecodedImage) {
        let options = ThumbnailOptions(box: PixelSize(width: 300, height: 300), colorPolicy: policy)
        let thumbnail = try ThumbnailPipeline(options: options).thumbnail(.bytes(bytes))
        return (thumbnail, try ImageDecoder.decode(thumbnail.bytes))
    }

    @Test func convertingToSRGBKeepsTheColours() throws {
        let originals = try Self.originals()
        let reference = try Self.thumbnail(originals.sRGB, .convertToSRGB).1.image
        let (thumbnail, decoded) = try Self.thumbnail(originals.adobeTagged, .convertToSRGB)
        #expect(thumbnail.colorHandling.action == .convertedToSRGB)
        #expect(decoded.info.iccProfile == nil, "converted output is untagged sRGB")
        let difference = try Self.meanDifference(decoded.image, reference)
        print("colour: \(#function) mean difference \(difference)")
        #expect(difference <= 3, "mean difference \(difference)")
    }

    @Test func embeddingTheProfileKeepsTheColoursForAColourManagedViewer() throws {
        let originals = try Self.originals()
        let reference = try Self.thumbnail(originals.sRGB, .convertToSRGB).1.image
        let (thumbnail, decoded) = try Self.thumbnail(originals.adobeTagged, .embedProfile)
        #expect(thumbnail.colorHandling.action == .profileEmbedded)
        let embedded = try #require(decoded.info.iccProfile)
        #expect(embedded == originals.adobeProfile)
        var viewed = decoded.image
        try ColorConverter.convertToSRGB(&viewed, from: embedded)
        let difference = try Self.meanDifference(viewed, reference)
        print("colour: \(#function) mean difference \(difference)")
        #expect(difference <= 3, "mean difference \(difference)")
        #expect(thumbnail.renderCost.bytesPerPixel == 8, "a wide-gamut profile renders in extended range")
    }

    @Test func strippingTheProfileWouldBeWrong() throws {
        let originals = try Self.originals()
        let reference = try Self.thumbnail(originals.sRGB, .convertToSRGB).1.image
        let stripped = try Self.thumbnail(originals.adobeStripped, .convertToSRGB).1.image
        let difference = try Self.meanDifference(stripped, reference)
        print("colour: stripping the profile gives a mean difference of \(difference)")
        #expect(difference >= 5, "stripping should show, but the mean difference is only \(difference)")
    }

    /// The Adobe RGB profile with its description rewritten (same length, so every offset
    /// holds) to claim sRGB: judged by what it does, it must still be converted.
    @Test func aProfileNamedSRGBThatIsNotIsStillConverted() throws {
        let originals = try Self.originals()
        var data = originals.adobeProfile.data
        let name = try #require(originals.adobeProfile.description)
        let start = try #require(data.firstRange(of: Array(name.utf8))).lowerBound
        let fake = Array("Linear sRGB (not really)".utf8)
        data.replaceSubrange(start..<start + fake.count, with: fake)
        let renamed = ICCProfile(data: data)
        #expect(renamed.isSRGB, "the name now claims sRGB")
        #expect(!ColorConverter.isEquivalentToSRGB(renamed))
        #expect(ColorConverter.isEquivalentToSRGB(ColorConverter.sRGBProfile))

        let photo = try ImageDecoder.decode(originals.adobeTagged).image
        let tagged = try ImageEncoder.encode(photo, format: .jpeg, quality: 95, iccProfile: renamed)
        let reference = try Self.thumbnail(originals.sRGB, .convertToSRGB).1.image
        let (thumbnail, decoded) = try Self.thumbnail(tagged, .convertToSRGB)
        #expect(thumbnail.colorHandling.action == .convertedToSRGB)
        #expect(try Self.meanDifference(decoded.image, reference) <= 3)
    }

    @Test func untaggedAndSRGBTaggedSourcesNeedNothing() throws {
        let originals = try Self.originals()
        #expect(try Self.thumbnail(originals.sRGB, .convertToSRGB).0.colorHandling.action == .untaggedSRGB)
        let photo = try ImageDecoder.decode(originals.sRGB).image
        let tagged = try ImageEncoder.encode(photo, format: .jpeg, quality: 95, iccProfile: ColorConverter.sRGBProfile)
        for policy in ColorPolicy.allCases {
            let (thumbnail, decoded) = try Self.thumbnail(tagged, policy)
            #expect(thumbnail.colorHandling.action == .sRGBProfileDropped, "\(policy)")
            #expect(decoded.info.iccProfile == nil, "an sRGB profile adds bytes and nothing else")
            #expect(thumbnail.renderCost.bytesPerPixel == 4)
        }
    }
}
