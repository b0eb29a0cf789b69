import Foundation
import Testing
import TestSupport
@testable import WidgetThumbnails

/// `SmartCrop`: both strategies find an off-centre subject a centred window would cut, on
/// synthetic scenes and on a corpus photograph, and the corner cases stay inside the image.
@Suite struct SmartCropTests {
    /// A rectangle of an image, for saying what a window must hold.
    struct Box: CustomStringConvertible {
        var x: Int, y: Int, width: Int, height: Int

        /// True when `other` lies wholly inside this box.
        func contains(_ other: Box) -> Bool {
            other.x >= x && other.y >= y && other.x + other.width <= x + width
                && other.y + other.height <= y + height
        }

        var description: String { "\(width)x\(height) at (\(x), \(y))" }
    }

    /// What the synthetic subject looks like.
    enum Subject: CaseIterable, Sendable {
        /// Blocks of saturated colours at random, a few levels of luma apart.
        case texturedColour
        /// A skin tone crossed by darker lines: little colour, some edges.
        case skinWithEdges

        /// The colour at (`x`, `y`) inside the subject: the texture draws from `random`, the
        /// lines fall every 4 `unit`s.
        func colour(x: Int, y: Int, unit: Int, random: inout SplitMix64) -> (UInt8, UInt8, UInt8) {
            switch self {
            case .texturedColour:
                let palette: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (240, 160, 20), (200, 30, 130),
                                                        (250, 220, 40), (180, 20, 20), (230, 90, 60)]
                return palette[Int(random.next() % UInt64(palette.count))]
            case .skinWithEdges:
                let onLine = (x / unit) % 4 == 0 || (y / unit) % 4 == 0
                return onLine ? (120, 80, 60) : (224, 172, 140)
            }
        }
    }

    /// Which side of the image the subject sits against (with a small margin).
    enum Side: CaseIterable, Sendable { case left, right, top, bottom }

    /// What the scene behind the subject is.
    enum Background: CaseIterable, Sendable {
        /// Mid grey.
        case flat
        /// Grey rising gently (100 to 156) along the axis the window slides on.
        case gradient
    }

    /// A landscape scene (240x160 `unit`s) for left and right subjects, a portrait one
    /// (160x240) for top and bottom, with a 56-unit square subject 8 units from its side; and
    /// where the subject is.
    static func scene(_ subject: Subject, at side: Side, on background: Background,
                      unit: Int) -> (image: RGBAImage, subject: Box) {
        let landscape = side == .left || side == .right
        let width = (landscape ? 240 : 160) * unit, height = (landscape ? 160 : 240) * unit
        let size = 56 * unit, margin = 8 * unit
        let along = landscape ? width : height
        let start = side == .left || side == .top ? margin : along - margin - size
        let across = ((landscape ? height : width) - size) / 2
        let box = landscape ? Box(x: start, y: across, width: size, height: size)
                            : Box(x: across, y: start, width: size, height: size)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let position = landscape ? x : y
                    let grey = background == .flat ? 128 : UInt8(100 + 56 * position / along)
                    let index = (y * width + x) * 4
                    (pixels[index], pixels[index + 1], pixels[index + 2]) = (grey, grey, grey)
                }
            }
        }
        // One random draw per texture block, so the texture survives the analysis reduction.
        var random = SplitMix64(seed: 0xC0FFEE)
        var blockColours: [Int: (UInt8, UInt8, UInt8)] = [:]
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                let block = ((y - box.y) / (6 * unit)) * 1000 + (x - box.x) / (6 * unit)
                let colour: (UInt8, UInt8, UInt8)
                if subject == .texturedColour, let known = blockColours[block] {
                    colour = known
                } else {
                    colour = subject.colour(x: x - box.x, y: y - box.y, unit: unit, random: &random)
                    blockColours[block] = colour
                }
                let index = (y * width + x) * 4
                (pixels[index], pixels[index + 1], pixels[index + 2]) = colour
            }
        }
        return (RGBAImage(width: width, height: height, pixels: pixels), box)
    }

    /// The window `SmartCrop` chose, as a box.
    static func chosen(_ window: PixelSize, in image: RGBAImage, _ strategy: SmartCrop.Strategy) -> Box {
        let origin = SmartCrop.origin(of: window, in: image, strategy: strategy)
        return Box(x: origin.x, y: origin.y, width: window.width, height: window.height)
    }

    /// The window libvips' `centre` would take.
    static func centred(_ window: PixelSize, in image: RGBAImage) -> Box {
        Box(x: (image.width - window.width) / 2, y: (image.height - window.height) / 2,
            width: window.width, height: window.height)
    }

    /// A half-length window (across the whole other axis) holds the subject near any side,
    /// where the centred window cuts it; at unit 1 (240x160, analysed as it is) and unit 3
    /// (720x480, analysed reduced).
    @Test(arguments: [SmartCrop.Strategy.entropy, .attention], Subject.allCases)
    func offCentreSubjectsAreKept(strategy: SmartCrop.Strategy, subject: Subject) {
        for side in Side.allCases {
            for background in Background.allCases {
                for unit in [1, 3] {
                    let (image, box) = Self.scene(subject, at: side, on: background, unit: unit)
                    let landscape = side == .left || side == .right
                    let window = landscape ? PixelSize(width: image.width / 2, height: image.height)
                                           : PixelSize(width: image.width, height: image.height / 2)
                    let centre = Self.centred(window, in: image)
                    #expect(!centre.contains(box), "the centred window must cut the subject, or the test shows nothing")
                    let chosen = Self.chosen(window, in: image, strategy)
                    #expect(chosen.contains(box),
                            "\(strategy) \(subject) at \(side) on \(background) x\(unit): \(chosen) misses \(box)")
                }
            }
        }
    }

    /// A corpus photograph whose subject is off-centre: wisteria, the largest and brightest
    /// cluster of flowers on the left, a dark post and smaller clusters right of centre.
    /// A 1:2 window (a 150x300 thumbnail of the 4:3 photo: 3/8 of the width) must hold the
    /// big cluster's core, which on an 800x600 preview spans x 128...288 and y 120...390:
    /// 16% to 36% of the width, 20% to 65% of the height. The centred window, from 31% of the
    /// width, cuts it. (libvips 8.14 picks 0% for attention and 8% for entropy.)
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage),
          arguments: [SmartCrop.Strategy.entropy, .attention])
    func aPhotographsOffCentreSubjectIsKept(strategy: SmartCrop.Strategy) throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Corpus.path("photos/iphone_hdr_YES.jpg"),
                                                  options: DecodeOptions(targetBox: PixelSize(width: 1200, height: 1200)))
        let image = decoded.image.oriented(decoded.info.orientation)
        let window = PixelSize(width: image.width * 3 / 8, height: image.height)
        let subject = Box(x: image.width * 16 / 100, y: image.height * 20 / 100,
                          width: image.width * 20 / 100, height: image.height * 45 / 100)
        #expect(!Self.centred(window, in: image).contains(subject))
        let chosen = Self.chosen(window, in: image, strategy)
        #expect(chosen.contains(subject), "\(strategy): \(chosen) of \(image.size) misses the cluster \(subject)")
    }

    /// A window as large as the image has only one place.
    @Test(arguments: [SmartCrop.Strategy.entropy, .attention])
    func aWindowTheImageSizeStartsAtTheCorner(strategy: SmartCrop.Strategy) {
        let image = SyntheticImage.noise(width: 50, height: 30)
        let origin = SmartCrop.origin(of: image.size, in: image, strategy: strategy)
        #expect(origin == (0, 0))
    }

    /// One-pixel images and lines: the only window of a 1x1, and windows along a 1-pixel
    /// line that land on its one coloured stretch.
    @Test(arguments: [SmartCrop.Strategy.entropy, .attention])
    func onePixelImages(strategy: SmartCrop.Strategy) {
        let dot = RGBAImage(width: 1, height: 1, pixels: [200, 40, 40, 255])
        #expect(SmartCrop.origin(of: dot.size, in: dot, strategy: strategy) == (0, 0))
        // A grey line of 40 pixels with red and yellow at 26..<34.
        var pixels = [UInt8](repeating: 128, count: 40 * 4)
        for index in 26..<34 {
            pixels[index * 4] = 230
            pixels[index * 4 + 1] = index % 2 == 0 ? 40 : 220
            pixels[index * 4 + 2] = 40
        }
        for index in 0..<40 { pixels[index * 4 + 3] = 255 }
        let column = RGBAImage(width: 1, height: 40, pixels: pixels)
        // 16 rows hold 26..<34 from 18 to 26; the centred window, from 12, cuts them.
        let down = SmartCrop.origin(of: PixelSize(width: 1, height: 16), in: column, strategy: strategy)
        #expect(down.x == 0 && (18...26).contains(down.y), "16 rows from \(down.y) must hold rows 26..<34")
        let row = RGBAImage(width: 40, height: 1, pixels: pixels)
        let across = SmartCrop.origin(of: PixelSize(width: 16, height: 1), in: row, strategy: strategy)
        #expect(across.y == 0 && (18...26).contains(across.x), "16 columns from \(across.x) must hold 26..<34")
    }

    /// Nothing to choose by, whether nothing is visible (however colourful the stored pixels)
    /// or everything is one grey: the centred window, which libvips' first-found tie-break
    /// (the top-left for entropy and attention alike) would not give.
    @Test(arguments: [SmartCrop.Strategy.entropy, .attention])
    func featurelessImagesAreCentred(strategy: SmartCrop.Strategy) {
        var transparent = SyntheticImage.noise(width: 201, height: 100)
        for index in stride(from: 3, to: transparent.pixels.count, by: 4) { transparent.pixels[index] = 0 }
        var grey = [UInt8](repeating: 90, count: 201 * 100 * 4)
        for index in stride(from: 3, to: grey.count, by: 4) { grey[index] = 255 }
        let window = PixelSize(width: 80, height: 51)
        for image in [transparent, RGBAImage(width: 201, height: 100, pixels: grey)] {
            let origin = SmartCrop.origin(of: window, in: image, strategy: strategy)
            #expect(origin == (60, 24), "centred: ((201 - 80) / 2, (100 - 51) / 2)")
        }
    }

    /// A subject drawn fully transparent is not there: the visible one, on the other side,
    /// gets the window, which the other pulls away while it shows.
    @Test(arguments: [SmartCrop.Strategy.entropy, .attention])
    func transparentContentIsIgnored(strategy: SmartCrop.Strategy) {
        let (left, leftBox) = Self.scene(.texturedColour, at: .left, on: .flat, unit: 1)
        let (right, rightBox) = Self.scene(.skinWithEdges, at: .right, on: .flat, unit: 1)
        var image = left
        for y in rightBox.y..<(rightBox.y + rightBox.height) {
            for x in rightBox.x..<(rightBox.x + rightBox.width) {
                let index = (y * image.width + x) * 4
                image.pixels.replaceSubrange(index..<(index + 4), with: right.pixels[index..<(index + 4)])
            }
        }
        let window = PixelSize(width: image.width / 2, height: image.height)
        let bothShowing = Self.chosen(window, in: image, strategy)
        #expect(!bothShowing.contains(rightBox), "the textured subject must pull the window, or hiding it shows nothing")
        for y in leftBox.y..<(leftBox.y + leftBox.height) {
            for x in leftBox.x..<(leftBox.x + leftBox.width) { image.pixels[(y * image.width + x) * 4 + 3] = 0 }
        }
        let chosen = Self.chosen(window, in: image, strategy)
        #expect(chosen.contains(rightBox), "\(chosen) misses the visible subject \(rightBox)")
    }

    /// A one-pixel-wide window, the whole height: a column through the subject.
    @Test(arguments: [SmartCrop.Strategy.entropy, .attention])
    func aOnePixelWideWindowFindsTheSubject(strategy: SmartCrop.Strategy) {
        let (image, box) = Self.scene(.texturedColour, at: .right, on: .flat, unit: 1)
        let window = PixelSize(width: 1, height: image.height)
        let origin = SmartCrop.origin(of: window, in: image, strategy: strategy)
        #expect(origin.y == 0)
        #expect((box.x..<(box.x + box.width)).contains(origin.x), "column \(origin.x) is not in \(box)")
    }
}
