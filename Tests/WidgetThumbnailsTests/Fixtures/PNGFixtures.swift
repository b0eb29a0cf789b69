/// Builds PNG files byte by byte for hostile-input tests, with no library: chunks with real
/// CRC-32s, and zlib streams either stored (for pixel data) or fixed-Huffman runs of zeros
/// (decompression bombs: ~160x expansion, so 300 MB inflates from a ~1.9 MB chunk).
enum PNGFixtures {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    // MARK: Chunks

    static func chunk(_ type: String, _ data: [UInt8], declaredLength: UInt32? = nil, badCRC: Bool = false) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4)
        var crc = crc32(typeBytes + data)
        if badCRC { crc ^= 0xFFFF_FFFF }
        return be32(declaredLength ?? UInt32(data.count)) + typeBytes + data + be32(crc)
    }

    static func ihdr(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool = false) -> [UInt8] {
        chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height))
              + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0])
    }

    /// IDAT for unfiltered scanlines (each row gets filter byte 0).
    static func idat(rows: [[UInt8]]) -> [UInt8] {
        chunk("IDAT", zlibStored(rows.flatMap { [0] + $0 }))
    }

    static let iend = chunk("IEND", [])

    /// A whole file: signature, IHDR, `beforeImage` chunks, IDAT, IEND.
    static func png(width: Int, height: Int, bitDepth: Int = 8, colorType: Int, rows: [[UInt8]],
                    beforeImage: [[UInt8]] = []) -> [UInt8] {
        signature + ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType)
            + beforeImage.flatMap { $0 } + idat(rows: rows) + iend
    }

    /// A small opaque RGB image with a gradient, for truncation and bit flips.
    static func gradientRGB(width: Int, height: Int) -> (file: [UInt8], rows: [[UInt8]]) {
        var rows = [[UInt8]]()
        for y in 0..<height {
            var row = [UInt8]()
            for x in 0..<width {
                row += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x + y) & 0xFF)]
            }
            rows.append(row)
        }
        return (png(width: width, height: height, colorType: 2, rows: rows), rows)
    }

    // MARK: zlib

    /// zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out.append(final)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        return out + be32(adler32(data))
    }

    /// zlib stream of `prefix` followed by `zeros` zero bytes, one fixed-Huffman block: the
    /// zeros are a literal then length-258 copies at distance 1 (13 bits per 258 bytes).
    static func zlibZeros(prefix: [UInt8] = [], zeros: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(0b011, count: 3)  // BFINAL = 1, BTYPE = 01 (fixed Huffman)
        func literal(_ value: UInt8) {
            if value < 144 { bits.writeCode(0x30 + UInt32(value), length: 8) }
            else { bits.writeCode(0x190 + UInt32(value) - 144, length: 9) }
        }
        prefix.forEach(literal)
        var remaining = zeros
        if remaining > 0 { literal(0); remaining -= 1 }
        // Length symbol 285 (258, code 0xC5, 8 bits) then distance symbol 0 (distance 1, 5 bits).
        let copy = BitWriter.reversed(0xC5, length: 8)
        while remaining >= 258 {
            bits.write(copy, count: 13)
            remaining -= 258
        }
        for _ in 0..<remaining { literal(0) }
        bits.writeCode(0, length: 7)  // end of block
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in prefix {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        b = UInt32((UInt64(b) + UInt64(a) * UInt64(zeros)) % 65_521)  // each zero adds a to b
        return [0x78, 0x01] + bits.finish() + be32(b << 16 | a)
    }

    struct BitWriter {
        private var bytes: [UInt8] = []
        private var buffer: UInt64 = 0
        private var count = 0

        /// `value`'s low `count` bits, least significant first (deflate's bit order).
        mutating func write(_ value: UInt32, count bitCount: Int) {
            buffer |= UInt64(value) << UInt64(count)
            count += bitCount
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        /// A Huffman code, which deflate stores most significant bit first.
        mutating func writeCode(_ code: UInt32, length: Int) { write(Self.reversed(code, length: length), count: length) }

        static func reversed(_ code: UInt32, length: Int) -> UInt32 {
            (0..<length).reduce(0) { result, bit in result << 1 | (code >> UInt32(bit) & 1) }
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            return bytes
        }
    }

    // MARK: Checksums

    static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(0xFFFF_FFFF as UInt32) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
