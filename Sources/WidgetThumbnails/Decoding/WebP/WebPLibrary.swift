import CShimMessage
import CWebP

/// The CWebP shim seen from Swift: each call returns a value or throws `ImageError` with the
/// shim's own sentence. Only the WebP decoder uses it.
enum WebPLibrary {
    /// What the chunk walk found, before libwebp allocates anything.
    struct Header {
        /// Canvas size (VP8X) or bitstream size (simple file), as declared.
        var size: PixelSize
        var isExtended: Bool
    }

    /// The rows a truncated decode could still produce (lenient mode only).
    struct Truncation: Error {
        var rowsDecoded: Int
        var error: ImageError
    }

    static func readHeader(_ bytes: [UInt8], maxChunks: UInt32) throws(ImageError) -> Header {
        var header = wt_webp_header()
        try ShimStatus.check { message in
            bytes.withUnsafeBufferPointer { data in
                wt_webp_read_header(data.baseAddress, data.count, maxChunks, &header, message)
            }
        }
        return Header(size: PixelSize(width: Int(header.width), height: Int(header.height)),
                      isExtended: header.is_extended != 0)
    }

    static func probe(_ bytes: [UInt8]) throws(ImageError) -> wt_webp_info {
        var info = wt_webp_info()
        try ShimStatus.check { message in
            bytes.withUnsafeBufferPointer { data in
                wt_webp_probe(data.baseAddress, data.count, &info, message)
            }
        }
        return info
    }

    /// Decodes `bitstream` (a byte range of `bytes`) into `canvas` (rows of `canvasWidth`
    /// pixels) at `placement`, scaled to the placement's size. Returns normally only for a
    /// complete decode, which writes every pixel of the placement.
    static func decode(_ bytes: [UInt8], bitstream: Range<Int>, into canvas: UnsafeMutableBufferPointer<UInt8>,
                       canvasWidth: Int, placement: WebPFramePlacement, allowPartial: Bool) throws(Truncation) {
        var rows: Int32 = 0
        let first = (placement.y * canvasWidth + placement.x) * 4
        let (status, text) = ShimMessage.call { message in
            bytes.withUnsafeBufferPointer { data in
                wt_webp_decode(data.baseAddress! + bitstream.lowerBound, bitstream.count,
                               canvas.baseAddress! + first, canvas.count - first, Int32(canvasWidth * 4),
                               Int32(placement.size.width), Int32(placement.size.height),
                               allowPartial ? 1 : 0, &rows, message)
            }
        }
        guard status == WT_STATUS_OK else {
            throw Truncation(rowsDecoded: status == WT_STATUS_TRUNCATED ? Int(rows) : 0,
                             error: ShimStatus.error(status, text))
        }
    }

    /// libwebp's decoder version as 0xMMmmrr; 1.2.4 or later carries the CVE-2023-4863 fix
    /// (with Debian's 1.2.4-0.2+deb12u1 patch).
    static var version: Int { Int(wt_webp_library_version()) }
}
