import WidgetThumbnails

/// Builds the format-specific hostile inputs from small files the library's own encoders make:
/// chunk surgery for PNG (with CRCs), frame-header and scan surgery for JPEG, RIFF surgery for
/// WebP. Nothing binary is committed.
enum BombFixtures {
    static func pattern(_ width: Int, _ height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = UInt8(i / 4 % width * 255 / max(1, width - 1))
            pixels[i + 1] = UInt8(i / 4 / width * 255 / max(1, height - 1))
            pixels[i + 2] = UInt8(i % 251)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    // MARK: PNG

    struct Chunk { var type: String; var data: [UInt8] }

    static func pngChunks(_ png: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(be32(png, offset))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(png[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return chunks
    }

    static func chunk(_ type: String, _ data: [UInt8], declaredLength: UInt32? = nil) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(declaredLength ?? UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// A 4x4 PNG with `extra` chunks before IDAT, and IHDR's size replaced if asked.
    static func png(extra: [[UInt8]] = [], width: UInt32? = nil, height: UInt32? = nil) throws -> [UInt8] {
        let chunks = pngChunks(try PNGEncoder.encode(pattern(4, 4)))
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for item in chunks {
            var data = item.data
            if item.type == "IHDR" {
                if let width { data.replaceSubrange(0..<4, with: bigEndian(width)) }
                if let height { data.replaceSubrange(4..<8, with: bigEndian(height)) }
            }
            if item.type == "IDAT" { out += extra.joined() }
            out += chunk(item.type, data)
        }
        return out
    }

    /// A zlib stream inflating to about `megabytes` MiB (mostly zeros): the IDAT stream of an
    /// all-black image the library's PNG encoder writes.
    static func zlibBomb(megabytes: Int) throws -> [UInt8] {
        let side = Int(Double(megabytes << 20 / 4).squareRoot())
        let black = RGBAImage(width: side, height: side, pixels: [UInt8](repeating: 0, count: side * side * 4))
        let encoded = try PNGEncoder.encode(black, settings: PNGEncoder.Settings(compressionLevel: 9))
        return pngChunks(encoded).filter { $0.type == "IDAT" }.flatMap(\.data)
    }

    // MARK: JPEG

    static func jpeg(progressive: Bool, size: Int = 16) throws -> [UInt8] {
        try JPEGEncoder.encode(pattern(size, size), settings: JPEGEncoder.Settings(quality: 90, scan: progressive ? .progressive : .baseline))
    }

    /// `jpeg` with its frame header declaring `width` x `height`.
    static func withFrameSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var offset = 2
        var out = jpeg
        while offset + 9 < jpeg.count {
            let marker = jpeg[offset + 1]
            if [0xC0, 0xC1, 0xC2].contains(marker) {
                out.replaceSubrange(offset + 5..<offset + 9, with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
                return out
            }
            offset += 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
        }
        return out
    }

    /// A progressive JPEG whose last scan is repeated until it has `extra` more scans.
    static func withExtraScans(_ jpeg: [UInt8], _ extra: Int) -> [UInt8] {
        guard let last = jpeg.indices.dropLast().last(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }) else { return jpeg }
        let scan = jpeg[last..<(jpeg.count - 2)]
        return Array(jpeg.dropLast(2)) + Array(repeatElement(scan, count: extra).joined()) + [0xFF, 0xD9]
    }

    // MARK: WebP

    static func riff(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = Array("WEBP".utf8) + chunks.joined()
        return Array("RIFF".utf8) + littleEndian(UInt32(body.count), bytes: 4) + body
    }

    static func webpChunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        Array(fourCC.utf8) + littleEndian(UInt32(payload.count), bytes: 4) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func vp8x(animated: Bool, width: Int, height: Int) -> [UInt8] {
        webpChunk("VP8X", [animated ? 0x02 : 0x00, 0, 0, 0] + littleEndian(UInt32(width - 1), bytes: 3) + littleEndian(UInt32(height - 1), bytes: 3))
    }

    /// The VP8 chunk of a small lossy WebP from the library's encoder.
    static func vp8Frame(size: Int = 16) throws -> [UInt8] {
        let file = try WebPEncoder.encode(pattern(size, size), settings: WebPEncoder.Settings(quality: 80))
        return Array(file[12...])  // a simple-format file is RIFF header + one VP8 chunk
    }

    /// An animation of `frames` 16x16 frames on a `width` x `height` canvas.
    static func animatedWebP(width: Int, height: Int, frames: Int = 2) throws -> [UInt8] {
        let frame = try vp8Frame()
        let anmf = (0..<frames).map { _ in
            webpChunk("ANMF", [0, 0, 0, 0, 0, 0] + littleEndian(15, bytes: 3) + littleEndian(15, bytes: 3)
                      + littleEndian(100, bytes: 3) + [0] + frame)
        }
        return riff([vp8x(animated: true, width: width, height: height), webpChunk("ANIM", [0, 0, 0, 0, 0, 0])] + anmf)
    }

    // MARK: zlib

    /// `data` as a zlib stream of stored (uncompressed) blocks of at most 65,535 bytes, with
    /// its Adler-32: what a PNG's iCCP or zTXt needs when the content matters, not the size.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        let starts = Array(stride(from: 0, to: max(1, data.count), by: 65_535))
        for start in starts {
            let block = data[start..<min(data.count, start + 65_535)]
            let length = UInt16(block.count)
            stream += [start == starts.last ? 1 : 0] + littleEndian(UInt32(length), bytes: 2)
                + littleEndian(UInt32(~length), bytes: 2) + block
        }
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return stream + bigEndian(b << 16 | a)
    }

    // MARK: Bytes

    static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    static func littleEndian(_ value: UInt32, bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
