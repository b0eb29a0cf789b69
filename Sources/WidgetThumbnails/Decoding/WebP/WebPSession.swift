/// One WebP input opened for decoding: its chunk walk (`WebPFile`) and its bytes. Its source
/// decodes once, shrunk on load (libwebp's scaled decode), and keeps that decoded image, so
/// the byte-budget search resamples smaller sizes without decoding again.
final class WebPSession: DecodingSession {
    let file: WebPFile
    let bytes: [UInt8]

    init(file: WebPFile, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    var info: ImageInfo { file.info }

    func source(for options: DecodeOptions) throws(ImageError) -> any ScaledSource {
        try WebPDecoder.decode(bytes, file: file, options: options)
    }
}
