import Foundation
import Testing
@testable import WidgetThumbnails
import TestSupport

/// Compares the resampler with a slow, independent float64 Lanczos-3 (`ReferenceLanczos`).
@Suite struct ResamplingQualityTests {
    @Test(arguments: [
        PixelSize(width: 100, height: 76),   // 3.7x: the stretched kernel
        PixelSize(width: 250, height: 199),  // 1.5x: close to the shrink-on-load headroom
        PixelSize(width: 371, height: 140),  // one axis kept, the other halved
    ])
    func opaqueImageMatchesTheFloatReference(target: PixelSize) throws {
        let source = TestPattern.make(width: 371, height: 283, seed: 7, alpha: .opaque)
        let ours = try Resampler.resize(source, to: target)
        let reference = ReferenceLanczos.resize(source, to: target)
        let difference = PixelDifference(ours, reference, minimumAlpha: 0)
        #expect(ours.size == target)
        #expect(difference.max <= 2, "max difference \(difference.max) levels")
        #expect(difference.mean <= 0.5, "mean difference \(difference.mean) levels")
    }

    @Test func translucentImageMatchesTheFloatReference() throws {
        let source = TestPattern.make(width: 371, height: 283, seed: 11, alpha: .varied)
        let target = PixelSize(width: 100, height: 76)
        let ours = try Resampler.resize(source, to: target)
        let reference = ReferenceLanczos.resize(source, to: target)
        // Colour under a nearly invisible alpha is amplified 255/alpha by un-premultiplying,
        // so it is compared only where it can be seen; alpha is compared everywhere.
        let visible = PixelDifference(ours, reference, minimumAlpha: 16)
        let alpha = PixelDifference(ours, reference, minimumAlpha: 0, channels: 3..<4)
        #expect(visible.max <= 2, "max colour difference \(visible.max) levels")
        #expect(visible.mean <= 0.5, "mean colour difference \(visible.mean) levels")
        #expect(alpha.max <= 1, "max alpha difference \(alpha.max) levels")
    }

    /// Without premultiplication the transparent background's (0,0,0) would be averaged into
    /// every edge pixel: a pixel half covered by the line would come out (128,128,128,128),
    /// and the mean colour of the visible pixels would fall far below 248.
    @Test func whiteLinesOnTransparencyStayWhite() throws {
        let size = 370
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        func paint(_ x: Int, _ y: Int) {
            pixels.replaceSubrange((y * size + x) * 4..<(y * size + x) * 4 + 4, with: [255, 255, 255, 255])
        }
        for line in stride(from: 20, to: size - 20, by: 45) {
            for offset in 0..<6 {
                for t in 0..<size {
                    paint(t, line + offset)                        // horizontal lines
                    paint(line + offset + 3, t)                    // vertical lines
                    if (t + line + offset) < size { paint(t, t / 2 + offset) } // a shallow diagonal
                }
            }
        }
        let source = RGBAImage(width: size, height: size, pixels: pixels)
        let target = PixelSize(width: 100, height: 100)  // 3.7x
        let output = try Resampler.resize(source, to: target)
        var sum = 0.0, count = 0, darkest: UInt8 = 255
        for i in stride(from: 0, to: output.pixels.count, by: 4) where output.pixels[i + 3] > 0 {
            sum += Double(output.pixels[i]) + Double(output.pixels[i + 1]) + Double(output.pixels[i + 2])
            count += 3
            darkest = min(darkest, output.pixels[i], output.pixels[i + 1], output.pixels[i + 2])
        }
        let partlyCovered = stride(from: 3, to: output.pixels.count, by: 4)
            .filter { output.pixels[$0] > 0 && output.pixels[$0] < 200 }.count
        #expect(partlyCovered > 500, "the test needs many edge pixels, found \(partlyCovered)")
        #expect(count > 0)
        #expect(sum / Double(count) >= 248, "mean visible colour \(sum / Double(count)), darkest \(darkest)")
    }

    @Test func panoramaMatchesTheFloatReferenceRowByRow() throws {
        // Columns vary (gradient, noise, edges), rows repeat: the vertical filter must give
        // back the column, so each output row must equal a 1-D reference of the source row.
        let width = 9000, height = 300
        let row = TestPattern.make(width: width, height: 1, seed: 3, alpha: .varied).pixels
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<height { pixels += row }
        let target = PixelSize(width: 500, height: 17)
        let output = try Resampler.resize(RGBAImage(width: width, height: height, pixels: pixels), to: target)
        #expect(output.size == target)
        let expected = ReferenceLanczos.resize(RGBAImage(width: width, height: 1, pixels: row),
                                               to: PixelSize(width: 500, height: 1))
        for y in 0..<target.height {
            let outputRow = RGBAImage(width: 500, height: 1,
                                      pixels: Array(output.pixels[(y * 2000)..<(y * 2000 + 2000)]))
            let difference = PixelDifference(outputRow, expected, minimumAlpha: 16)
            #expect(difference.max <= 2, "row \(y): max difference \(difference.max)")
        }
    }
}

