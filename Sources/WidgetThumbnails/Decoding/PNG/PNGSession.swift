/// One PNG input opened for decoding: libpng reads the header and metadata once, and that
/// reader decodes the first size asked for. libpng cannot rewind its source, so a second size
/// (the byte-budget search shrinking) opens the file again.
///
/// The session exists only inside `withSession`, which keeps the bytes (or the open file)
/// alive and frees libpng's state on every path. It is its own pixel source: PNG has no
/// scaled decode, so its rows stream at full size, whatever the box.
final class PNGSession: DecodingSession, StreamedSource {
    /// The PNG's bytes in memory, or its open file read row by row.
    private let source: EncodedInput
    private let options: DecodeOptions
    /// The reader that read the header, until the first decode takes it.
    private var opened: PNGRowReader?
    /// The probe's facts: size, colour model, depth, alpha, scan order, ICC, orientation.
    let info: ImageInfo

    /// Opens `source` within `options`' limits and strictness, and runs `body` with the
    /// session; libpng's state is freed when it returns. Errors from a file name it.
    static func withSession<Result>(
        _ source: EncodedInput, options: DecodeOptions, _ body: (PNGSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        func run(_ reader: consuming PNGRowReader) throws(ImageError) -> Result {
            let session = PNGSession(source: source, options: options, reader: reader)
            defer { session.opened = nil }
            return try body(session)
        }
        switch source {
        case .bytes(let bytes):
            return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> Result in
                try run(options.strictness.open { (mode) throws(ImageError) in
                    try PNGRowReader.open(buffer, options: DecodeOptions(limits: options.limits, strictness: mode))
                })
            }
        case .file(let file):
            return try run(options.strictness.open { (mode) throws(ImageError) in
                try PNGRowReader.open(file, options: DecodeOptions(limits: options.limits, strictness: mode))
            })
        }
    }

    private init(source: EncodedInput, options: DecodeOptions, reader: consuming PNGRowReader) {
        self.source = source
        self.options = options
        info = reader.info
        opened = consume reader
    }

    /// Runs `body` with a reader at the first row: the session's own the first time, a new
    /// one (the file opened again) after.
    func withReader<Result>(_ body: (inout PNGRowReader) throws(ImageError) -> Result) throws(ImageError) -> Result {
        if var reader = opened.take() {
            do {
                return try body(&reader)
            } catch {
                // As `PNGRowReader.withReader` names a file's errors.
                guard case .file(let file) = source else { throw error }
                throw error.naming(file.path)
            }
        }
        switch source {
        case .bytes(let bytes): return try PNGRowReader.withReader(bytes, options: options, body)
        case .file(let file): return try PNGRowReader.withReader(file, options: options, body)
        }
    }

    func source(for options: DecodeOptions) throws(ImageError) -> any ScaledSource { self }

    func withRows<Result>(_ body: (PixelSize, RowFeed) throws(ImageError) -> Result) throws(ImageError) -> Result {
        try withReader { (reader) throws(ImageError) -> Result in
            try body(reader.info.size) { consume throws(ImageError) in try reader.forEachRow { _, row in consume(row) } }
        }
    }
}
