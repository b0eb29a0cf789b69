import CPixelMeasures
import Testing
import TestSupport
@testable import WidgetThumbnails

/// The measures taken of every thumbnail (`ChromaDetail`, `RenderAppearance`, and
/// `RGBAImage.hasTransparency`) against their definitions computed the slow way here, with
/// each kernel; and the AVX2 kernels against the Swift loops on pictures that reach every
/// branch: opaque, translucent here and there, odd sizes whose last blocks and pixels the
/// loops take.
@Suite struct MeasureKernelTests {
    /// Pictures of every shape the kernels meet: noise, smooth colour, a drawing, alpha in
    /// places, sizes around the kernels' 4-block and 8-pixel steps.
    static let pictures: [(name: String, image: RGBAImage)] = {
        var pictures: [(String, RGBAImage)] = [
            ("noise", SyntheticImage.noise(width: 61, height: 37)),
            ("gradient", SyntheticImage.gradient(width: 320, height: 240)),
            ("wrapping gradient", SyntheticImage.gradient(width: 97, height: 31, blue: .wrapping)),
            ("drawing", ChromaChoiceTests.squares(width: 83, height: 45)),
            ("soft alpha", SyntheticImage.gradient(width: 70, height: 50, alpha: true)),
            ("disc", SyntheticImage.disc(width: 41, height: 41)),
        ]
        for (width, height) in [(1, 1), (2, 2), (7, 3), (8, 2), (9, 5), (16, 4), (17, 9)] {
            pictures.append(("noise \(width)x\(height)", SyntheticImage.byteNoise(width: width, height: height, seed: 7)))
        }
        // Grey with colour noise whose strength grows from left to right: blocks' losses spread
        // from none through both limits (a colour change of 1 level squared, and an edge of 256).
        var graded = SyntheticImage.gradient(width: 256, height: 96)
        var noise = SplitMix64(seed: 5)
        for index in stride(from: 0, to: graded.pixels.count, by: 4) {
            let column = (index / 4) % 256
            let strength = column * column / 400 + 1  // 1 to 163, slowly at first
            for channel in 0..<3 {
                graded.pixels[index + channel] = UInt8(128 + Int(noise.next() % UInt64(strength)) - strength / 2)
            }
        }
        pictures.append(("graded colour noise", graded))
        // Opaque noise with a translucent or transparent pixel every so often, so the AVX2 kernel
        // stops and starts again mid-row.
        var spotted = SyntheticImage.byteNoise(width: 53, height: 29, seed: 11)
        var random = SplitMix64(seed: 3)
        for _ in 0..<40 {
            spotted.pixels[Int(random.next() % UInt64(53 * 29)) * 4 + 3] = UInt8(truncatingIfNeeded: random.next() % 255)
        }
        pictures.append(("spotted", spotted))
        return pictures
    }()

    static var kernels: [MeasureKernel] { MeasureKernel.allCases.filter(\.isSupported) }

