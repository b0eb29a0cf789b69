import Foundation
import Testing
import WidgetThumbnails
import WidgetThumbsBatch
@testable import widget_thumbs
import TestSupport

/// The report and its decode scale, from hand-made `ImageInfo`s: the paths the corpus
/// cannot reach yet (an ICC profile, WebP scaled decode) are checked here without decoders.
@Suite struct InspectReportTests {
    static let box = PixelSize(width: 500, height: 500)

    @Test func jpegUsesTheDCTScaleTheDecoderChooses() {
        // 4000x3000 into 500x500: 500x375, so at least 1000x750; 2/8 gives exactly that.
        let info = ImageInfo(format: .jpeg, size: PixelSize(width: 4000, height: 3000), colorModel: .rgb, hasAlpha: false)
        let scale = DecodeScale(info: info, box: Self.box)
        #expect(scale == DecodeScale.expected(.dctScale, 1, 4, 1000, 750))
        #expect(scale.description == "1/4 DCT scale -> 1000x750")
    }

    @Test func webpDecodesStraightToTwiceTheThumbnail() {
        // 4000x3000 into 500x500 is 500x375; the decode keeps 2x: 1000x750, any scale.
        let info = ImageInfo(format: .webp, size: PixelSize(width: 4000, height: 3000), colorModel: .rgb, hasAlpha: false)
        let scale = DecodeScale(info: info, box: Self.box)
        #expect(scale == DecodeScale.expected(.scaledDecode, nil, nil, 1000, 750))
        #expect(scale.description == "scaled decode -> 1000x750")
    }

    @Test func pngAndSmallImagesAreDecodedAtFullSize() {
        let png = ImageInfo(format: .png, size: PixelSize(width: 4000, height: 3000), colorModel: .rgba, hasAlpha: true)
        #expect(DecodeScale(info: png, box: Self.box) == DecodeScale.expected(.fullSize, 1, 1, 4000, 3000))
        let smallWebP = ImageInfo(format: .webp, size: PixelSize(width: 600, height: 400), colorModel: .rgb, hasAlpha: false)
        #expect(DecodeScale(info: smallWebP, box: Self.box) == DecodeScale.expected(.fullSize, 1, 1, 600, 400))
    }

    @Test func jsonHasEveryFieldWithTheProfileSummarised() throws {
        let profile = ICCProfile(data: Self.iccProfile(description: "Display P3"))
        let info = ImageInfo(format: .jpeg, size: PixelSize(width: 3000, height: 4000), orientation: .right,
                             colorModel: .ycck, hasAlpha: false, scanOrder: .progressive, iccProfile: profile)
        let report = InspectReport(file: "dir/photo.jpg", info: info, box: Self.box,
                                   decodeScale: DecodeScale(info: info, box: Self.box))
        let text = try JSONOutput.encode(report)
        #expect(text.contains("\"file\" : \"dir/photo.jpg\""), "slashes are not escaped")
        let json = try #require(JSONReport.object(text))
        #expect(Set(json.keys) == ["file", "format", "width", "height", "orientedWidth", "orientedHeight",
                                   "orientation", "hasAlpha", "bitDepth", "scanOrder", "colorModel",
                                   "iccProfile", "frameCount", "isLossless", "box", "decodeScale"])
        #expect(json["orientedWidth"] as? Int == 4000 && json["orientedHeight"] as? Int == 3000)
        #expect(json["scanOrder"] as? String == "progressive")
        #expect(json["colorModel"] as? String == "ycck")
        let icc = try #require(json["iccProfile"] as? [String: Any])
        #expect(icc["bytes"] as? Int == profile.data.count)
        #expect(icc["description"] as? String == "Display P3")
        #expect(icc["colorSpace"] as? String == "RGB")
        let keys = text.split(separator: "\n").compactMap { $0.hasPrefix("  \"") ? $0.split(separator: "\"")[1] : nil }
        #expect(keys == keys.sorted(), "keys are sorted")
    }

    @Test func linesShowTheProfileAndWebPOnlyFacts() {
        let info = ImageInfo(format: .webp, size: PixelSize(width: 800, height: 600), colorModel: .rgba,
                             hasAlpha: true, iccProfile: ICCProfile(data: Self.iccProfile(description: "sRGB")),
                             webp: WebPDetails(frameCount: 12, isLossless: true))
        let lines = InspectReport(file: "a.webp", info: info, box: Self.box,
                                  decodeScale: DecodeScale(info: info, box: Self.box)).lines.split(separator: "\n")
        #expect(lines.contains("ICC profile:   \(Self.iccProfile(description: "sRGB").count) bytes, \"sRGB\" (RGB)"))
        #expect(lines.contains("frames:        12"))
        #expect(lines.contains("lossless:      yes"))
        #expect(lines.contains("decode scale:  full size (1) -> 800x600 for a 500x500 box"))
    }

    /// A minimal ICC v2 profile: 128-byte header (colour space "RGB "), one 'desc' tag.
    static func iccProfile(description: String) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let text = Array(description.utf8) + [0]
        let tag = Array("desc".utf8) + [0, 0, 0, 0] + be32(text.count) + text
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        let body = be32(1) + Array("desc".utf8) + be32(144) + be32(tag.count) + tag
        var data = header + body
        data.replaceSubrange(0..<4, with: be32(data.count))
        return data
    }
}

private extension DecodeScale {
    static func expected(_ method: Method, _ numerator: Int?, _ denominator: Int?, _ width: Int, _ height: Int) -> DecodeScale {
        var scale = DecodeScale(info: ImageInfo(format: .png, size: PixelSize(width: 1, height: 1),
                                                colorModel: .rgb, hasAlpha: false), box: PixelSize(width: 1, height: 1))
        scale.method = method
        scale.numerator = numerator
        scale.denominator = denominator
        scale.width = width
        scale.height = height
        return scale
    }
}
