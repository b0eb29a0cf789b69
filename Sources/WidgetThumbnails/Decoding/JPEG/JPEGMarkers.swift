/// What the JPEG marker segments before the first scan say: the frame header, the EXIF
/// orientation, the ICC profile and the Adobe APP14 transform. Read by a bounds-checked walk
/// that never reads past the end and stops at the first SOS (start of scan); a malformed or
/// truncated segment ends the walk, keeping what was found so far.
struct JPEGMarkers: Sendable, Equatable {
    /// The first SOFn segment.
    struct Frame: Sendable, Equatable {
        /// The marker's second byte: 0xC0 baseline ... 0xCF.
        var marker: UInt8
        /// Bits per sample (8; 12 in extended files; 2-16 in lossless ones).
        var precision: Int
        var size: PixelSize
        var componentCount: Int
        /// The first component's sampling factors, horizontal in the high nibble (0x22 for
        /// the luma of a 4:2:0 file, 0x11 when every component has full resolution).
        var firstSampling: UInt8?

        /// SOF2 (Huffman) and SOF10 (arithmetic) code the image in several scans.
        var isProgressive: Bool { marker == 0xC2 || marker == 0xCA }
        /// SOF9-SOF11: arithmetic entropy coding.
        var isArithmetic: Bool { marker >= 0xC9 && marker <= 0xCB }
        /// SOF3, SOF7, SOF11, SOF15: lossless (predictive) JPEG.
        var isLossless: Bool { marker & 0x03 == 0x03 }
        /// SOF5-SOF7, SOF13-SOF15: hierarchical (differential) JPEG.
        var isHierarchical: Bool { (0xC5...0xC7).contains(marker) || (0xCD...0xCF).contains(marker) }
    }

    var frame: Frame?
    var orientation: EXIFOrientation = .up
    var iccProfile: ICCProfile?
    /// The Adobe APP14 transform flag (0 none, 1 YCbCr, 2 YCCK), or nil when there is no Adobe
    /// marker. Its presence also means CMYK samples are stored inverted (Photoshop's habit).
    var adobeTransform: Int?
    /// False when the bytes ran out before the walk reached the first scan (or the end-of-image
    /// marker, or a malformed segment): more of the file may hold more metadata.
    var isComplete = false

    init(_ bytes: [UInt8], maxMetadataBytes: Int) {
        var icc = JPEGICCChunks(maxBytes: maxMetadataBytes)
        var sawEXIF = false
        var position = 2 // after SOI
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { isComplete = true; return }
        walk: while position < bytes.count {
            // Tolerate garbage between segments the way libjpeg does: skip to the next 0xFF,
            // then over fill bytes.
            while position < bytes.count, bytes[position] != 0xFF { position += 1 }
            while position < bytes.count, bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { break }
            let marker = bytes[position]
            position += 1
            switch marker {
            case 0x01, 0xD0...0xD8: continue walk // standalone markers carry no length
            case 0xD9, 0xDA:                      // EOI, SOS: the metadata is behind us
                isComplete = true
                break walk
            default: break
            }
            guard position + 2 <= bytes.count else { break }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2 else { isComplete = true; break }
            guard position + length <= bytes.count else { break }
            let payload = bytes[(position + 2)..<(position + length)]
            position += length

            switch marker {
            case 0xE1 where !sawEXIF && payload.starts(with: Self.exifSignature):
                sawEXIF = true
                orientation = EXIFReader.orientation(inEXIF: payload)
            case 0xE2 where payload.starts(with: Self.iccSignature):
                icc.add(payload.dropFirst(Self.iccSignature.count))
            case 0xEE where payload.count >= 12 && payload.starts(with: Self.adobeSignature):
                adobeTransform = Int(payload[payload.startIndex + 11])
            case 0xC0...0xCF where frame == nil && ![0xC4, 0xC8, 0xCC].contains(marker):
                frame = Self.frame(marker: marker, payload)
            default:
                break
            }
        }
        iccProfile = icc.profile()
    }

    private static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let iccSignature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
    private static let adobeSignature: [UInt8] = Array("Adobe".utf8)

    private static func frame(marker: UInt8, _ payload: ArraySlice<UInt8>) -> Frame? {
        guard payload.count >= 6 else { return nil }
        let p = payload.startIndex
        return Frame(marker: marker,
                     precision: Int(payload[p]),
                     size: PixelSize(width: Int(payload[p + 3]) << 8 | Int(payload[p + 4]),
                                     height: Int(payload[p + 1]) << 8 | Int(payload[p + 2])),
                     componentCount: Int(payload[p + 5]),
                     firstSampling: payload.count >= 9 ? payload[p + 7] : nil)
    }
}