    /// Per 2x2 block, the mean square of Cb and Cr (JPEG's weights, in levels) about the
    /// block's mean, summed: in Doubles, exact here (every value is a multiple of 1/1024).
    static func blockLosses(_ image: RGBAImage) -> [Double] {
        var losses: [Double] = []
        for row in 0..<image.height / 2 {
            for column in 0..<image.width / 2 {
                var cb: [Double] = [], cr: [Double] = []
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let index = ((row * 2 + dy) * image.width + column * 2 + dx) * 4
                    let (r, g, b) = (Double(image.pixels[index]), Double(image.pixels[index + 1]), Double(image.pixels[index + 2]))
                    cb.append((-43 * r - 85 * g + 128 * b) / 256)
                    cr.append((128 * r - 107 * g - 21 * b) / 256)
                }
                func meanSquare(_ values: [Double]) -> Double {
                    let mean = values.reduce(0, +) / 4
                    return values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 4
                }
                losses.append(meanSquare(cb) + meanSquare(cr))
            }
        }
        return losses
    }

    @Test(arguments: Self.kernels)
    func chromaDetailCountsWhatItsDefinitionSays(kernel: MeasureKernel) {
        for (name, image) in Self.pictures {
            let losses = Self.blockLosses(image)
            let detail = ChromaDetail(image, kernel: kernel)
            #expect(detail.blocks == losses.count, "\(name)")
            #expect(detail.changingBlocks == losses.filter { $0 > ChromaDetail.changeLimit }.count, "\(name)")
            #expect(detail.edgeBlocks == losses.filter { $0 > ChromaDetail.edgeLimit }.count, "\(name)")
        }
    }

    /// Stopping once more than half the blocks change never changes the answer, and does stop.
    @Test(arguments: Self.kernels)
    func stoppingWhenDecidedKeepsTheAnswer(kernel: MeasureKernel) {
        for (name, image) in Self.pictures + [("drawing", ChromaChoiceTests.squares())] {
            let whole = ChromaDetail(image, kernel: kernel)
            let early = ChromaDetail(image, untilDecided: true, kernel: kernel)
            #expect(early.favoursFullChroma == whole.favoursFullChroma, "\(name)")
        }
        let noise = SyntheticImage.noise(width: 200, height: 160)
        #expect(ChromaDetail(noise, untilDecided: true, kernel: kernel).changingBlocks
            < ChromaDetail(noise, kernel: kernel).changingBlocks, "colour noise should settle it halfway")
    }

    /// Rec. 709 luma of each pixel, weighted by alpha (or flattened onto white when the format
    /// drops alpha), the slow way in Doubles.
    static func appearanceByDefinition(_ image: RGBAImage, storesAlpha: Bool)
        -> (mean: Double, faint: Double, median: Double, tenth: Double, transparent: Double) {
        var shown: [(luma: Double, weight: Double)] = []
        var transparent = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let (r, g, b) = (Double(image.pixels[index]), Double(image.pixels[index + 1]), Double(image.pixels[index + 2]))
            var alpha = Double(image.pixels[index + 3]) / 255
            var luma = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
            if !storesAlpha {
                luma = luma * alpha + (1 - alpha)
                alpha = 1
            }
            if alpha == 0 { transparent += 1 }
            shown.append((luma, alpha))
        }
        let total = shown.map(\.weight).reduce(0, +)
        let mean = shown.map { $0.luma * $0.weight }.reduce(0, +) / total
        let faint = shown.filter { $0.luma * $0.weight < RenderAppearance.faintAlpha }.map(\.weight).reduce(0, +) / total
        let sorted = shown.filter { $0.weight > 0 }.sorted { $0.luma < $1.luma }
        func percentile(_ fraction: Double) -> Double {
            var seen = 0.0
            for pixel in sorted {
                seen += pixel.weight
                if seen >= total * fraction { return pixel.luma }
            }
            return 1
        }
        return (mean, faint, percentile(0.5), percentile(0.1), Double(transparent) / Double(shown.count))
    }

    @Test(arguments: Self.kernels)
    func appearanceMeasuresWhatItsDefinitionSays(kernel: MeasureKernel) {
        for (name, image) in Self.pictures {
            for storesAlpha in [true, false] {
                let measured = RenderAppearance(measuring: image, storesAlpha: storesAlpha, family: nil, kernel: kernel)
                let expected = Self.appearanceByDefinition(image, storesAlpha: storesAlpha)
                let label = "\(name), storesAlpha \(storesAlpha)"
                #expect(abs(measured.meanLuminance - expected.mean) < 1e-9, "\(label)")
                // Levels are whole 255ths, so a percentile is within half a level of its luma.
                #expect(abs(measured.medianLuminance - expected.median) <= 0.5 / 255 + 1e-9, "\(label)")
                #expect(abs(measured.luminance10th - expected.tenth) <= 0.5 / 255 + 1e-9, "\(label)")
                #expect(abs(measured.faintShare - expected.faint) < 1e-9, "\(label)")
                #expect(abs(measured.transparentShare - (storesAlpha ? expected.transparent : 0)) < 1e-12, "\(label)")
            }
        }
    }

    @Test(.enabled(if: MeasureKernel.avx2.isSupported, "this CPU has no AVX2: only the Swift loops run here"))
    func theAVX2KernelsGiveTheSwiftLoopsFigures() {
        for (name, image) in Self.pictures {
            #expect(ChromaDetail(image, kernel: .avx2) == ChromaDetail(image, kernel: .portable), "\(name)")
            for storesAlpha in [true, false] {
                for family in [nil, WidgetFamily.accessoryCircular] {
                    #expect(RenderAppearance(measuring: image, storesAlpha: storesAlpha, family: family, kernel: .avx2)
                        == RenderAppearance(measuring: image, storesAlpha: storesAlpha, family: family, kernel: .portable),
                        "\(name), storesAlpha \(storesAlpha)")
                }
            }
        }
    }

    /// 300 small pictures of random size, colour and alpha (some opaque, some with alpha here
    /// and there, some mostly translucent), from a fixed seed: every kernel boundary (a row's
    /// last blocks, a group of 8 with alpha, the last few pixels) at every offset.
    @Test(.enabled(if: MeasureKernel.avx2.isSupported, "this CPU has no AVX2: only the Swift loops run here"))
    func theAVX2KernelsAgreeOnRandomPictures() {
        var random = SplitMix64(seed: 0xA5A5)
        for round in 0..<300 {
            let width = Int(random.next() % 40) + 1, height = Int(random.next() % 12) + 1
            var image = SyntheticImage.byteNoise(width: width, height: height, seed: random.next())
            let translucentShare = [0, 0, 2, 30, 90][round % 5]
            for pixel in 0..<width * height where Int(random.next() % 100) < translucentShare {
                image.pixels[pixel * 4 + 3] = UInt8(truncatingIfNeeded: random.next())
            }
            #expect(ChromaDetail(image, kernel: .avx2) == ChromaDetail(image, kernel: .portable), "round \(round)")
            for storesAlpha in [true, false] {
                #expect(RenderAppearance(measuring: image, storesAlpha: storesAlpha, family: nil, kernel: .avx2)
                    == RenderAppearance(measuring: image, storesAlpha: storesAlpha, family: nil, kernel: .portable),
                    "round \(round), storesAlpha \(storesAlpha)")
            }
        }
    }

    /// The luma kernel's step (luma / 2,500 from a float estimate put right by the remainder)
    /// for every one of the 16,777,216 opaque colours, against the integer division.
    @Test(.enabled(if: MeasureKernel.avx2.isSupported, "this CPU has no AVX2: only the Swift loops run here"))
    func theLumaKernelStepsEveryColourExactly() {
        var pixels = [UInt8](repeating: 255, count: 65_536 * 4)
        var steps = [Int](repeating: 0, count: 1_021), expected = steps
        var lumaSum = 0, expectedSum = 0
        for red in 0..<256 {
            for green in 0..<256 {
                for blue in 0..<256 {
                    let index = (green * 256 + blue) * 4
                    (pixels[index], pixels[index + 1], pixels[index + 2]) = (UInt8(red), UInt8(green), UInt8(blue))
                    let luma = 2126 * red + 7152 * green + 722 * blue
                    expected[luma / 2_500] += 1
                    expectedSum += luma
                }
            }
            let taken = pixels.withUnsafeBufferPointer { px in
                steps.withUnsafeMutableBufferPointer {
                    wt_measure_opaque_luma_avx2(px.baseAddress, 65_536, $0.baseAddress, &lumaSum)
                }
            }
            #expect(taken == 65_536, "red \(red)")
        }
        #expect(steps == expected)
        #expect(lumaSum == expectedSum)
    }

    /// Any pixel under full opacity is found, wherever it sits (the scan takes two pixels a
    /// word and 128 a test, and an odd pixel count leaves one over).
    @Test func hasTransparencyFindsAnyPixelUnderFullOpacity() {
        for (width, height) in [(1, 1), (2, 1), (3, 1), (3, 3), (64, 2), (129, 1), (130, 3)] {
            let opaque = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 4))
            #expect(!opaque.hasTransparency, "\(width)x\(height)")
            for pixel in 0..<width * height {
                var image = opaque
                image.pixels[pixel * 4 + 3] = pixel % 2 == 0 ? 254 : 0
                #expect(image.hasTransparency, "\(width)x\(height), pixel \(pixel)")
                // A colour byte at 0 is not alpha.
                var coloured = opaque
                coloured.pixels[pixel * 4 + pixel % 3] = 0
                #expect(!coloured.hasTransparency, "\(width)x\(height), pixel \(pixel)")
            }
        }
    }
}
