import CTurboJPEG

/// One JPEG input opened for decoding: the marker walk and libjpeg's header are read once,
/// and the reader that read the header is the one that decodes the first size asked for.
/// libjpeg cannot rewind its source, so a second size (the byte-budget search shrinking)
/// opens libjpeg again, on the marker walk the first open kept; the walk never runs twice.
///
/// The session exists only inside `withSession`, which keeps the bytes (or the open file)
/// alive and frees libjpeg's state on every path:
///
///     try JPEGSession.withSession(source, limits: limits, strictness: .lenient) { session in
///         try session.withScaledReader(targetBox: box) { plan, reader throws(ImageError) in ... }
///     }
final class JPEGSession: DecodingSession {
    /// The probe's facts, from the marker walk and libjpeg's header.
    let info: ImageInfo
    private let source: EncodedInput
    private let markers: JPEGMarkers
    private let output: wt_jpeg_output
    private let limits: DecodeLimits
    private let strictness: Strictness
    /// The reader that read the header, until the first decode takes it.
    private var opened: JPEGRowReader?
    /// libjpeg's first warning of a finished decode (`DecodingSession.damage`).
    var damage: String?

    /// Walks `source`'s markers, opens libjpeg on it (`strictness` decides whether a warning
    /// refuses the file) and runs `body` with the session; libjpeg's state is freed when it returns.
    static func withSession<Result>(
        _ source: EncodedInput, limits: DecodeLimits, strictness: Strictness,
        _ body: (JPEGSession) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        let markers = try JPEGDecoder.walk(source, limits: limits)
        func run(_ reader: consuming JPEGRowReader) throws(ImageError) -> Result {
            let (info, output) = try JPEGDecoder.inspect(markers, reader.header, limits: limits)
            let session = JPEGSession(info: info, source: source, markers: markers, output: output,
                                      limits: limits, strictness: strictness, reader: reader)
            defer { session.opened = nil }
            return try body(session)
        }
        switch source {
        case .bytes(let bytes):
            return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> Result in
                try run(strictness.open { (mode) throws(ImageError) in try JPEGRowReader.open(buffer, strictness: mode) })
            }
        case .file(let file):
            return try run(strictness.open { (mode) throws(ImageError) in try JPEGRowReader.open(file, strictness: mode) })
        }
    }

    private init(info: ImageInfo, source: EncodedInput, markers: JPEGMarkers, output: wt_jpeg_output,
                 limits: DecodeLimits, strictness: Strictness, reader: consuming JPEGRowReader) {
        self.info = info
        self.source = source
        self.markers = markers
        self.output = output
        self.limits = limits
        self.strictness = strictness
        opened = consume reader
    }

    /// Starts a reader at the shrink-on-load scale for `targetBox` (full size without one) and
    /// runs `body` with the plan and the reader, ready to hand out `plan.size.height` rows. The
    /// first call uses the reader the session opened; later calls open libjpeg again.
    func withScaledReader<Result>(
        targetBox: PixelSize?,
        _ body: (JPEGDecoder.Plan, inout JPEGRowReader) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        if var reader = opened.take() {
            return try start(&reader, info: info, output: output, targetBox: targetBox, body)
        }
        return try source.withJPEGReader(strictness: strictness) { (reader) throws(ImageError) -> Result in
            let (info, output) = try JPEGDecoder.inspect(markers, reader.header, limits: limits)
            return try start(&reader, info: info, output: output, targetBox: targetBox, body)
        }
    }

    private func start<Result>(
        _ reader: inout JPEGRowReader, info: ImageInfo, output: wt_jpeg_output, targetBox: PixelSize?,
        _ body: (JPEGDecoder.Plan, inout JPEGRowReader) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        let maxPixelsPerByte = JPEGDecoder.maxPixelsPerByte
        guard info.size.area <= source.count * maxPixelsPerByte else {
            throw ImageError(.corruptImage, "\(source.count) bytes cannot hold a \(info.size) JPEG (at most \(maxPixelsPerByte) pixels a byte): most of its data is missing")
        }
        var scale = JPEGScale.full
        if let box = targetBox {
            guard box.width > 0, box.height > 0 else {
                throw ImageError(.invalidArgument, "the target box \(box) is empty")
            }
            let minimum = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: box)
            scale = JPEGScale.choose(stored: info.size, minimum: minimum)
        }
        let size = try reader.start(scale: scale, output: output)
        return try body(JPEGDecoder.Plan(info: info, scale: scale, size: size), &reader)
    }
}

extension JPEGSession {
    /// The rows at the DCT scale for `options.targetBox`, streamed straight from libjpeg
    /// (shrink-on-load; a progressive JPEG still needs libjpeg's coefficient buffer).
    func source(for options: DecodeOptions) throws(ImageError) -> any ScaledSource {
        JPEGRows(session: self, targetBox: options.targetBox)
    }
}

/// A JPEG's rows at the DCT scale for `targetBox`: the session's reader for the first size,
/// libjpeg opened again on the kept marker walk for a second.
struct JPEGRows: StreamedSource {
    let session: JPEGSession
    let targetBox: PixelSize?

    func withRows<Result>(_ body: (PixelSize, RowFeed) throws(ImageError) -> Result) throws(ImageError) -> Result {
        try session.withScaledReader(targetBox: targetBox) { (plan, reader) throws(ImageError) -> Result in
            try body(plan.size) { consume throws(ImageError) in
                try reader.forEachRows { rows in consume(rows) }
                // A truncated scan comes out grey, with a warning only libjpeg gave.
                session.damage = session.damage ?? reader.warning
            }
        }
    }
}
