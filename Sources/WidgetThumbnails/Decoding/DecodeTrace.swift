import Synchronization

/// Counts the costly steps of opening an input (marker and chunk walks, library opens) for
/// the thumbnail made on the current task, so tests can check that each input is opened once.
/// Nothing is counted unless a test binds a trace:
///
///     let trace = DecodeTrace()
///     try DecodeTrace.$current.withValue(trace) { try pipeline.thumbnail(atPath: path) }
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

    private let jpegMarkerWalks = Atomic(0)
    private let libjpegOpens = Atomic(0)
    private let libpngOpens = Atomic(0)
    private let webpChunkWalks = Atomic(0)
    private let heifOpens = Atomic(0)

    /// How often `event` happened since this trace was made.
    func count(_ event: Event) -> Int {
        switch event {
        case .jpegMarkerWalk: jpegMarkerWalks.load(ordering: .relaxed)
        case .libjpegOpen: libjpegOpens.load(ordering: .relaxed)
        case .libpngOpen: libpngOpens.load(ordering: .relaxed)
        case .webpChunkWalk: webpChunkWalks.load(ordering: .relaxed)
        case .heifOpen: heifOpens.load(ordering: .relaxed)
        }
    }

    /// Counts `event` in the current task's trace, if there is one.
    static func record(_ event: Event) {
        guard let trace = current else { return }
        switch event {
        case .jpegMarkerWalk: trace.jpegMarkerWalks.add(1, ordering: .relaxed)
        case .libjpegOpen: trace.libjpegOpens.add(1, ordering: .relaxed)
        case .libpngOpen: trace.libpngOpens.add(1, ordering: .relaxed)
        case .webpChunkWalk: trace.webpChunkWalks.add(1, ordering: .relaxed)
        case .heifOpen: trace.heifOpens.add(1, ordering: .relaxed)
        }
    }
}
