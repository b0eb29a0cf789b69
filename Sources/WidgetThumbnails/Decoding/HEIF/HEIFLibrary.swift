import CHEIF
import CShimMessage

/// The CHEIF shim seen from Swift: two owners of libheif objects that free them when released,
/// and calls that return a value or throw `ImageError` with the shim's own sentence. Only the
/// HEIF decoder uses it.
enum HEIFLibrary {
    /// libheif decodes a grid's tiles in the calling thread: parallelism comes from `--jobs`
    /// (one decode per job), so two jobs on two cores run two threads, not 2 x 2.
    static let decodingThreads: Int32 = 0

    /// A parsed file (libheif keeps its own copy of the bytes).
    final class Context {
        fileprivate let handle: OpaquePointer

        /// Parses `bytes` with libheif's image size limit at `maxSide` per side; `primary` names
        /// the item to use as the primary image when it is not the file's own (nil).
        init(_ bytes: [UInt8], maxSide: Int, primary: UInt32?) throws(ImageError) {
            var opened: OpaquePointer?
            try ShimStatus.check { message in
                bytes.withUnsafeBufferPointer { data in
                    wt_heif_open(data.baseAddress, data.count, Int32(clamping: maxSide), decodingThreads,
                                 primary ?? 0, &opened, message)
                }
            }
            guard let opened else { throw ImageError(.corruptImage, "libheif opened nothing") }
            handle = opened
        }

        deinit { wt_heif_close(handle) }

        func info() throws(ImageError) -> wt_heif_info {
            var info = wt_heif_info()
            try ShimStatus.check { message in wt_heif_read_info(handle, &info, message) }
            return info
        }

        func iccProfile(byteCount: Int) throws(ImageError) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: byteCount)
            try ShimStatus.check { message in
                bytes.withUnsafeMutableBufferPointer { wt_heif_copy_icc(handle, $0.baseAddress, $0.count, message) }
            }
            return bytes
        }

        func exif(byteCount: Int) throws(ImageError) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: byteCount)
            try ShimStatus.check { message in
                bytes.withUnsafeMutableBufferPointer { wt_heif_copy_exif(handle, $0.baseAddress, $0.count, message) }
            }
            return bytes
        }

        /// Decodes the primary (`thumbnail` nil) or that embedded thumbnail, transforms applied,
        /// with HEVC's in-loop filters or without them.
        func decode(thumbnail: UInt32?, strictness: Strictness,
                    loopFilters: HEVCLoopFilters = .applied) throws(ImageError) -> Pixels {
            var pixels: OpaquePointer?
            var width: Int32 = 0
            var height: Int32 = 0
            try ShimStatus.check { message in
                wt_heif_decode(handle, thumbnail ?? 0, strictness == .strict ? 1 : 0,
                               loopFilters == .skipped ? WT_HEIF_LOOP_FILTERS_SKIP : WT_HEIF_LOOP_FILTERS_RUN,
                               &pixels, &width, &height, message)
            }
            guard let pixels else { throw ImageError(.corruptImage, "libheif decoded nothing") }
            return Pixels(pixels, size: PixelSize(width: Int(width), height: Int(height)))
        }
    }

    /// Decoded interleaved pixels, held by libheif until released.
    final class Pixels {
        private let handle: OpaquePointer
        private(set) var size: PixelSize

        fileprivate init(_ handle: OpaquePointer, size: PixelSize) {
            self.handle = handle
            self.size = size
        }

        deinit { wt_heif_pixels_free(handle) }

        /// Keeps only the top-left `target` (no larger than `size`); false when it does not fit.
        func crop(to target: PixelSize) -> Bool {
            guard wt_heif_pixels_crop(handle, Int32(clamping: target.width), Int32(clamping: target.height)) == 0 else {
                return false
            }
            size = target
            return true
        }

        /// Bits per sample as decoded (8, 10, 12).
        var bitDepth: Int { Int(wt_heif_pixels_bits(handle)) }

        /// Rows `rows` as straight RGBA8 into `buffer` (rows of `size.width * 4` bytes).
        func copyRows(_ rows: Range<Int>, into buffer: UnsafeMutableBufferPointer<UInt8>) {
            precondition(rows.lowerBound >= 0 && rows.upperBound <= size.height
                         && buffer.count >= rows.count * size.width * 4, "rows outside the decoded image")
            let status = wt_heif_pixels_copy_rows(handle, Int32(rows.lowerBound), Int32(rows.count),
                                                  buffer.baseAddress, size.width * 4)
            precondition(status == 0, "the HEIF shim refused a checked row range")
        }

        /// The whole image as an `RGBAImage`.
        func rgbaImage() -> RGBAImage {
            let count = size.area * 4
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                copyRows(0..<size.height, into: buffer)
                initialized = count
            }
            return RGBAImage(width: size.width, height: size.height, pixels: pixels)
        }

        /// Streams the rows through the resampler a band at a time: no full-size RGBA copy.
        func resampled(to target: PixelSize) throws(ImageError) -> RGBAImage {
            let stream = try ResamplingStream(sourceSize: size, targetSize: target)
            let bandRows = 16
            var band = [UInt8](repeating: 0, count: bandRows * size.width * 4)
            var row = 0
            while row < size.height {
                let rows = row..<min(size.height, row + bandRows)
                band.withUnsafeMutableBufferPointer { copyRows(rows, into: $0) }
                band.withUnsafeBufferPointer {
                    stream.consume(rows: UnsafeBufferPointer(rebasing: $0[0..<rows.count * size.width * 4]))
                }
                row = rows.upperBound
            }
            return stream.finish()
        }
    }

    static var version: Int { Int(wt_heif_library_version()) }
}
