@testable import WidgetThumbnails
import TestSupport

// Container parsers and a synthetic ICC profile shared by the Encoder* and ByteBudget* suites
// (their pictures are TestSupport's SyntheticImage). The parsers read the formats' specs, not
// our encoders, so they can catch our mistakes.

/// A minimal ICC header (ICC.1:2010 §7.2) with no tags, padded to `size` bytes: enough for
/// libpng's checks and for round-trip tests, which compare bytes.
enum SyntheticICC {
    static func profile(size: Int, colorSpace: String = "RGB ") -> ICCProfile {
        precondition(size >= 132 && size % 4 == 0)
        var data = [UInt8](repeating: 0, count: size)
        func put(_ value: UInt32, at offset: Int) {
            for index in 0..<4 { data[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
        }
        func put(_ text: String, at offset: Int) {
            for (index, byte) in text.utf8.enumerated() { data[offset + index] = byte }
        }
        put(UInt32(size), at: 0)
        put(0x0210_0000, at: 8)  // version 2.1
        put("mntr", at: 12)
        put(colorSpace, at: 16)
        put("XYZ ", at: 20)
        put("acsp", at: 36)
        put(0x0000_F6D6, at: 68)  // D50 illuminant X, Y, Z in s15.16
        put(0x0001_0000, at: 72)
        put(0x0000_D32D, at: 76)
        // Pattern after the header, so a misplaced chunk cannot compare equal.
        for index in 132..<size { data[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 8) }
        return ICCProfile(data: data)
    }
}

/// JPEG marker segments before the first SOS.
enum JPEGSegments {
    struct Segment {
        var marker: UInt8
        var payload: ArraySlice<UInt8>
    }

    static func read(_ bytes: [UInt8]) -> [Segment]? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var segments: [Segment] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            segments.append(Segment(marker: marker, payload: bytes[offset + 4..<offset + 2 + length]))
            if marker == 0xDA { return segments }
            offset += 2 + length
        }
        return nil
    }

    /// The profile reassembled from APP2 ICC_PROFILE segments in sequence order.
    static func iccProfile(in segments: [Segment]) -> [UInt8]? {
        let tag = Array("ICC_PROFILE".utf8) + [0]
        let chunks = segments.filter { $0.marker == 0xE2 && Array($0.payload.prefix(12)) == tag }
        guard !chunks.isEmpty else { return nil }
        let ordered = chunks.sorted { $0.payload[$0.payload.startIndex + 12] < $1.payload[$1.payload.startIndex + 12] }
        return ordered.flatMap { Array($0.payload.dropFirst(14)) }
    }
}

/// PNG chunks, with their CRCs checked.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Chunk {
        var type: String
        var data: ArraySlice<UInt8>
        var crcMatches: Bool
    }

    static func read(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.starts(with: signature) else { return nil }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(BigEndian.uint32(bytes, offset))
            guard offset + 12 + length <= bytes.count else { return nil }
            let typeAndData = bytes[offset + 4..<offset + 8 + length]
            let crc = BigEndian.uint32(bytes, offset + 8 + length)
            chunks.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
                                data: typeAndData.dropFirst(4), crcMatches: crc == Checksum.crc32(typeAndData)))
            offset += 12 + length
        }
        return offset == bytes.count ? chunks : nil
    }
}

/// RIFF chunks of a WebP file.
enum WebPChunks {
    struct Chunk {
        var fourCC: String
        var data: ArraySlice<UInt8>
    }

    static func read(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8),
              Int(LittleEndian.uint32(bytes, 4)) + 8 == bytes.count else { return nil }
        var chunks: [Chunk] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(LittleEndian.uint32(bytes, offset + 4))
            guard offset + 8 + size <= bytes.count else { return nil }
            chunks.append(Chunk(fourCC: String(decoding: bytes[offset..<offset + 4], as: UTF8.self),
                                data: bytes[offset + 8..<offset + 8 + size]))
            offset += 8 + size + (size & 1)
        }
        return offset == bytes.count ? chunks : nil
    }
}

enum BigEndian {
    static func uint32(_ bytes: some Collection<UInt8>, _ offset: Int) -> UInt32 {
        bytes.dropFirst(offset).prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}

enum LittleEndian {
    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func uint24(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> Int {
        let start = bytes.startIndex + offset
        return Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16
    }
}

enum Checksum {
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
