/// Reads the orientation tag from an EXIF (TIFF) block, as found in a JPEG APP1 segment after
/// "Exif\0\0", a PNG eXIf chunk or a WebP EXIF chunk. Bounds-checked; anything malformed or
/// out of range counts as "no orientation" (`.up`), never an error: a bad tag must not cost a
/// picture.
public enum EXIFReader {
    /// The orientation in a TIFF-structured block (starting with "II" or "MM"), or `.up` when the
    /// block is malformed or has no valid orientation tag in its first IFD.
    public static func orientation(inTIFF tiff: some Collection<UInt8>) -> EXIFOrientation {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return .up }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return .up
        }
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            let a = Int(bytes[offset]), b = Int(bytes[offset + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func u32(_ offset: Int) -> Int? {
            guard let high = u16(bigEndian ? offset : offset + 2),
                  let low = u16(bigEndian ? offset + 2 : offset) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return .up }
        for index in 0..<min(count, 1000) {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return .up }
            // Orientation is a SHORT (type 3) with count 1; its value sits in the entry.
            if tag == 0x0112, u16(entry + 2) == 3, let value = u16(entry + 8) {
                return EXIFOrientation(rawValue: value) ?? .up
            }
        }
        return .up
    }

    /// The same for a block that may start with the JPEG APP1 "Exif\0\0" prefix.
    public static func orientation(inEXIF block: some Collection<UInt8>) -> EXIFOrientation {
        let prefix: [UInt8] = Array("Exif".utf8) + [0, 0]
        let bytes = Array(block)
        if bytes.starts(with: prefix) { return orientation(inTIFF: bytes.dropFirst(prefix.count)) }
        return orientation(inTIFF: bytes)
    }
}
