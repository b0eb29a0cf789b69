/// Counts the costly steps of opening an input (marker and chunk walks, library opens) for
/// the thumbnail made on the current task, so tests can check that each input is opened once.
/// Nothing is counted unless a test binds a trace:
///
///     let trace = DecodeTrace()
///     try DecodeTrace.$current.withValue(trace) { try pipeline.thumbnail(.path(path)) }
///     #expect(trace.count(.libjpegOpen) == 1)
final class DecodeTrace: Sendable {
    /// One costly step of opening an input.
    enum Event: CaseIterable, Sendable {
        /// Our walk over a JPEG's markers (EXIF, ICC, SOF) before libjpeg starts.
        case jpegMarkerWalk
        /// libjpeg reading a JPEG's header (`wt_jpeg_reader_open`).
        case libjpegOpen
        /// libpng reading a PNG's header and metadata (`wt_png_reader_open`).
        case libpngOpen
        /// The RIFF chunk walk and libwebpdemux over a WebP (`WebPFile`).
        case webpChunkWalk
        /// Our HEIF box walk and libheif's parse (`HEIFFile`).
        case heifOpen
    }

    /// The trace the current task counts into; nil (the default) counts nothing.
    @TaskLocal static var current: DecodeTrace?

    /// How often each event happened, in the one lock every shared state uses (`Locked`).
    private let counts = Locked([Event: Int]())

    /// How often `event` happened since this trace was made.
    func count(_ event: Event) -> Int {
        counts.withLock { $0[event, default: 0] }
    }

    /// Counts `event` in the current task's trace, if there is one.
    static func record(_ event: Event) {
        guard let trace = current else { return }
        trace.counts.withLock { $0[event, default: 0] += 1 }
    }
}
