import Testing
@testable import WidgetThumbnails
import TestSupport

@Suite struct JPEGShrinkOnLoadTests {
    private func scale(_ num: Int, _ denom: Int) -> JPEGScale { JPEGScale(num: num, denom: denom) }

    private func choice(stored: PixelSize, orientation: EXIFOrientation = .up, box: PixelSize) -> JPEGScale {
        JPEGScale.choose(stored: stored,
                         minimum: ShrinkOnLoad.minimumDecodeSize(stored: stored, orientation: orientation, box: box))
    }

    @Test func turboJPEGOffersTheEightDCTScales() {
        #expect(Set(JPEGScale.available.map(\.description))
                == ["1/1", "7/8", "3/4", "5/8", "1/2", "3/8", "1/4", "1/8"])
    }

    @Test func scaledSizesRoundUpLikeTJSCALED() {
        #expect(scale(1, 8).scaled(PixelSize(width: 4000, height: 3000)) == PixelSize(width: 500, height: 375))
        #expect(scale(1, 8).scaled(PixelSize(width: 4001, height: 3001)) == PixelSize(width: 501, height: 376))
        #expect(scale(3, 8).scaled(PixelSize(width: 1001, height: 7)) == PixelSize(width: 376, height: 3))
    }

    /// A 500 box over 4000x3000 gives a 500x375 thumbnail; 2x headroom needs 1000x750, which
    /// 1/4 gives exactly and 1/8 (500x375) does not. Without headroom 1/8 would be picked.
    @Test func twelveMegapixelsIntoA500BoxDecodesAtAQuarter() {
        let stored = PixelSize(width: 4000, height: 3000)
        #expect(choice(stored: stored, box: PixelSize(width: 500, height: 500)) == scale(1, 4))
        #expect(JPEGScale.choose(stored: stored, minimum: PixelSize(width: 500, height: 375)) == scale(1, 8))
        #expect(choice(stored: PixelSize(width: 8000, height: 6000), box: PixelSize(width: 500, height: 500)) == scale(1, 8))
    }

    @Test func picksTheSmallestScaleThatKeepsTheHeadroom() {
        // 1000x800 into 175x175: thumbnail 175x140, needs 350x280; 3/8 gives 375x300, 1/4 250x200.
        #expect(choice(stored: PixelSize(width: 1000, height: 800), box: PixelSize(width: 175, height: 175)) == scale(3, 8))
        // A box larger than the image: no shrinking.
        #expect(choice(stored: PixelSize(width: 300, height: 200), box: PixelSize(width: 500, height: 500)) == .full)
        // Tiny images where several scales round to the same size keep the largest of them.
        #expect(choice(stored: PixelSize(width: 2, height: 2), box: PixelSize(width: 1, height: 1)) == .full)
    }

    @Test func theBoxIsTurnedForOrientationsThatSwapAxes() {
        let panorama = PixelSize(width: 4000, height: 1000)
        let box = PixelSize(width: 1000, height: 250)
        // Upright 4000x1000 fills the box at 1000x250: needs 2000x500, so 1/2.
        #expect(choice(stored: panorama, orientation: .up, box: box) == scale(1, 2))
        // Turned upright it is 1000x4000, shown at 63x250: needs 500x126 stored, so 1/4.
        #expect(choice(stored: panorama, orientation: .right, box: box) == scale(1, 4))
    }

    @Test func decodesScaledAndReportsTheDenominator() throws {
        let source = SyntheticImage.gradient(width: 1000, height: 800, blue: .wrapping)
        let jpeg = try JPEGFixtures.jpeg(source, sampling: .s420)
        let full = try JPEGDecoder.decode(jpeg, options: DecodeOptions()).image

        let quarter = try JPEGDecoder.decode(jpeg, options: DecodeOptions(targetBox: PixelSize(width: 125, height: 125)))
        #expect(quarter.image.size == PixelSize(width: 250, height: 200))
        #expect(quarter.scaleDenominator == 4)
        #expect(JPEGFixtures.meanAbsoluteDifference(quarter.image, JPEGFixtures.boxAverage(full, by: 4)) < 2)

        let threeEighths = try JPEGDecoder.decode(jpeg, options: DecodeOptions(targetBox: PixelSize(width: 175, height: 175)))
        #expect(threeEighths.image.size == PixelSize(width: 375, height: 300))
        #expect(threeEighths.scaleDenominator == 8.0 / 3.0)

        let untouched = try JPEGDecoder.decode(jpeg, options: DecodeOptions(targetBox: PixelSize(width: 2000, height: 2000)))
        #expect(untouched.image == full)
        #expect(untouched.scaleDenominator == 1)
    }

    @Test func anEmptyBoxIsAnInvalidArgument() throws {
        let jpeg = try JPEGFixtures.jpeg(JPEGFixtures.quadrants())
        #expect(throws: ImageError(.invalidArgument, "the target box 0x10 is empty")) {
            try JPEGDecoder.decode(jpeg, options: DecodeOptions(targetBox: PixelSize(width: 0, height: 10)))
        }
    }
}
