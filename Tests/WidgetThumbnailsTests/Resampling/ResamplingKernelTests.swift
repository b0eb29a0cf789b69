import CResample
import Testing
@testable import WidgetThumbnails
import TestSupport

/// The AVX2/FMA kernels against the portable Swift SIMD4 ones: the same bytes within one level
/// on seeded random pictures, opaque and translucent, over reductions that give both passes
/// every tap count they meet (including ragged ends: widths that are not multiples of 8).
@Suite(.enabled(if: ResamplingKernel.fastest == .avx2FMA, "this CPU has no AVX2+FMA: only the portable kernel runs"))
struct ResamplingKernelTests {
    static func resampled(_ image: RGBAImage, to target: PixelSize, _ kernel: ResamplingKernel) throws -> RGBAImage {
        let stream = try ResamplingStream(sourceSize: image.size, targetSize: target, kernel: kernel)
        image.pixels.withUnsafeBufferPointer { stream.consume(rows: $0) }
        return stream.finish()
    }

    @Test(arguments: [
        (PixelSize(width: 1001, height: 757), PixelSize(width: 500, height: 378)),  // the usual ~2x
        (PixelSize(width: 640, height: 480), PixelSize(width: 123, height: 91)),    // 5.2x: long runs
        (PixelSize(width: 333, height: 999), PixelSize(width: 331, height: 250)),   // one axis barely shrinks
        (PixelSize(width: 97, height: 61), PixelSize(width: 97, height: 20)),       // horizontal identity
        (PixelSize(width: 300, height: 200), PixelSize(width: 1, height: 1)),
    ], [TestPattern.Alpha.opaque, .varied])
    func avx2MatchesThePortableKernelWithinOneLevel(sizes: (PixelSize, PixelSize), alpha: TestPattern.Alpha) throws {
        let image = TestPattern.make(width: sizes.0.width, height: sizes.0.height,
                                     seed: UInt64(sizes.0.width * 31 + sizes.1.width), alpha: alpha)
        let portable = try Self.resampled(image, to: sizes.1, .portable)
        let fast = try Self.resampled(image, to: sizes.1, .avx2FMA)
        #expect(portable.size == fast.size)
        var worst = 0, differing = 0
        for (a, b) in zip(portable.pixels, fast.pixels) where a != b {
            differing += 1
            worst = max(worst, abs(Int(a) - Int(b)))
        }
        #expect(worst <= 1, "largest difference \(worst) levels")
        // FMA rounding only moves values that sit on a rounding boundary: a few in a thousand.
        #expect(differing * 100 <= portable.pixels.count, "\(differing) of \(portable.pixels.count) bytes differ")
    }

    /// Opaque rows take the integer kernel and translucent ones the float kernel, in one
    /// stream: bands of each, so the vertical filter mixes rows from both.
    @Test func opaqueAndTranslucentRowsMixedMatchThePortableKernel() throws {
        var image = TestPattern.make(width: 613, height: 400, seed: 77, alpha: .opaque)
        for y in 0..<image.height where (y / 37) % 2 == 1 {
            for x in 0..<image.width { image.pixels[(y * image.width + x) * 4 + 3] = UInt8(truncatingIfNeeded: 40 + x % 200) }
        }
        let target = PixelSize(width: 250, height: 163)
        let portable = try Self.resampled(image, to: target, .portable)
        let fast = try Self.resampled(image, to: target, .avx2FMA)
        let worst = zip(portable.pixels, fast.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst) levels")
    }

    @Test func avx2LoadAndStoreGiveThePortableBytesExactly() {
        var random = SplitMix64(seed: 21)
        let count = 301  // odd: the last pixel goes through the remainder path
        var bytes = (0..<count * 4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for i in stride(from: 3, to: bytes.count, by: 40) { bytes[i] = [0, 255, 1][i % 3] }
        var portable = [SIMD4<Float>](repeating: .zero, count: count)
        var fast = [SIMD4<Float>](repeating: .zero, count: count)
        portable.withUnsafeMutableBufferPointer { Premultiplication.load(bytes, count: count, into: $0.baseAddress!) }
        fast.withUnsafeMutableBytes { wt_resample_load_avx2(bytes, Int32(count), $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
        #expect(portable == fast)

        // Filter output: overshoots below 0 and above 255, colour above alpha, tiny and zero
        // alpha, NaN and infinity.
        let specials: [Float] = [-3.5, 0, 0.49, 0.5, 1e-30, 254.5, 255, 260, .nan, .infinity, -.infinity]
        let floats = (0..<count).map { _ -> SIMD4<Float> in
            let pick = { () -> Float in
                random.next() % 5 == 0 ? specials[Int(random.next() % UInt64(specials.count))]
                                       : Float(Int(random.next() % 3000)) / 10 - 20
            }
            return SIMD4(pick(), pick(), pick(), pick())
        }
        var portableBytes = [UInt8](repeating: 0, count: count * 4), fastBytes = portableBytes
        var scratch = floats
        scratch.withUnsafeMutableBufferPointer { Premultiplication.store($0.baseAddress!, count: count, into: &portableBytes) }
        scratch = floats
        scratch.withUnsafeMutableBytes {
            wt_resample_store_avx2($0.baseAddress!.assumingMemoryBound(to: Float.self), Int32(count), &fastBytes)
        }
        #expect(portableBytes == fastBytes)
    }

    @Test func theFastestKernelIsTheDefault() throws {
        let image = TestPattern.make(width: 64, height: 48, seed: 5, alpha: .varied)
        let target = PixelSize(width: 20, height: 15)
        let stream = try ResamplingStream(sourceSize: image.size, targetSize: target)
        image.pixels.withUnsafeBufferPointer { stream.consume(rows: $0) }
        #expect(stream.finish() == (try Self.resampled(image, to: target, .avx2FMA)))
    }
}
