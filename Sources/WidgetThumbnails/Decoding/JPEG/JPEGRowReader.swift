import CShimMessage
import CTurboJPEG

/// Streams a JPEG's pixels as RGBA8 rows at a DCT scale, top to bottom, over libjpeg's scanline
/// API (the CTurboJPEG shim's `wt_jpeg_reader`), so the resampler consumes them as they come.
///
/// Memory: libjpeg's row buffers for a baseline file (a few MCU rows, growing with the width),
/// plus, for a progressive file, its coefficient buffer (2 bytes per coefficient of the whole
/// image, whatever the scale). From a file, a 64 KiB read buffer instead of the file.
///
/// The reader only exists inside `withReader`, which keeps the bytes (or the open file) alive and
/// frees libjpeg's state on every path:
///
///     try JPEGRowReader.withReader(bytes, strictness: .lenient) { reader throws(ImageError) in
///         let size = try reader.start(scale: scale, output: output)
///         try reader.forEachRows { rows throws(ImageError) in consume(rows) }
///     }
struct JPEGRowReader: ~Copyable {
    /// What jpeg_read_header found.
    struct Header: Sendable, Equatable {
        var size: PixelSize
        var colorspace: wt_jpeg_colorspace
        var componentCount: Int
        var isProgressive: Bool
    }

    let header: Header
    /// The decoded size, once `start` has run.
    private(set) var outputSize: PixelSize?
    /// The index of the next row `readRows` delivers.
    private(set) var nextRow = 0
    private let handle: OpaquePointer

    /// The first libjpeg warning (lenient mode keeps going), e.g. "Premature end of JPEG file".
    var warning: String? {
        let text = ShimMessage.text(of: wt_jpeg_reader_warning(handle))
        return text.isEmpty ? nil : text
    }

    /// Opens `bytes` (headers read, nothing image-sized allocated) and runs `body` with the reader.
    static func withReader<Result>(
        _ bytes: [UInt8], strictness: Strictness,
        _ body: (inout JPEGRowReader) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> Result in
            try run(body) { handle, info, message in
                wt_jpeg_reader_open(buffer.baseAddress, buffer.count, flags(strictness), &handle, &info, message)
            }
        }
    }

    /// Opens the JPEG in `file` and runs `body` with the reader, which reads the file in order
    /// through a 64 KiB buffer as rows are asked for. A file that shrinks meanwhile, or a failed
    /// read, is an `io` error; errors are not named here (the caller names the file).
    static func withReader<Result>(
        _ file: OpenInputFile, strictness: Strictness,
        _ body: (inout JPEGRowReader) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        // The reader reads `file.descriptor` until it is destroyed, inside this call.
        defer { withExtendedLifetime(file) {} }
        return try run(body) { handle, info, message in
            wt_jpeg_reader_open_file(file.descriptor, UInt64(file.size), flags(strictness), &handle, &info, message)
        }
    }

    private static func flags(_ strictness: Strictness) -> Int32 {
        strictness == .strict ? Int32(WT_JPEG_READER_STRICT) : 0
    }

    private static func run<Result>(
        _ body: (inout JPEGRowReader) throws(ImageError) -> Result,
        opening open: (inout OpaquePointer?, inout wt_jpeg_reader_info, UnsafeMutablePointer<wt_message>) -> wt_status
    ) throws(ImageError) -> Result {
        var handle: OpaquePointer?
        var info = wt_jpeg_reader_info()
        try ShimStatus.check { message in open(&handle, &info, message) }
        guard let handle else { throw ImageError(.corruptImage, "libjpeg returned no reader") }
        let header = Header(size: PixelSize(width: Int(info.width), height: Int(info.height)),
                            colorspace: info.colorspace, componentCount: Int(info.components),
                            isProgressive: info.progressive != 0)
        var reader = JPEGRowReader(handle: handle, header: header)
        return try body(&reader)
    }

    private init(handle: OpaquePointer, header: Header) {
        self.handle = handle
        self.header = header
    }

    deinit { wt_jpeg_reader_destroy(handle) }

    /// Starts decoding at `scale` with `output` deciding how samples become RGBA; returns the
    /// decoded size (`scale.scaled(header.size)`). A progressive file is read whole here.
    mutating func start(scale: JPEGScale, output: wt_jpeg_output) throws(ImageError) -> PixelSize {
        var width: Int32 = 0, height: Int32 = 0
        let handle = handle
        try ShimStatus.check { message in
            wt_jpeg_reader_start(handle, Int32(scale.num), Int32(scale.denom), output, &width, &height, message)
        }
        let size = PixelSize(width: Int(width), height: Int(height))
        // The caller sized its plan (and the resampler) on this rounding: a mismatch is a bug.
        guard size == scale.scaled(header.size) else {
            throw ImageError(.corruptImage, "libjpeg decodes \(header.size) at \(scale) to \(size), not \(scale.scaled(header.size))")
        }
        outputSize = size
        return size
    }

    /// Writes the next `count` rows (`outputSize.width * 4` bytes each, packed) into `buffer`.
    mutating func readRows(into buffer: UnsafeMutableRawBufferPointer, count: Int) throws(ImageError) {
        guard let size = outputSize, count >= 0, count <= size.height - nextRow,
              buffer.count >= count * size.width * 4 else {
            throw ImageError(.invalidArgument, "readRows(count: \(count)) with \(buffer.count) bytes at row \(nextRow)")
        }
        guard count > 0 else { return }
        let target = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let handle = handle
        try ShimStatus.check { message in
            wt_jpeg_reader_read_rows(handle, target, Int32(count), message)
        }
        nextRow += count
    }

    /// Calls `body` with the remaining rows, a few at a time (packed, valid only during the
    /// call), after `start`. Batches keep the per-call overhead off the hot path while the
    /// buffer stays a few rows tall.
    mutating func forEachRows(
        rowsPerBatch: Int = 8,
        _ body: (_ rows: UnsafeBufferPointer<UInt8>) throws(ImageError) -> Void
    ) throws(ImageError) {
        guard let size = outputSize else {
            throw ImageError(.invalidArgument, "forEachRows before start")
        }
        let rowBytes = size.width * 4
        let batch = UnsafeMutableRawBufferPointer.allocate(byteCount: rowBytes * rowsPerBatch, alignment: 16)
        defer { batch.deallocate() }
        while nextRow < size.height {
            let count = min(rowsPerBatch, size.height - nextRow)
            try readRows(into: batch, count: count)
            try body(UnsafeBufferPointer(start: batch.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                         count: count * rowBytes))
        }
    }
}
