import Testing
@testable import WidgetThumbnails

/// What a decode of hostile, corrupt or truncated input may give where a library
/// (libjpeg-turbo, libpng, libwebp) decides what happens. Debian's security updates change those
/// decisions, so a test of such input asserts our safety property instead of the library's
/// outcome: a picture at exactly the size the probe reported, or a refusal with a typed
/// `ImageError`. Both are safe; a test that accepts both says so where it calls this. Time and
/// memory bounds stay with each test; our own checks keep their own words there too.
enum HostileOutcome {
    /// What a decoder may say about bad bytes. Not `io` (the input is in memory, or a file that
    /// did not change), `invalidArgument` (a caller's mistake) or `budgetUnreachable` (an encoder's).
    static let refusals: Set<ImageError.Code> = [.corruptImage, .tooLarge, .unsupportedFormat]

    /// The size the probe reports for `bytes`, or nil when it refuses them (then a decode must
    /// refuse them too: no size was reported, so any picture would be at another one).
    static func probedSize(_ bytes: [UInt8], limits: DecodeLimits = .default) -> PixelSize? {
        try? ImageDecoder.probe(bytes, limits: limits).size
    }

    /// Expects `result` to be a picture of `size` (with a pixel for every position), or, when
    /// `size` is nil or not, a refusal whose code is one of `codes`, naming `file` when one is
    /// given. Returns the picture, for the caller's own checks.
    @discardableResult
    static func expectPictureOrRefusal(
        _ result: Result<RGBAImage, ImageError>, size: PixelSize?, codes: Set<ImageError.Code> = refusals,
        file: String? = nil, _ context: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> RGBAImage? {
        switch result {
        case .success(let image):
            guard let size else {
                Issue.record("\(context): a \(image.size) picture where the probe reported no size", sourceLocation: sourceLocation)
                return nil
            }
            #expect(image.size == size, "\(context): a picture at a size the probe did not report", sourceLocation: sourceLocation)
            #expect(image.pixels.count == image.size.area * 4, "\(context): \(image.pixels.count) bytes for \(image.size)",
                    sourceLocation: sourceLocation)
            return image.size == size ? image : nil
        case .failure(let error):
            #expect(codes.contains(error.code), "\(context): \(error)", sourceLocation: sourceLocation)
            #expect(!error.reason.isEmpty, "\(context): \(error)", sourceLocation: sourceLocation)
            if let file {
                #expect(error.file == file && error.description.hasPrefix("\(file): "), "\(context): \(error)",
                        sourceLocation: sourceLocation)
            }
            return nil
        }
    }

    /// The same for a whole decode: its facts must be the probe's (`probed`) and its picture
    /// `decodedSize` (what shrink-on-load makes of `probed`; `probed` itself by default).
    @discardableResult
    static func expectPictureOrRefusal(
        _ result: Result<DecodedImage, ImageError>, probed: PixelSize?, decodedSize: PixelSize? = nil,
        codes: Set<ImageError.Code> = refusals, file: String? = nil, _ context: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> DecodedImage? {
        if case .success(let decoded) = result, let probed {
            #expect(decoded.info.size == probed, "\(context): the decode's facts are not the probe's", sourceLocation: sourceLocation)
        }
        let image = expectPictureOrRefusal(result.map(\.image), size: probed.map { decodedSize ?? $0 }, codes: codes,
                                           file: file, context, sourceLocation: sourceLocation)
        return image == nil ? nil : try? result.get()
    }
}
