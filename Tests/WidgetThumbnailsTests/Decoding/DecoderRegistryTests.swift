import Testing
import TestSupport
@testable import WidgetThumbnails

/// The decoder registry (`Decoders`) and the list of input formats (`SourceFormat`) agree:
/// every readable format has exactly one decoder, every written format is read, and what the
/// sniffer and the messages say comes from the rows.
@Suite struct DecoderRegistryTests {
    @Test func everyReadableFormatHasExactlyOneDecoder() {
        for format in SourceFormat.allCases {
            let decoders = Decoders.all.filter { $0.format == format }
            #expect(decoders.count == 1, "\(format.name) has \(decoders.count) decoders")
            #expect(Decoders.decoder(for: format).format == format)
        }
        #expect(Decoders.all.count == SourceFormat.allCases.count, "a decoder for a format that is not listed")
    }

    /// A store never holds a format the pipeline cannot read back: each written format is the
    /// counterpart of exactly one read format, and its extensions are walked.
    @Test func everyWrittenFormatIsReadByOneFormat() {
        for stored in StoredFormat.allCases {
            let readers = SourceFormat.allCases.filter { $0.writtenFormats.contains(stored) }
            #expect(readers.count == 1, "\(stored.name) is read by \(readers.map(\.name))")
            for fileExtension in stored.fileExtensions {
                #expect(SourceFormat.walkedExtensions.contains(fileExtension), "\(fileExtension) is not walked")
            }
        }
    }

    /// The walk takes each row's extensions, once each, and nothing else; camera HEIF files
    /// (.hif) are walked though we never write them.
    @Test func theWalkedExtensionsAreTheRows() {
        let walked = SourceFormat.walkedExtensions
        #expect(walked == SourceFormat.allCases.flatMap(\.fileExtensions))
        #expect(Set(walked).count == walked.count, "an extension listed twice: \(walked)")
        #expect(Set(walked) == ["jpg", "jpeg", "png", "webp", "heic", "heif", "hif", "avif"])
        #expect(walked.allSatisfy { $0 == $0.lowercased() })
    }

    /// What the sniffer and the decoder make of one real file of each format.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage),
          arguments: [("photos/jolla.jpg", SourceFormat.jpeg), ("pngsuite/basn6a08.png", .png),
                      ("webp/alpha_filter_1.webp", .webp), ("heic/arrow.heic", .heif), ("heic/jolla-photo.avif", .heif),
                      ("heic/cat.hif", .heif)])
    func eachFormatIsSniffedAndProbedByItsDecoder(file: String, format: SourceFormat) throws {
        let bytes = try Corpus.bytes(file)
        #expect(FormatSniffer.sniff(bytes) == .supported(format))
        let info = try Decoders.decoder(for: format).probe(bytes, limits: .default)
        #expect(info.format == format)
        #expect(try ImageDecoder.probe(bytes) == info)
    }

    /// The refusal names every format we read, in the rows' order.
    @Test func theUnsupportedMessageNamesEveryReadableFormat() throws {
        let error = #expect(throws: ImageError.self) { try ImageDecoder.format(of: Array("GIF89a....".utf8)) }
        let reason = try #require(error).reason
        #expect(reason == "GIF, not JPEG, PNG, WebP or HEIF")
        for format in SourceFormat.allCases {
            #expect(reason.contains(format.name), "\(reason) leaves out \(format.name)")
        }
    }

    /// Help's names: each read format's written counterparts, or its own name.
    @Test func helpNamesTheFileKinds() {
        #expect(SourceFormat.fileKindNames("and") == "JPEG, PNG, WebP, HEIC and AVIF")
        #expect(SourceFormat.names("or") == "JPEG, PNG, WebP or HEIF")
        for format in SourceFormat.allCases where !format.writtenFormats.isEmpty {
            #expect(format.fileKindNames == format.writtenFormats.map(\.name))
        }
    }

    /// The registry's decode scale is what the session's decoder says, and what a decode for
    /// the box gives, for each format and a few boxes (arrow.heic's embedded thumbnail stands
    /// in for the primary at 150 px).
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage),
          arguments: ["photos/jolla.jpg", "pngsuite/basn6a08.png", "webp/alpha_filter_1.webp", "heic/zPug_3.heic",
                      "heic/arrow.heic"])
    func theSessionsDecodeScaleIsTheDecodedSize(file: String) throws {
        let bytes = try Corpus.bytes(file)
        for side in [16, 150, 500, 4000] {
            let box = PixelSize(width: side, height: side)
            let options = DecodeOptions(targetBox: box)
            let scale = try ThumbnailInput.bytes(bytes).withSession(limits: .default) { session in
                session.decodeScale(for: box, options: options)
            }
            let info = try ImageDecoder.probe(bytes)
            #expect(scale == DecodeScale(info: info, box: box, options: options))
            let decoded = try ImageDecoder.decode(bytes, options: options)
            #expect(scale.size == decoded.image.size, "\(file) at \(box): \(scale) but decoded \(decoded.image.size)")
        }
    }
}
