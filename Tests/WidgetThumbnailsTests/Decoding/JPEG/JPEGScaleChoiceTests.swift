import Testing
@testable import WidgetThumbnails

/// The DCT scale for shrink-on-load: the smallest n/8 whose rounded-up size is at least
/// twice the thumbnail on both axes (the largest n giving that same size, for tiny images).
/// Expected values are worked out by hand.
@Suite struct JPEGScaleChoiceTests {
    static let box = PixelSize(width: 500, height: 500)

    static func info(_ width: Int, _ height: Int, _ orientation: EXIFOrientation = .up) -> ImageInfo {
        ImageInfo(format: .jpeg, size: PixelSize(width: width, height: height), orientation: orientation,
                  colorModel: .rgb, hasAlpha: false)
    }

    @Test(arguments: [
        // 4000x3000 -> thumbnail 500x375 -> need 1000x750: 2/8 gives exactly 1000x750.
        (4000, 3000, EXIFOrientation.up, 1, 4),
        // 4001 wide: 2/8 gives ceil(1000.25) = 1001 >= 1000, still 1/4.
        (4001, 3000, .up, 1, 4),
        // 3264x2448 -> 500x375 -> need 1000x750: 2/8 is 816x612, 3/8 is 1224x918.
        (3264, 2448, .up, 3, 8),
        // 1200x1800 stored, orientation 6: upright 1800x1200 -> 500x333 -> stored 333x500
        // -> need 666x1000: 4/8 is 600x900, 5/8 is 750x1125.
        (1200, 1800, .right, 5, 8),
        // 12000x9000 (108 MP) -> 500x375 -> need 1000x750: 1/8 is 1500x1125.
        (12000, 9000, .up, 1, 8),
        // Smaller than twice the box: the full image is needed.
        (900, 600, .up, 1, 1),
        // Sizes round up: 1x1 is 1x1 at every factor, 2x2 is 2x2 from 5/8 on; the largest
        // factor giving that size wins, so these are not scaled at all.
        (1, 1, .up, 1, 1),
        (2, 2, .up, 1, 1),
        // 20x16 -> need 20x16 (smaller than the box): 7/8 is 18x14, so 8/8.
        (20, 16, .up, 1, 1),
        // A long strip: 20000x100 -> 500x3 -> need 1000x6: 1/8 is 2500x13.
        (20000, 100, .up, 1, 8),
        // 1600x1200 -> 500x375 -> need 1000x750: 5/8 is exactly 1000x750.
        (1600, 1200, .up, 5, 8),
        // 1599x1200 -> 500x375 (374.2 rounds to 375) -> need 1000x750: 5/8 is 1000x750.
        (1599, 1200, .up, 5, 8),
        // 1400x1050 -> 500x375 -> need 1000x750: 5/8 is 875x657, 6/8 = 3/4 is 1050x788.
        (1400, 1050, .up, 3, 4),
    ] as [(Int, Int, EXIFOrientation, Int, Int)])
    func choosesTheSmallestSufficientEighth(width: Int, height: Int, orientation: EXIFOrientation,
                                            num: Int, denom: Int) {
        let scale = JPEGScaleChoice.dctScale(for: Self.info(width, height, orientation), box: Self.box)
        #expect(scale.num == num && scale.denom == denom, "got \(scale.num)/\(scale.denom)")
    }

    @Test func scaledSizeRoundsUpLikeTJSCALED() {
        #expect(JPEGScaleChoice.scaledSize(PixelSize(width: 4001, height: 3), by: (1, 4)) == PixelSize(width: 1001, height: 1))
        #expect(JPEGScaleChoice.scaledSize(PixelSize(width: 1599, height: 1200), by: (5, 8)) == PixelSize(width: 1000, height: 750))
        #expect(JPEGScaleChoice.scaledSize(PixelSize(width: 7, height: 9), by: (1, 1)) == PixelSize(width: 7, height: 9))
    }

    /// Whatever the size, the chosen scale covers the need, the next smaller one does not, and
    /// the next larger one gives a larger image.
    @Test func theChoiceIsMinimal() {
        for width in stride(from: 1, through: 5000, by: 97) {
            for height in stride(from: 1, through: 5000, by: 89) {
                let info = Self.info(width, height, width % 2 == 0 ? .up : .left)
                let need = ShrinkOnLoad.minimumDecodeSize(stored: info.size, orientation: info.orientation, box: Self.box)
                let scale = JPEGScaleChoice.dctScale(for: info, box: Self.box)
                let eighths = scale.num * 8 / scale.denom
                #expect(scale.num * 8 % scale.denom == 0)
                let chosen = JPEGScaleChoice.scaledSize(info.size, by: scale)
                #expect(chosen.width >= need.width && chosen.height >= need.height)
                if eighths > 1 {
                    let smaller = JPEGScaleChoice.scaledSize(info.size, by: (eighths - 1, 8))
                    #expect(smaller.width < need.width || smaller.height < need.height || smaller == chosen)
                }
                if eighths < 8 {
                    #expect(JPEGScaleChoice.scaledSize(info.size, by: (eighths + 1, 8)) != chosen)
                }
            }
        }
    }
}
