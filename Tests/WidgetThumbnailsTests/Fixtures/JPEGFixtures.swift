import CJPEGTestFixtures
import Testing
@testable import WidgetThumbnails

/// Small JPEGs made in-process with TurboJPEG's compressor (the CJPEGTestFixtures target), so
/// the JPEG tests need no outside tools or files.
enum JPEGFixtures {
    enum Sampling { case s444, s422, s420, gray }

    /// Four solid quadrants: red top-left, green top-right, blue bottom-left, white bottom-right.
    static let quadrantColors: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]

    static func quadrants(width: Int = 64, height: Int = 48) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let color = quadrantColors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 3, with: color)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func jpeg(_ image: RGBAImage, sampling: Sampling = .s444, quality: Int = 95,
                     progressive: Bool = false) throws -> [UInt8] {
        let subsampling: wt_jpeg_testing_subsampling = switch sampling {
        case .s444: WT_JPEG_TESTING_444
        case .s422: WT_JPEG_TESTING_422
        case .s420: WT_JPEG_TESTING_420
        case .gray: WT_JPEG_TESTING_GRAYSCALE
        }
        return try compress(image.pixels, image.width, image.height, WT_JPEG_TESTING_RGBA, subsampling,
                            quality, progressive)
    }

    /// A grayscale (1-component) JPEG from 8-bit samples.
    static func grayJPEG(_ samples: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        try compress(samples, width, height, WT_JPEG_TESTING_GRAY, WT_JPEG_TESTING_GRAYSCALE, 95, false)
    }

    /// A 4-component JPEG from Adobe-inverted CMYK samples (255 = no ink). TurboJPEG writes it
    /// as YCCK with an Adobe APP14 marker, as Photoshop does.
    static func cmykJPEG(_ samples: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        try compress(samples, width, height, WT_JPEG_TESTING_CMYK, WT_JPEG_TESTING_444, 95, false)
    }

    private static func compress(_ pixels: [UInt8], _ width: Int, _ height: Int, _ input: wt_jpeg_testing_input,
                                 _ subsampling: wt_jpeg_testing_subsampling, _ quality: Int,
                                 _ progressive: Bool) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let (rc, text) = ShimMessage.call { message in
            wt_jpeg_testing_compress(pixels, Int32(width), Int32(height), input, subsampling,
                                     Int32(quality), progressive ? 1 : 0, &out, &size, message)
        }
        defer { wt_jpeg_testing_free(out) }
        try #require(rc == 0, "test JPEG encode failed: \(text)")
        let buffer = try #require(out)
        return Array(UnsafeBufferPointer(start: buffer, count: size))
    }

    /// `jpeg` decoded by TurboJPEG's whole-image call (the decoder the library used before its
    /// scanline reader) at the DCT scale that gives `size`; nil when TurboJPEG refuses it.
    static func referenceDecode(_ jpeg: [UInt8], size: PixelSize, strictness: Strictness = .lenient) -> RGBAImage? {
        var pixels = [UInt8](repeating: 0, count: size.area * 4)
        let (rc, _) = ShimMessage.call { message in
            wt_jpeg_testing_decode(jpeg, jpeg.count, Int32(size.width), Int32(size.height),
                                   strictness == .strict ? 1 : 0, &pixels, message)
        }
        return rc == 0 ? RGBAImage(width: size.width, height: size.height, pixels: pixels) : nil
    }

    /// The largest difference between two same-size images over every channel.
    static func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(a.size == b.size)
        return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// `jpeg` with a marker segment inserted right after SOI.
    static func inserting(marker: UInt8, payload: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
            + Array(jpeg[2...])
    }

    /// An APP1 payload "Exif\0\0" + a big-endian TIFF whose IFD0 holds only Orientation.
    static func exifPayload(orientation: Int) -> [UInt8] {
        Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] // header, IFD0 at 8
            + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0] + [0, 0, 0, 0]
    }

    /// The offset of the first segment with this marker (at its 0xFF), if any.
    static func offset(ofMarker marker: UInt8, in jpeg: [UInt8]) -> Int? {
        var position = 2
        while position + 4 <= jpeg.count, jpeg[position] == 0xFF {
            if jpeg[position + 1] == marker { return position }
            if jpeg[position + 1] == 0xDA { return nil }
            position += 2 + (Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3]))
        }
        return nil
    }

    /// Mean absolute difference over the RGB channels of two same-size images.
    static func meanAbsoluteDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.size == b.size)
        var total = 0
        a.pixels.withUnsafeBufferPointer { a in
            b.pixels.withUnsafeBufferPointer { b in
                var i = 0
                while i < a.count {
                    total += abs(Int(a[i]) - Int(b[i])) + abs(Int(a[i + 1]) - Int(b[i + 1])) + abs(Int(a[i + 2]) - Int(b[i + 2]))
                    i += 4
                }
            }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// Each `factor` x `factor` block averaged into one pixel (edges that do not fill a block
    /// are dropped): a reference shrink that is independent of the code under test.
    static func boxAverage(_ image: RGBAImage, by factor: Int) -> RGBAImage {
        let width = image.width / factor, height = image.height / factor
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                for x in 0..<width {
                    for channel in 0..<3 {
                        var sum = 0
                        for dy in 0..<factor {
                            let row = (y * factor + dy) * image.width
                            for dx in 0..<factor { sum += Int(source[(row + x * factor + dx) * 4 + channel]) }
                        }
                        pixels[(y * width + x) * 4 + channel] = UInt8((sum + factor * factor / 2) / (factor * factor))
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    static func isClose(_ a: [UInt8], _ b: [UInt8], within tolerance: Int) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}
