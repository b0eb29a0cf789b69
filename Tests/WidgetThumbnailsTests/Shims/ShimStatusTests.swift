import CPNG
import CShimMessage
import CTurboJPEG
import CWebP
import Testing
@testable import WidgetThumbnails

/// The C shims return one set of statuses (`wt_status`, wt_message.h) with one meaning each,
/// and `ShimStatus` turns a status into an error code in one place, for decoders and encoders.
@Suite struct ShimStatusTests {
    /// The error a shim call threw, or nil when it returned bytes.
    private func failure(_ body: () throws(ImageError) -> [UInt8]) -> ImageError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// Straight through TurboJPEG's shim, past JPEGEncoder's own size check.
    private func encodeJPEG(width: Int, height: Int) -> ImageError? {
        let pixels = [UInt8](repeating: 128, count: max(1, width * height * 4))
        return failure { () throws(ImageError) in
            try pixels.withUnsafeBufferPointer { (rgba) throws(ImageError) in
                try ShimEncodeCall.run("JPEG", free: { wt_jpeg_encode_free($0) }) { out, size, message in
                    wt_jpeg_encode_rgba(rgba.baseAddress, Int32(width), Int32(height), 80, WT_JPEG_SUBSAMPLING_420,
                                        WT_JPEG_SCAN_BASELINE, WT_JPEG_HUFFMAN_STANDARD, out, size, message)
                }
            }
        }
    }

    /// Straight through libwebp's shim, past WebPEncoder's own size check.
    private func encodeWebP(width: Int, height: Int) -> ImageError? {
        let pixels = [UInt8](repeating: 128, count: width * height * 4)
        var settings = wt_webp_encode_defaults()
        return failure { () throws(ImageError) in
            try pixels.withUnsafeBufferPointer { (rgba) throws(ImageError) in
                try ShimEncodeCall.run("WebP", free: { wt_webp_encode_free($0) }) { out, size, message in
                    wt_webp_encode_rgba(rgba.baseAddress, Int32(width), Int32(height), &settings, nil, 0, out, size, message)
                }
            }
        }
    }

    /// An encoder's failure says what kind it is: an image over the format's size is too large
    /// (it was always "invalid argument" while the encoders returned -1).
    @Test func anEncoderShimsFailureKeepsItsKind() throws {
        let jpeg = try #require(encodeJPEG(width: 65_501, height: 1))
        #expect(jpeg.code == .tooLarge, "\(jpeg)")
        #expect(jpeg.reason.hasPrefix("JPEG encoding failed: "), "\(jpeg)")
        let webp = try #require(encodeWebP(width: 16_384, height: 1))
        #expect(webp.code == .tooLarge, "\(webp)")
        let empty = try #require(encodeJPEG(width: 0, height: 1))
        #expect(empty.code == .invalidArgument, "\(empty)")
        #expect(encodeJPEG(width: 8, height: 8) == nil)
    }

    /// Bytes of no image are WT_STATUS_CORRUPT in every decoder shim, whatever number each
    /// shim's own enum once gave it.
    @Test func garbageIsTheSameStatusInEveryDecoderShim() {
        let garbage = [UInt8](repeating: 0x5A, count: 64)
        let png = ShimMessage.call { message in
            garbage.withUnsafeBufferPointer { wt_png_check_structure($0.baseAddress, $0.count, message) }
        }
        var header = wt_webp_header()
        let webp = ShimMessage.call { message in
            garbage.withUnsafeBufferPointer { wt_webp_read_header($0.baseAddress, $0.count, 16, &header, message) }
        }
        var reader: OpaquePointer?
        var info = wt_jpeg_reader_info()
        let jpeg = ShimMessage.call { message in
            garbage.withUnsafeBufferPointer { wt_jpeg_reader_open($0.baseAddress, $0.count, 0, &reader, &info, message) }
        }
        wt_jpeg_reader_destroy(reader)
        for (status, text) in [png, webp, jpeg] {
            #expect(status == WT_STATUS_CORRUPT, "\(text)")
            #expect(ShimStatus.error(status, text).code == .corruptImage)
        }
    }

    /// The JPEG reader's words moved into its shim with the shared statuses; they read as before.
    @Test func theJPEGReaderSaysWhereItFailed() {
        func open(_ bytes: [UInt8], strict: Bool) -> (status: wt_status, text: String) {
            var reader: OpaquePointer?
            var info = wt_jpeg_reader_info()
            let result = ShimMessage.call { message in
                bytes.withUnsafeBufferPointer {
                    wt_jpeg_reader_open($0.baseAddress, $0.count, strict ? Int32(WT_JPEG_READER_STRICT) : 0,
                                        &reader, &info, message)
                }
            }
            wt_jpeg_reader_destroy(reader)
            return result
        }
        let notJPEG = open([UInt8](repeating: 0x5A, count: 64), strict: false)
        #expect(notJPEG.status == WT_STATUS_CORRUPT && notJPEG.text.hasPrefix("unreadable JPEG header: "), "\(notJPEG.text)")
        // SOI, then nothing that is a marker: libjpeg warns before it gives up (strict mode
        // refuses the warning), or a libjpeg update may give up at once. Either is corrupt, and
        // either way in our words for what happened.
        let endsEarly = [0xFF, 0xD8] + [UInt8](repeating: 0, count: 32)
        let strict = open(endsEarly, strict: true)
        #expect(strict.status == WT_STATUS_CORRUPT, "\(strict.text)")
        #expect(strict.text.hasPrefix("damaged JPEG data (strict mode): ") || strict.text.hasPrefix("unreadable JPEG header: "),
                "\(strict.text)")
        let empty = open([], strict: false)
        #expect(empty.status == WT_STATUS_CORRUPT && empty.text == "unreadable JPEG header: empty input", "\(empty.text)")
    }

    /// One code per status, the same for every shim.
    @Test func eachStatusIsOneErrorCode() {
        let expected: [(wt_status, ImageError.Code)] = [
            (WT_STATUS_CORRUPT, .corruptImage), (WT_STATUS_TRUNCATED, .corruptImage),
            (WT_STATUS_UNSUPPORTED, .unsupportedFormat), (WT_STATUS_TOO_LARGE, .tooLarge),
            (WT_STATUS_NO_MEMORY, .tooLarge), (WT_STATUS_INVALID_ARGUMENT, .invalidArgument), (WT_STATUS_IO, .io),
        ]
        for (status, code) in expected {
            let error = ShimStatus.error(status, "why")
            #expect(error.code == code && error.reason == "why", "\(status.rawValue): \(error)")
        }
    }
}
