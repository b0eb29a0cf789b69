import CHEIFTestFixtures
import Foundation
import CShimMessage
import Testing
import TestSupport
import WidgetThumbnails

/// Small HEIC and AVIF files made in-process with libheif's own encoders (the CHEIFTestFixtures
/// target), and libheif's own decode of them as the reference, so no outside tool is needed.
enum HEIFFixtures {
    /// The colr box to write: nil writes none (HEIC only; libheif always gives AVIF one).
    struct NCLX {
        var primaries: Int32, transfer: Int32, matrix: Int32, fullRange: Bool
    }

    /// A 64x48 picture with smooth ramps and a saturated patch, so a wrong matrix or range
    /// moves every channel by several levels.
    static let size = PixelSize(width: 64, height: 48)
    static let rgb: [UInt8] = (0..<size.height).flatMap { y in
        (0..<size.width).flatMap { x -> [UInt8] in
            if x >= 40, y >= 28 { return [230, 40, 60] }
            return [UInt8(x * 4), UInt8(y * 5), UInt8((x * 2 + y * 3) % 256)]
        }
    }

    /// `count` copies of `rgb` in one file (the first the primary), coded with HEVC or AV1.
    /// `parameters` go to the encoder as name-value pairs ("x265:range": what the VUI says).
    static func encode(av1: Bool = false, nclx: NCLX?, parameters: [(String, String)] = [],
                       count: Int = 1) throws -> [UInt8] {
        let colour = nclx.map {
            wt_heif_testing_colour(write_nclx: 1, primaries: $0.primaries, transfer: $0.transfer, matrix: $0.matrix,
                                   full_range: $0.fullRange ? 1 : 0)
        } ?? wt_heif_testing_colour(write_nclx: 0, primaries: 0, transfer: 0, matrix: 0, full_range: 0)
        let strings = parameters.flatMap { [strdup($0.0), strdup($0.1)] }
        defer { strings.forEach { free($0) } }
        var list: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
        var out: UnsafeMutablePointer<UInt8>?
        var outSize = 0
        var message = wt_message()
        let status = list.withUnsafeMutableBufferPointer { parameterList in
            rgb.withUnsafeBufferPointer { pixels in
                wt_heif_testing_encode(pixels.baseAddress, Int32(size.width), Int32(size.height),
                                       av1 ? WT_HEIF_TESTING_AV1 : WT_HEIF_TESTING_HEVC, colour,
                                       parameterList.baseAddress, Int32(count), &out, &outSize, &message)
            }
        }
        defer { wt_heif_testing_free(out) }
        try #require(status == 0, "libheif could not encode the test image: \(text(message))")
        return Array(UnsafeBufferPointer(start: try #require(out), count: outSize))
    }

    /// libheif's own decode of the primary, as RGB8.
    static func libheifDecode(_ file: [UInt8], size: PixelSize = size) throws -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: size.area * 3)
        var message = wt_message()
        let status = wt_heif_testing_decode(file, file.count, Int32(size.width), Int32(size.height), &rgb, &message)
        try #require(status == 0, "libheif could not decode the test file: \(text(message))")
        return rgb
    }

    /// The mean absolute difference per channel (R, G, B) between RGBA8 and RGB8 pixels.
    static func meanDifference(rgba: [UInt8], rgb: [UInt8]) -> [Double] {
        precondition(rgba.count / 4 == rgb.count / 3)
        var sums = [0.0, 0.0, 0.0]
        for pixel in 0..<rgb.count / 3 {
            for channel in 0..<3 {
                sums[channel] += Double(abs(Int(rgba[4 * pixel + channel]) - Int(rgb[3 * pixel + channel])))
            }
        }
        return sums.map { $0 / Double(rgb.count / 3) }
    }

    private static func text(_ message: wt_message) -> String {
        withUnsafeBytes(of: message.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

extension HEIFFixtures {
    /// Where the first box of `type` is in `file` (its header included), looking inside meta,
    /// iprp and ipco: enough for the files libheif writes.
    static func range(ofBox type: String, in file: [UInt8]) -> Range<Int>? {
        func search(_ range: Range<Int>) -> Range<Int>? {
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                let size = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                let name = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
                guard size >= 8, offset + size <= range.upperBound else { return nil }
                if name == type { return offset..<offset + size }
                let inner = name == "meta" ? 12 : (name == "iprp" || name == "ipco" ? 8 : 0)
                if inner > 0, let found = search(offset + inner..<offset + size) { return found }
                offset += size
            }
            return nil
        }
        return search(0..<file.count)
    }
}

extension HEIFFixtures {
    /// An overlay (iovl) primary, as some Nokia phones write: `offsets.count` copies of the
    /// 64x48 test image, coded by libheif's HEVC encoder, placed on a `canvas` painted black.
    static func overlay(canvas: (width: UInt32, height: UInt32), offsets: [(x: Int32, y: Int32)],
                        largeFields: Bool = false) throws -> [UInt8] {
        let coded = try encode(nclx: nil)
        let config = try #require(range(ofBox: "hvcC", in: coded), "no hvcC box")
        let data = try #require(range(ofBox: "mdat", in: coded), "no mdat box")
        return HEIFBoxFixtures.overlay(canvas: canvas, offsets: offsets,
                                 tileSize: (UInt32(size.width), UInt32(size.height)),
                                 config: Array(coded[config.lowerBound + 8..<config.upperBound]),
                                 data: Array(coded[data.lowerBound + 8..<data.upperBound]), largeFields: largeFields)
    }
}