/// Max and mean absolute difference, in 8-bit levels, between our bytes and the reference's
/// unrounded values, over pixels whose reference alpha is at least `minimumAlpha`.
struct PixelDifference {
    var max = 0.0
    var mean = 0.0

    init(_ ours: RGBAImage, _ reference: [Double], minimumAlpha: Double, channels: Range<Int> = 0..<4) {
        precondition(ours.pixels.count == reference.count)
        var total = 0.0, count = 0
        for pixel in stride(from: 0, to: reference.count, by: 4) where reference[pixel + 3] >= minimumAlpha {
            for c in channels {
                let d = abs(Double(ours.pixels[pixel + c]) - reference[pixel + c].rounded())
                max = Swift.max(max, d)
                total += d
                count += 1
            }
        }
        mean = count > 0 ? total / Double(count) : 0
    }
}

/// A seeded test picture with what stresses a resampler: smooth gradients, noise, hard
/// edges, and 1-pixel stripes that alias if the kernel is not stretched.
enum TestPattern {
    enum Alpha { case opaque, varied }

    static func make(width: Int, height: Int, seed: UInt64, alpha: Alpha) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int(random.next() % 64)
                var r = 255 * x / max(1, width - 1)
                var g = 255 * y / max(1, height - 1)
                var b = (x / 7 + y / 5) % 2 == 0 ? 40 + noise : 200 + noise / 2
                if x > width / 3 && x < width / 2 && y > height / 4 && y < height * 3 / 4 { r = 255; g = 0; b = 0 }
                if x % 100 > 80 && x % 2 == 0 { r = 0; g = 0; b = 0 }   // fine stripes
                if (x + y) % 53 < 3 { r = 255; g = 255; b = 255 }        // thin diagonals
                let a: Int
                switch alpha {
                case .opaque: a = 255
                case .varied:
                    let ramp = 255 * ((x * 3 + y * 2) % 300) / 300
                    a = x % 97 < 10 ? 0 : min(255, ramp + Int(random.next() % 40))
                }
                let i = (y * width + x) * 4
                pixels[i] = UInt8(min(255, r)); pixels[i + 1] = UInt8(min(255, g))
                pixels[i + 2] = UInt8(min(255, b)); pixels[i + 3] = UInt8(a)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}


/// The textbook definition, in float64, written apart from the code under test: each output
/// pixel is the 2-D sum of premultiplied source pixels times L3(dx) * L3(dy), where d is the
/// distance between pixel centres in output pixels, over the source pixels that exist,
/// divided by the sum of the weights used; then un-premultiplied. Unrounded straight RGBA out.
enum ReferenceLanczos {
    static func l3(_ x: Double) -> Double {
        if x == 0 { return 1 }
        if abs(x) >= 3 { return 0 }
        return 3 * sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x)
    }

    /// The source pixels under output index `o` along one axis, with their weights.
    static func taps(output o: Int, source: Int, target: Int) -> [(index: Int, weight: Double)] {
        let scale = Double(source) / Double(target)
        let centre = (Double(o) + 0.5) * scale
        let reach = Int(3 * scale) + 2  // past |d| = 3 every weight is 0; the filter drops those
        let near = max(0, Int(centre) - reach)..<min(source, Int(centre) + reach)
        return near.compactMap { i in
            let w = l3((Double(i) + 0.5 - centre) / scale)
            return w == 0 ? nil : (i, w)
        }
    }

    static func resize(_ image: RGBAImage, to size: PixelSize) -> [Double] {
        let xTaps = (0..<size.width).map { taps(output: $0, source: image.width, target: size.width) }
        let yTaps = (0..<size.height).map { taps(output: $0, source: image.height, target: size.height) }
        // Premultiplied once, up front; the loops below are the whole definition.
        var premultiplied = [Double](repeating: 0, count: image.pixels.count)
        for p in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = Double(image.pixels[p + 3])
            for c in 0..<3 { premultiplied[p + c] = Double(image.pixels[p + c]) * a / 255 }
            premultiplied[p + 3] = a
        }
        var result = [Double](repeating: 0, count: size.area * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                var r = 0.0, g = 0.0, b = 0.0, a = 0.0, weightSum = 0.0
                for (sy, wy) in yTaps[y] {
                    for (sx, wx) in xTaps[x] {
                        let w = wx * wy
                        let i = (sy * image.width + sx) * 4
                        r += w * premultiplied[i]
                        g += w * premultiplied[i + 1]
                        b += w * premultiplied[i + 2]
                        a += w * premultiplied[i + 3]
                        weightSum += w
                    }
                }
                let alpha = min(255, max(0, a / weightSum))
                let o = (y * size.width + x) * 4
                for (c, value) in [r, g, b].enumerated() {
                    result[o + c] = alpha > 0 ? min(255, max(0, value / weightSum * 255 / alpha)) : 0
                }
                result[o + 3] = alpha
            }
        }
        return result
    }
}
