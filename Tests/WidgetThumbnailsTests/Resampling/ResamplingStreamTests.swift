import Testing
@testable import WidgetThumbnails

/// Sizes, identity, the streaming contract and argument errors of the resampler.
@Suite struct ResamplingStreamTests {
    @Test(arguments: [
        PixelSize(width: 1, height: 1),
        PixelSize(width: 1, height: 40),
        PixelSize(width: 57, height: 1),
        PixelSize(width: 50, height: 37),
        PixelSize(width: 199, height: 149),
        PixelSize(width: 73, height: 150),   // height kept
    ])
    func outputHasExactlyTheRequestedSize(target: PixelSize) throws {
        let source = TestPattern.make(width: 200, height: 150, seed: 1, alpha: .varied)
        let output = try Resampler.resize(source, to: target)
        #expect(output.size == target)
        #expect(output.pixels.count == target.area * 4)
    }

    @Test func aFlatColourStaysThatColourAtEverySize() throws {
        // Weights sum to 1, also at the edges, so a flat image has nothing to blur or ring.
        let colour: [UInt8] = [200, 100, 50, 160]
        let source = RGBAImage(width: 90, height: 70, pixels: Array([[UInt8]](repeating: colour, count: 90 * 70).joined()))
        for target in [PixelSize(width: 1, height: 1), PixelSize(width: 13, height: 70), PixelSize(width: 31, height: 9)] {
            let output = try Resampler.resize(source, to: target)
            for p in stride(from: 0, to: output.pixels.count, by: 4) {
                #expect(Array(output.pixels[p..<p + 4]) == colour, "\(target) pixel \(p / 4)")
            }
        }
    }

    @Test func aOnePixelTargetIsTheFilteredAverage() throws {
        // Left half black, right half white, opaque: the symmetric kernel gives mid-grey.
        let width = 64, height = 32
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height { for x in 0..<width / 2 { for c in 0..<3 { pixels[(y * width + x) * 4 + c] = 0 } } }
        let output = try Resampler.resize(RGBAImage(width: width, height: height, pixels: pixels),
                                          to: PixelSize(width: 1, height: 1))
        #expect(output.pixels[3] == 255)
        for c in 0..<3 { #expect((127...128).contains(output.pixels[c])) }
    }

    @Test(arguments: [PixelSize(width: 120, height: 90), PixelSize(width: 500, height: 500), PixelSize(width: 121, height: 90)])
    func aTargetNotSmallerThanTheSourceGivesTheSourceBack(target: PixelSize) throws {
        let source = TestPattern.make(width: 120, height: 90, seed: 2, alpha: .varied)
        #expect(try Resampler.resize(source, to: target) == source)
        // The stream copies too: byte for byte, even under alpha 0.
        let stream = try ResamplingStream(sourceSize: source.size, targetSize: target)
        source.pixels.withUnsafeBufferPointer { stream.consume(rows: $0) }
        #expect(stream.finish() == source)
    }

    @Test func neverUpscalesOneAxisWhileShrinkingTheOther() throws {
        let source = TestPattern.make(width: 120, height: 90, seed: 2, alpha: .opaque)
        let output = try Resampler.resize(source, to: PixelSize(width: 1000, height: 30))
        #expect(output.size == PixelSize(width: 120, height: 30))
    }

    @Test(arguments: [[1], [3, 1, 7], [150], [64, 64, 22]])
    func streamingInChunksGivesTheSameBytesAsTheWholeImage(chunks: [Int]) throws {
        let source = TestPattern.make(width: 203, height: 150, seed: 9, alpha: .varied)
        let target = PixelSize(width: 61, height: 44)
        let whole = try Resampler.resize(source, to: target)

        let stream = try ResamplingStream(sourceSize: source.size, targetSize: target)
        let rowBytes = source.bytesPerRow
        var row = 0, next = 0
        try source.pixels.withUnsafeBufferPointer { bytes in
            while row < source.height {
                let count = min(chunks[next % chunks.count], source.height - row)
                next += 1
                let slice = UnsafeBufferPointer(rebasing: bytes[row * rowBytes..<(row + count) * rowBytes])
                if count == 1 { stream.consume(row: slice) } else { stream.consume(rows: slice) }
                row += count
                #expect(stream.rowsConsumed == row)
            }
            #expect(stream.isComplete)
            _ = try #require(bytes.baseAddress)
        }
        #expect(stream.finish() == whole)
    }

    @Test func bufferedRowsDependOnTheReductionNotTheHeight() throws {
        let short = try ResamplingStream(sourceSize: PixelSize(width: 400, height: 400),
                                         targetSize: PixelSize(width: 100, height: 100))
        let tall = try ResamplingStream(sourceSize: PixelSize(width: 400, height: 40_000),
                                        targetSize: PixelSize(width: 100, height: 10_000))
        #expect(short.bufferedRowCount == tall.bufferedRowCount)
        #expect(short.bufferedRowCount <= 2 * 3 * 4 + 1)  // 2 * radius * reduction + 1
    }

    @Test(arguments: [PixelSize(width: 0, height: 10), PixelSize(width: 10, height: 0), PixelSize(width: -1, height: -1)])
    func aTargetBelowOnePixelIsAnInvalidArgument(target: PixelSize) {
        let source = TestPattern.make(width: 20, height: 10, seed: 4, alpha: .opaque)
        #expect { try Resampler.resize(source, to: target) } throws: { error in
            (error as? ImageError)?.code == .invalidArgument
                && (error as? ImageError)?.reason.contains("at least 1x1") == true
        }
    }
}
