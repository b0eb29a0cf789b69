import Testing
import TestSupport
import WidgetThumbnails
import WidgetThumbsBatch
@testable import widget_thumbs

/// What the tool says it reads and what its walks take come from the input formats' rows
/// (`SourceFormat`), and `inspect`'s decode scale is the session's.
@Suite struct ReadableFormatsTests {
    @Test func theWalksAndHelpComeFromTheRows() {
        #expect(ReadableFormats.walkedExtensions == SourceFormat.allCases.flatMap(\.fileExtensions))
        #expect(CheckInputs.bitmapExtensions == Set(SourceFormat.allCases.flatMap(\.fileExtensions)))
        let names = ReadableFormats.names("or")
        for format in SourceFormat.allCases {
            for name in format.fileKindNames { #expect(names.contains(name), "\(names) leaves out \(name)") }
        }
        #expect(names == "JPEG, PNG, WebP, HEIC or AVIF")
    }

    /// `inspect` reports the scale its file's session gives, which is the size a decode for the
    /// box really has, for each format and a few boxes; with `--full-decode` a HEIF's embedded
    /// thumbnail no longer stands in.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage),
          arguments: ["exif-orientation/Landscape_6.jpg", "pngsuite/basi0g08.png", "webp/lossless_vec_2_0.webp",
                      "heic/arrow.heic", "heic/jolla-photo.avif"])
    func inspectsDecodeScaleIsTheSessions(file: String) throws {
        let path = Corpus.path(file)
        for side in [32, 150, 500, 5000] {
            let box = PixelSize(width: side, height: side)
            for policy in [EmbeddedThumbnailPolicy.whenLargeEnough, .never] {
                let options = DecodeOptions(targetBox: box, heif: HEIFDecodeOptions(embeddedThumbnails: policy))
                let report = try InspectCommand.report(path, box: box, embeddedThumbnails: policy,
                                                       hevcLoopFilters: .skipWhenDownscaling)
                let input = try ThumbnailInput.open(atPath: path, maxBytes: 1 << 30)
                let session = try input.withSession(limits: .default) { $0.decodeScale(for: box, options: options) }
                #expect(report.decodeScale == session, "\(file) at \(box), \(policy)")
                let decoded = try ImageDecoder.decodeFile(atPath: path, options: options).image.size
                #expect(report.decodeScale.size == decoded, "\(file) at \(box): \(report.decodeScale), decoded \(decoded)")
            }
        }
    }
}
