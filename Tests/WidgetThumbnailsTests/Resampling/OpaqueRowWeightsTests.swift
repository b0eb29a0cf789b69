import CResample
import Testing
@testable import WidgetThumbnails
import TestSupport

/// The 14-bit weights of the integer kernel for opaque rows: exact sums, a faithful rounding,
/// the pair layout the kernel multiplies, and opaque flat colour kept exactly through it.
@Suite struct OpaqueRowWeightsTests {
    static let one = Int(WT_RESAMPLE_WEIGHT_ONE)

    @Test(arguments: [(1224, 500), (1001, 500), (640, 123), (333, 331), (4000, 500), (9, 2), (3, 2)])
    func everyRunSumsToOneAndRoundsEachWeight(source: Int, target: Int) throws {
        let float = ResamplingWeights(sourceLength: source, targetLength: target, tapMultiple: 4)
        let fixed = try #require(OpaqueRowWeights(float))
        let taps = float.tapCount
        #expect(fixed.values.count == target * taps * 4)
        for x in 0..<target {
            // Tap k of output x, read back from its group: (w0 w1) x4 then (w2 w3) x4.
            let tap = { (k: Int) -> Int in
                let group = (x * taps + k / 4 * 4) * 4
                return Int(fixed.values[group + (k % 4 < 2 ? 0 : 8) + k % 2])
            }
            var sum = 0, error = 0.0
            for k in 0..<taps {
                sum += tap(k)
                let exact = Double(float.weights[x * taps + k]) * Double(Self.one)
                #expect(abs(Double(tap(k)) - exact) < 1, "output \(x) tap \(k): \(tap(k)) for \(exact)")
                error += abs(Double(tap(k)) - exact)
                // Every lane of the group repeats the same pair.
                let group = (x * taps + k / 4 * 4) * 4 + (k % 4 < 2 ? 0 : 8) + k % 2
                for lane in 1..<4 { #expect(fixed.values[group + 2 * lane] == fixed.values[group]) }
            }
            #expect(sum == Self.one, "output \(x)")
            #expect(error / Double(Self.one) * 255 <= OpaqueRowWeights.maximumError, "output \(x)")
        }
        // The direct outputs read inside the row; the first one after them would not.
        #expect(fixed.directCount <= target)
        for x in 0..<fixed.directCount { #expect(float.starts[x] + taps <= source) }
        if fixed.directCount < target { #expect(float.starts[fixed.directCount] + taps > source) }
    }

    /// A large reduction has so many taps that their rounding could add up to half a level:
    /// the float kernel takes it.
    @Test func aLargeReductionKeepsTheFloatWeights() {
        #expect(OpaqueRowWeights(ResamplingWeights(sourceLength: 300, targetLength: 1, tapMultiple: 4)) == nil)
        #expect(OpaqueRowWeights(ResamplingWeights(sourceLength: 20_000, targetLength: 500, tapMultiple: 4)) == nil)
    }

    @Test func anIdentityAxisHasNoIntegerWeights() {
        #expect(OpaqueRowWeights(ResamplingWeights(sourceLength: 40, targetLength: 40, tapMultiple: 4)) == nil)
        // 40 to 13 needs 19 taps: unpadded, the kernel's groups of 4 would not fit.
        let unpadded = ResamplingWeights(sourceLength: 40, targetLength: 13, tapMultiple: 1)
        #expect(unpadded.tapCount % 4 != 0)
        #expect(OpaqueRowWeights(unpadded) == nil)
    }

    @Test(.enabled(if: ResamplingKernel.fastest == .avx2FMA, "this CPU has no AVX2+FMA: the integer kernel never runs"))
    func anOpaqueFlatColourStaysExactThroughTheIntegerKernel() throws {
        let colour: [UInt8] = [201, 99, 3, 255]
        for (source, target) in [(PixelSize(width: 1224, height: 9), PixelSize(width: 500, height: 4)),
                                 (PixelSize(width: 37, height: 5), PixelSize(width: 5, height: 5))] {
            let image = RGBAImage(width: source.width, height: source.height,
                                  pixels: Array([[UInt8]](repeating: colour, count: source.area).joined()))
            let stream = try ResamplingStream(sourceSize: source, targetSize: target, kernel: .avx2FMA)
            image.pixels.withUnsafeBufferPointer { stream.consume(rows: $0) }
            let output = stream.finish()
            for p in stride(from: 0, to: output.pixels.count, by: 4) {
                #expect(Array(output.pixels[p..<p + 4]) == colour, "\(target) pixel \(p / 4)")
            }
        }
    }
}
