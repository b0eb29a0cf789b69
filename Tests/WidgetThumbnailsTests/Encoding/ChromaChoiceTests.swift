import Testing
import TestSupport
@testable import WidgetThumbnails

/// JPEG's chroma subsampling chosen by content (`ChromaDetail`, `JPEGEncoder.ChromaRule`):
/// 4:4:4 for drawings, whose colour changes in sharp edges; 4:2:0 for photographs.
@Suite struct ChromaChoiceTests {
    /// The luma sampling factors of the frame header: 0x11 is 4:4:4, 0x22 4:2:0.
    static func lumaSampling(_ jpeg: [UInt8]) throws -> UInt8 {
        let frame = try #require(JPEGSegments.read(jpeg)?.first { $0.marker == 0xC0 || $0.marker == 0xC2 }, "no SOF0/SOF2")
        return frame.payload[frame.payload.startIndex + 7]
    }

    /// Saturated squares of equal size on white, their edges inside 2x2 blocks (odd offsets):
    /// a drawing.
    static func squares(width: Int = 200, height: Int = 160) -> RGBAImage {
        let colours: [(UInt8, UInt8, UInt8)] = [(229, 57, 53), (67, 160, 71), (30, 136, 229), (253, 216, 53)]
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where (x / 9 + y / 9) % 3 != 0 {
                let colour = colours[(x / 9 * 7 + y / 9) % colours.count]
                let index = (y * width + x) * 4
                (pixels[index], pixels[index + 1], pixels[index + 2]) = colour
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func aDrawingWithColouredEdgesFavoursFullChroma() {
        let detail = ChromaDetail(Self.squares())
        #expect(detail.favoursFullChroma)
        #expect(detail.edgeBlocks > 0 && detail.edgeBlocks <= detail.changingBlocks && detail.changingBlocks <= detail.blocks)
    }

    @Test func smoothColourAndFlatImagesKeep420() {
        #expect(!ChromaDetail(SyntheticImage.gradient(width: 200, height: 160)).favoursFullChroma)
        let flat = RGBAImage(width: 64, height: 64, pixels: [UInt8](repeating: 200, count: 64 * 64 * 4))
        #expect(ChromaDetail(flat).changingBlocks == 0)
        #expect(!ChromaDetail(flat).favoursFullChroma)
        #expect(!ChromaDetail(RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255])).favoursFullChroma)
    }

    /// Colour noise changes in every block: not a drawing, whatever its edges.
    @Test func colourNoiseIsNotADrawing() {
        let detail = ChromaDetail(SyntheticImage.noise(width: 200, height: 160))
        #expect(detail.edgeBlocks * 2 > detail.blocks, "noise is edges nearly everywhere")
        #expect(!detail.favoursFullChroma)
    }

    /// A grey drawing has edges, but none in colour: nothing for 4:4:4 to keep.
    @Test func greyEdgesAreNotColourEdges() {
        var image = Self.squares()
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let grey = image.pixels[index + 1]
            (image.pixels[index], image.pixels[index + 2]) = (grey, grey)
        }
        #expect(ChromaDetail(image).edgeBlocks == 0)
    }

    @Test func effortDecidesWhetherTheContentMayChoose() throws {
        let drawing = Self.squares()
        #expect(try Self.lumaSampling(ImageEncoder.encode(drawing, format: .jpeg, quality: 80, effort: .standard)) == 0x11)
        #expect(try Self.lumaSampling(ImageEncoder.encode(drawing, format: .jpeg, quality: 80, effort: .smallest)) == 0x11)
        // Effort 0 writes the peers' settings: 4:2:0 whatever the image.
        #expect(try Self.lumaSampling(ImageEncoder.encode(drawing, format: .jpeg, quality: 80, effort: .fastest)) == 0x22)
        // A subsampling set by hand stays.
        let asSet = JPEGEncoder.Settings(quality: 80, subsampling: .yuv420)
        #expect(try Self.lumaSampling(JPEGEncoder.encode(drawing, settings: asSet)) == 0x22)
        let photoLike = SyntheticImage.gradient(width: 200, height: 160)
        #expect(try Self.lumaSampling(ImageEncoder.encode(photoLike, format: .jpeg, quality: 80, effort: .standard)) == 0x22)
    }

    /// The committed drawings become 4:4:4 thumbnails and the committed photographs 4:2:0
    /// ones, through the whole pipeline at its defaults.
    @Test(arguments: [("palette.png", UInt8(0x11)), ("alpha-logo.png", 0x11), ("photo.jpg", 0x22),
                      ("progressive.jpg", 0x22), ("orientation-6.jpg", 0x22), ("large-4000x3000.jpg", 0x22)])
    func sampleImagesAreTold(name: String, sampling: UInt8) throws {
        let path = Corpus.packageRoot.appendingPathComponent("SampleImages/\(name)").path
        let pipeline = ThumbnailPipeline(options: ThumbnailOptions(format: .jpeg))
        let jpeg = try pipeline.thumbnail(.path(path)).bytes
        #expect(try Self.lumaSampling(jpeg) == sampling)
        // What reports read back (`batch --json`'s "chroma").
        #expect(JPEGEncoder.Subsampling(ofJPEG: jpeg) == (sampling == 0x11 ? .yuv444 : .yuv420))
    }

    @Test func readingTheSubsamplingBackNeedsAColourJPEG() throws {
        #expect(JPEGEncoder.Subsampling(ofJPEG: []) == nil)
        #expect(JPEGEncoder.Subsampling(ofJPEG: try ImageEncoder.encode(Self.squares(), format: .png, quality: 0)) == nil)
        let grey = RGBAImage(width: 16, height: 16, pixels: [UInt8](repeating: 128, count: 16 * 16 * 4))
        let jpeg = try JPEGEncoder.encode(grey, settings: .init(quality: 80, subsampling: .yuv444))
        #expect(JPEGEncoder.Subsampling(ofJPEG: jpeg) == .yuv444)
        #expect(JPEGEncoder.Subsampling.yuv420.description == "4:2:0")
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpusPhotographsKeep420() throws {
        let pipeline = ThumbnailPipeline(options: ThumbnailOptions(format: .jpeg))
        let names = try Corpus.files(in: "photos", withExtension: "jpg")
        #expect(!names.isEmpty)
        for name in names {
            #expect(try Self.lumaSampling(pipeline.thumbnail(.path(Corpus.path("photos/\(name)"))).bytes) == 0x22, "\(name)")
        }
    }
}
