import SystemWebP
@testable import WidgetThumbnails
import TestSupport

/// WebP files made inside the tests, so the WebP tests need no corpus: libwebp's simple
/// encoder for the bitstreams, and a small RIFF writer to assemble extended, animated and
/// deliberately broken containers.
enum WebPFixtures {
    struct Chunk: Equatable {
        var fourCC: String
        var payload: [UInt8]
    }

    // MARK: Pixels

    /// A smooth colour pattern (lossy-friendly), opaque unless `alpha` gives the alpha per pixel.
    static func pattern(_ width: Int, _ height: Int, alpha: ((Int, Int) -> UInt8)? = nil) -> RGBAImage {
        var image = SyntheticImage.gradient(width: width, height: height)
        guard let alpha else { return image }
        for y in 0..<height {
            for x in 0..<width { image.pixels[(y * width + x) * 4 + 3] = alpha(x, y) }
        }
        return image
    }

    /// True when every row of `image` is the same row of `decoded` (a complete decode of the
    /// same bitstream) or entirely `WebPDecoder.missingPixel`, our grey for rows a lenient decode
    /// of a truncated file could not recover: rows libwebp salvaged or rows we painted, nothing
    /// else. How many rows libwebp salvages is its own affair.
    static func rowsAreDecodedOrMissing(_ image: RGBAImage, decoded: RGBAImage) -> Bool {
        guard image.size == decoded.size, image.pixels.count == decoded.pixels.count else { return false }
        let rowBytes = image.width * 4
        let grey = Array([[UInt8]](repeating: WebPDecoder.missingPixel, count: image.width).joined())
        return (0..<image.height).allSatisfy { y in
            let row = image.pixels[y * rowBytes..<(y + 1) * rowBytes]
            return row.elementsEqual(decoded.pixels[y * rowBytes..<(y + 1) * rowBytes]) || row.elementsEqual(grey)
        }
    }

    static func solid(_ width: Int, _ height: Int, _ rgba: [UInt8]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: Array([[UInt8]](repeating: rgba, count: width * height).joined()))
    }

    // MARK: Encoding (libwebp's simple API)

    static func lossy(_ image: RGBAImage, quality: Float = 90) -> [UInt8] {
        encode(image) { WebPEncodeRGBA($0, Int32(image.width), Int32(image.height), Int32(image.bytesPerRow), quality, $1) }
    }

    static func lossless(_ image: RGBAImage) -> [UInt8] {
        encode(image) { WebPEncodeLosslessRGBA($0, Int32(image.width), Int32(image.height), Int32(image.bytesPerRow), $1) }
    }

    private static func encode(_ image: RGBAImage,
                               _ body: (UnsafePointer<UInt8>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { body($0.baseAddress!, &output) }
        defer { WebPFree(output) }
        precondition(size > 0 && output != nil, "libwebp failed to encode a test image")
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    // MARK: RIFF

    /// The top-level chunks of a well-formed file.
    static func chunks(of file: [UInt8]) -> [Chunk] {
        var result: [Chunk] = []
        var position = 12
        while position + 8 <= file.count {
            let size = Int(le32(file, position + 4))
            let payload = Array(file[position + 8..<min(file.count, position + 8 + size)])
            result.append(Chunk(fourCC: String(decoding: file[position..<position + 4], as: UTF8.self), payload: payload))
            position += 8 + size + (size & 1)
        }
        return result
    }

    /// The image-bearing chunks (ALPH, VP8, VP8L) of an encoded file, for reuse in a frame.
    static func imageChunks(of file: [UInt8]) -> [Chunk] {
        chunks(of: file).filter { ["ALPH", "VP8 ", "VP8L"].contains($0.fourCC) }
    }

    static func riff(_ chunks: [Chunk]) -> [UInt8] {
        let body = chunks.flatMap(serialize)
        return Array("RIFF".utf8) + le32(UInt32(4 + body.count)) + Array("WEBP".utf8) + body
    }

    static func serialize(_ chunk: Chunk) -> [UInt8] {
        Array(chunk.fourCC.utf8) + le32(UInt32(chunk.payload.count)) + chunk.payload
            + (chunk.payload.count % 2 == 1 ? [0] : [])
    }

    enum Flag: UInt8 { case animation = 0x02, exif = 0x08, alpha = 0x10, iccp = 0x20 }

    /// A VP8X chunk declaring `width` x `height` (1...2^24 each).
    static func vp8x(_ flags: [Flag], width: Int, height: Int) -> Chunk {
        let bits = flags.reduce(0) { $0 | $1.rawValue }
        return Chunk(fourCC: "VP8X", payload: [bits, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    }

    /// An ANMF frame at an even offset, holding `image` chunks.
    static func frame(x: Int, y: Int, width: Int, height: Int, duration: Int = 100, image: [Chunk]) -> Chunk {
        precondition(x % 2 == 0 && y % 2 == 0, "ANMF offsets are stored halved")
        let header = le24(x / 2) + le24(y / 2) + le24(width - 1) + le24(height - 1) + le24(duration) + [0]
        return Chunk(fourCC: "ANMF", payload: header + image.flatMap(serialize))
    }

    /// An animated file: VP8X + ANIM + one ANMF per frame.
    static func animation(canvasWidth: Int, canvasHeight: Int, frames: [Chunk]) -> [UInt8] {
        riff([vp8x([.animation, .alpha], width: canvasWidth, height: canvasHeight),
              Chunk(fourCC: "ANIM", payload: [0, 0, 0, 0, 0, 0])] + frames)
    }

    /// `image` (an encoded still) rewrapped as an extended file with EXIF and/or ICCP chunks.
    static func withMetadata(_ image: [UInt8], size: PixelSize, exif: [UInt8]? = nil, iccp: [UInt8]? = nil) -> [UInt8] {
        let bitstream = imageChunks(of: image)
        var flags: [Flag] = bitstream.contains { $0.fourCC == "ALPH" } ? [.alpha] : []
        if exif != nil { flags.append(.exif) }
        if iccp != nil { flags.append(.iccp) }
        var chunks = [vp8x(flags, width: size.width, height: size.height)]
        if let iccp { chunks.append(Chunk(fourCC: "ICCP", payload: iccp)) }
        chunks += bitstream
        if let exif { chunks.append(Chunk(fourCC: "EXIF", payload: exif)) }
        return riff(chunks)
    }

    /// A little-endian TIFF block with one IFD entry: Orientation = `orientation`.
    static func exifTIFF(orientation: Int) -> [UInt8] {
        Array("II".utf8) + [42, 0] + le32(8) + [1, 0] + [0x12, 0x01, 3, 0] + le32(1)
            + [UInt8(orientation), 0, 0, 0] + le32(0)
    }

    // MARK: Bytes

    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}
