import CPNG
import CShimMessage

/// Streams a PNG's pixels as RGBA8 rows (straight alpha, `width * 4` bytes each), top to
/// bottom, so a resampler can consume them without the whole image in memory.
///
/// Memory: for a non-interlaced PNG libpng holds one row, and the caller's buffer is all the
/// pixel memory there is. An Adam7 (interlaced) PNG has no final row until the last pass, so
/// its first read decodes the whole image into a buffer the reader owns (width x height x 4
/// bytes, within the pixel limit) and later reads copy rows out of it; `readRows` asking for
/// every row at once decodes straight into the caller's buffer instead.
///
/// The reader only exists inside `withReader`, which keeps the file's bytes (or the open
/// file) alive and the libpng state freed on every path:
///
///     try PNGRowReader.withReader(bytes) { reader throws(ImageError) in
///         try reader.forEachRow { y, row throws(ImageError) in consume(y, row) }
///     }
public struct PNGRowReader: ~Copyable {
    /// The probe's facts: size, colour model, depth, alpha, scan order, ICC, orientation.
    public let info: ImageInfo
    /// The index of the next row `readRows` delivers (`info.size.height` when done).
    public private(set) var nextRow = 0
    private let handle: OpaquePointer

    /// Bytes in one output row.
    public var rowBytes: Int { info.size.width * 4 }

    /// The first libpng warning so far (lenient mode), e.g. a bad CRC on an ancillary chunk.
    public var warning: String? {
        let text = ShimMessage.text(of: wt_png_reader_warning(handle))
        return text.isEmpty ? nil : text
    }

    /// The most bytes libpng and zlib held at once for this reader (capped by the shim at
    /// 32 MiB + 4 x `maxMetadataBytes`). Excludes the rows themselves and an Adam7 image buffer.
    public var libpngPeakBytes: Int { Int(wt_png_reader_peak_allocated(handle)) }

    /// Opens `bytes` (header and metadata read, limits checked, nothing image-sized allocated)
    /// and runs `body` with the reader.
    public static func withReader<Result>(
        _ bytes: [UInt8], options: DecodeOptions = DecodeOptions(),
        _ body: (inout PNGRowReader) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try checkDeclaredSize(bytes, limits: options.limits)
        var limits = cLimits(options)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> Result in
            try run(body) { handle, info, message in
                wt_png_reader_open(buffer.baseAddress, buffer.count, &limits, &handle, &info, message)
            }
        }
    }

    /// Opens the PNG in `file` and runs `body` with the reader, reading the file as the rows
    /// are asked for: the chunk walk reads chunk headers (and eXIf), libpng reads the file in
    /// order through a 64 KiB buffer. Memory is the same as for bytes minus the file itself, so
    /// it grows with the width, not with the file. Same limits and errors as for bytes (plus
    /// `io` when reading fails), every error naming the file.
    public static func withReader<Result>(
        _ file: OpenInputFile, options: DecodeOptions = DecodeOptions(),
        _ body: (inout PNGRowReader) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        // The reader reads `file.descriptor` until it is destroyed, inside this call.
        defer { withExtendedLifetime(file) {} }
        do {
            try checkDeclaredSize(file.read(at: 0, count: 24), limits: options.limits)
            var limits = cLimits(options)
            return try run(body) { handle, info, message in
                wt_png_reader_open_file(file.descriptor, UInt64(file.size), &limits, &handle, &info, message)
            }
        } catch {
            throw error.naming(file.path)
        }
    }

    private static func cLimits(_ options: DecodeOptions) -> wt_png_limits {
        wt_png_limits(
            max_dimension: UInt32(clamping: options.limits.maxDimension),
            max_pixels: UInt64(clamping: options.limits.maxPixels),
            max_metadata_bytes: UInt64(clamping: options.limits.maxMetadataBytes),
            strict: options.strictness == .strict ? 1 : 0)
    }

    /// Opens a reader with `open` (a shim call) and runs `body` with it; the reader's deinit
    /// frees the libpng state on every path.
    private static func run<Result>(
        _ body: (inout PNGRowReader) throws(ImageError) -> Result,
        opening open: (inout OpaquePointer?, inout wt_png_info, UnsafeMutablePointer<wt_message>) -> wt_status
    ) throws(ImageError) -> Result {
        var handle: OpaquePointer?
        var cInfo = wt_png_info()
        try ShimStatus.check { message in open(&handle, &cInfo, message) }
        guard let handle else { throw ImageError(.corruptImage, "libpng returned no reader") }
        var reader = PNGRowReader(handle: handle, info: imageInfo(cInfo))
        return try body(&reader)
    }

    private init(handle: OpaquePointer, info: ImageInfo) {
        self.handle = handle
        self.info = info
    }

    deinit { wt_png_reader_destroy(handle) }

    /// Writes the next `count` rows, packed, into `buffer` (at least `count * rowBytes` bytes).
    /// After the last row the rest of the file is read and checked.
    public mutating func readRows(into buffer: UnsafeMutableRawBufferPointer, count: Int) throws(ImageError) {
        guard count >= 0, count <= info.size.height - nextRow, buffer.count >= count * rowBytes else {
            throw ImageError(.invalidArgument,
                             "readRows(count: \(count)) with \(buffer.count) bytes at row \(nextRow) of \(info.size.height)")
        }
        guard count > 0 else { return }
        let target = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let handle = handle
        try ShimStatus.check { message in
            wt_png_reader_read_rows(handle, target, UInt32(count), message)
        }
        nextRow += count
    }

    /// Calls `body` with each remaining row index and its pixels (valid only during the call).
    public mutating func forEachRow(
        _ body: (_ row: Int, _ pixels: UnsafeBufferPointer<UInt8>) throws(ImageError) -> Void
    ) throws(ImageError) {
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rowBytes, alignment: 16)
        defer { row.deallocate() }
        while nextRow < info.size.height {
            let index = nextRow
            try readRows(into: row, count: 1)
            try body(index, UnsafeBufferPointer(row.bindMemory(to: UInt8.self)))
        }
    }

    /// Refuses a declared size over the limits from the IHDR bytes, before libpng starts, so
    /// the message matches the other decoders'. The shim checks again (libpng user limits and
    /// a 64-bit area check after png_read_info).
    private static func checkDeclaredSize(_ bytes: [UInt8], limits: DecodeLimits) throws(ImageError) {
        guard bytes.count >= 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return }
        func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        try limits.check(PixelSize(width: be32(16), height: be32(20)))
    }

    private static func imageInfo(_ c: wt_png_info) -> ImageInfo {
        let colorModel: ImageInfo.ColorModel = switch c.color_type {
        case 0: .gray
        case 2: .rgb
        case 3: .palette
        case 4: .grayAlpha
        default: .rgba
        }
        let icc = c.icc.map { ICCProfile(data: Array(UnsafeBufferPointer(start: $0, count: c.icc_length))) }
        let orientation = c.exif.map {
            EXIFReader.orientation(inEXIF: UnsafeBufferPointer(start: $0, count: c.exif_length))
        } ?? .up
        return ImageInfo(
            format: .png, size: PixelSize(width: Int(c.width), height: Int(c.height)),
            orientation: orientation, colorModel: colorModel,
            hasAlpha: c.color_type & 4 != 0 || c.has_trns != 0, bitDepth: Int(c.bit_depth),
            scanOrder: c.interlaced != 0 ? .interlaced : .sequential, iccProfile: icc)
    }
}
