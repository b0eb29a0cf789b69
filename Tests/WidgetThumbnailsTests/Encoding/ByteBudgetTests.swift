import Foundation
import Testing
import TestSupport
@testable import WidgetThumbnails

@Suite struct ByteBudgetTests {
    @Test func defaultsAreThreeHundredKilobytesCountedBy1000() {
        #expect(ByteBudget().cap == 300_000)
        #expect(ByteBudget.standard.cap == 300_000)
        #expect(ByteBudget.hardCeiling == 500_000)
        #expect(!ByteBudget().wasClamped)
    }

    @Test func noCapCanLiftTheHardCeiling() {
        let budget = ByteBudget(cap: 900_000)
        #expect(budget.cap == 500_000)
        #expect(budget.requestedCap == 900_000)
        #expect(budget.wasClamped)
        #expect(budget.admits(byteCount: 500_000))
        #expect(!budget.admits(byteCount: 500_001))
        #expect(ByteBudget(cap: -1).cap == 0)
    }

    @Test func shrinkStepsGo85PercentAtATimeDownTo300() {
        let sizes = ShrinkSteps.standard.sizes(below: PixelSize(width: 1000, height: 500))
        #expect(sizes.first == PixelSize(width: 850, height: 425))
        #expect(sizes.last == PixelSize(width: 300, height: 150))
        let longSides = sizes.map(\.width)
        #expect(zip(longSides, longSides.dropFirst()).allSatisfy { $0 > $1 })
        #expect(zip([1000] + longSides, longSides).dropLast().allSatisfy { Int(Double($0) * 0.85) == $1 })
        // Portrait keeps its orientation; an image at or below 300 px does not shrink.
        #expect(ShrinkSteps.standard.sizes(below: PixelSize(width: 375, height: 500)).last == PixelSize(width: 225, height: 300))
        #expect(ShrinkSteps.standard.sizes(below: PixelSize(width: 300, height: 120)).isEmpty)
        #expect(ShrinkSteps.standard.sizes(below: PixelSize(width: 200, height: 200)).isEmpty)
    }
}

@Suite struct ByteBudgetSearchTests {
    @Test(arguments: [StoredFormat.jpeg, .webp, .png])
    func theCommonCaseIsOneEncodeAtTheStartQuality(format: StoredFormat) throws {
        let image = SyntheticImage.gradient(width: 500, height: 375)
        let result = try BudgetedEncoder(format: format).encode(image)
        #expect(result.encodeCount == 1)
        #expect(result.quality == QualityRange.standard(for: format).map { Double($0.start) })
        #expect(result.size == image.size)
        #expect(result.bytes.count <= 300_000)
        #expect(result.bytes == (try ImageEncoder.encode(image, format: format, quality: result.quality ?? 0)))
    }

    @Test(arguments: [(StoredFormat.jpeg, 20_000), (.webp, 23_000)])
    func findsTheHighestQualityThatFits(format: StoredFormat, cap: Int) throws {
        let image = SyntheticImage.noise(width: 200, height: 200)
        let range = try #require(QualityRange.standard(for: format))
        // Measured directly: bytes grow with quality on this image, the start is over the
        // cap and the floor under it, so the answer is the last quality that fits.
        let sizes = try (range.floor...range.start).map { try ImageEncoder.encode(image, format: format, quality: Double($0)).count }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "bytes grow with quality: \(sizes)")
        #expect(sizes.last! > cap && sizes.first! <= cap)
        let highest = range.floor + sizes.lastIndex { $0 <= cap }!

        let result = try BudgetedEncoder(format: format, budget: ByteBudget(cap: cap)).encode(image)
        let quality = try #require(result.quality)
        #expect(result.bytes.count <= cap)
        #expect(result.size == image.size)
        #expect(result.attempts.first == EncodeAttempt(size: image.size, quality: Double(range.start), byteCount: sizes.last!, fits: false))
        #expect(result.attempts.filter(\.fits).allSatisfy { $0.quality! <= quality })
        #expect(result.attempts.filter { !$0.fits }.allSatisfy { $0.quality! > quality })
        #expect(result.bytes == (try ImageEncoder.encode(image, format: format, quality: quality)))
        switch format {
        case .webp:
            // The whole quality that fits, then two halvings of the step above it: a quarter
            // step, whose next quarter up was measured over the cap.
            #expect(quality >= Double(highest) && quality < Double(highest + 1))
            #expect((quality * 4).rounded() == quality * 4, "quarter steps: \(quality)")
            #expect(result.bytes.count >= sizes[highest - range.floor])
            #expect(result.attempts.contains { $0.quality == quality + 0.25 && !$0.fits }, "\(result.attempts)")
            #expect(result.attempts.count <= 2 + 6 + 2, "start, floor, bisection of 40 steps, two halvings")
        default:
            #expect(quality == Double(highest))
            #expect(result.bytes.count == sizes[highest - range.floor])
            #expect(result.attempts.count <= 2 + 6, "start, floor, then bisection of 40 steps")
        }
    }

    /// WebP's quality is continuous in libwebp: a fraction gives bytes between the whole
    /// numbers' on either side. JPEG's is whole, and a fraction is refused, not rounded.
    @Test func webPTakesFractionalQualityAndJPEGRefusesIt() throws {
        let image = SyntheticImage.noise(width: 200, height: 200)
        let sizes = try [70, 70.5, 71].map { try ImageEncoder.encode(image, format: .webp, quality: $0).count }
        #expect(sizes[0] < sizes[1] && sizes[1] < sizes[2], "\(sizes)")
        #expect(throws: ImageError.self) { try ImageEncoder.encode(image, format: .jpeg, quality: 70.5) }
        #expect(throws: ImageError.self) { try ImageEncoder.encode(image, format: .webp, quality: .nan) }
    }

    /// Caps that need a search (the start quality is over), one for every answer from just
    /// above the floor to just below the start: the prediction from the bytes finds the same
    /// highest quality that fits in well under the encodes bisection took on the same bytes.
    @Test(arguments: [StoredFormat.jpeg, .webp])
    func predictsTheQualityInFewerEncodesThanBisection(format: StoredFormat) throws {
        let path = Corpus.packageRoot.appendingPathComponent("SampleImages/photo.jpg").path
        let image = try ImageDecoder.decodeFile(atPath: path).image
        let range = try #require(QualityRange.standard(for: format))
        let sizes = try (range.floor...range.start).map { try ImageEncoder.encode(image, format: format, quality: Double($0)).count }
        var (predicted, bisected) = (0, 0)
        for answer in range.floor + 1..<range.start {
            let cap = sizes[answer - range.floor]
            let result = try BudgetedEncoder(format: format, budget: ByteBudget(cap: cap)).encode(image)
            #expect(result.bytes.count <= cap)
            let quality = Int(try #require(result.quality).rounded(.down))
            #expect(sizes[quality - range.floor] <= cap && sizes[quality + 1 - range.floor] > cap,
                    "q\(quality) fits and the next one up does not: \(result.attempts)")
            // WebP's two halvings after the whole search are the same for either search.
            let whole = result.attempts.filter { $0.quality == $0.quality?.rounded() }.count
            let bisection = Self.bisectionEncodeCount(sizes: sizes, cap: cap, range: range)
            #expect(whole <= bisection, "\(result.attempts) vs \(bisection) for bisection")
            #expect(result.encodeCount - whole == (format == .webp ? 2 : 0), "\(result.attempts)")
            predicted += whole
            bisected += bisection
        }
        #expect(predicted * 10 <= bisected * 7, "\(predicted) encodes against \(bisected) for bisection")
    }

    /// How many encodes the search before prediction made on these bytes (`sizes[i]` at
    /// quality `floor + i`): the start, the floor, then bisection between them.
    static func bisectionEncodeCount(sizes: [Int], cap: Int, range: QualityRange) -> Int {
        let fits = { (quality: Int) in sizes[quality - range.floor] <= cap }
        if fits(range.start) { return 1 }
        guard fits(range.floor) else { return 2 }
        var (low, high, count) = (range.floor, range.start, 2)
        while high - low > 1 {
            let middle = (low + high) / 2
            count += 1
            if fits(middle) { low = middle } else { high = middle }
        }
        return count
    }

    @Test func aCapAboveTheCeilingStillEndsUnder500000() throws {
        let image = SyntheticImage.noise(width: 1_000, height: 1_000)
        let result = try BudgetedEncoder(format: .jpeg, budget: ByteBudget(cap: 900_000)).encode(image)
        let first = try #require(result.attempts.first)
        #expect(first.byteCount > 500_000 && first.byteCount < 900_000, "the start quality would fit the asked cap")
        #expect(!first.fits)
        #expect(result.bytes.count <= 500_000)
        #expect(result.quality! < 80)
    }

    @Test func shrinksWhenTheFloorIsOverThenSearchesQualityAgain() throws {
        let source = SyntheticImage.noise(width: 600, height: 600)
        let requested = Recorder()
        let result = try BudgetedEncoder(format: .jpeg, budget: ByteBudget(cap: 80_000)).encode(source) { size in
            requested.sizes.append(size)
            return SyntheticImage.nearest(source, to: size)
        }
        #expect(requested.sizes == [PixelSize(width: 510, height: 510), PixelSize(width: 433, height: 433)])
        #expect(result.size == PixelSize(width: 433, height: 433))
        #expect(result.bytes.count <= 80_000)
        let quality = try #require(result.quality)
        #expect(quality >= 40 && quality <= 80)
        let atFloor = result.attempts.filter { $0.quality == 40 }
        #expect(atFloor.map(\.fits) == [false, false, true], "floor over at 600 and 510, fits at 433")
        if quality < 80 {
            let next = try ImageEncoder.encode(SyntheticImage.nearest(source, to: result.size), format: .jpeg, quality: quality + 1)
            #expect(next.count > 80_000, "one quality higher would not fit")
        }
    }

    @Test func pngOnlyShrinks() throws {
        let source = SyntheticImage.noise(width: 400, height: 400)
        let result = try BudgetedEncoder(format: .png, budget: ByteBudget(cap: 300_000)).encode(source) {
            SyntheticImage.nearest(source, to: $0)
        }
        #expect(result.quality == nil)
        #expect(result.attempts.map(\.size) == [400, 340, 300].map { PixelSize(width: $0, height: $0) })
        #expect(result.attempts.map(\.fits) == [false, false, true])
        #expect(result.bytes.count <= 300_000)
    }

    @Test func anImpossibleCapIsBudgetUnreachableWithTheNumbers() throws {
        let source = SyntheticImage.noise(width: 400, height: 400)
        do {
            _ = try BudgetedEncoder(format: .jpeg, budget: ByteBudget(cap: 500)).encode(source) {
                SyntheticImage.nearest(source, to: $0)
            }
            Issue.record("500 bytes cannot hold 300x300 of noise")
        } catch {
            #expect(error.code == .budgetUnreachable)
            #expect(error.reason.contains("cannot fit in 500 bytes"), "\(error)")
            #expect(error.reason.contains("quality floor 40"), "\(error)")
            #expect(error.reason.contains("smallest size 300x300"), "\(error)")
            #expect(error.description.hasPrefix("budget unreachable: JPEG"))
        }
    }

    @Test func withoutResizeOrRoomToShrinkItFailsAtTheFloor() throws {
        let small = SyntheticImage.noise(width: 250, height: 200)
        let calls = Recorder()
        do {
            _ = try BudgetedEncoder(format: .webp, budget: ByteBudget(cap: 1_000)).encode(small) {
                calls.sizes.append($0)
                return SyntheticImage.nearest(small, to: $0)
            }
            Issue.record("1000 bytes cannot hold 250x200 of noise")
        } catch {
            #expect(error.code == .budgetUnreachable)
            #expect(error.reason.contains("quality floor 35"))
        }
        #expect(calls.sizes.isEmpty, "a 250 px image is below the 300 px minimum: never shrunk")
        #expect(throws: ImageError.self) {
            try BudgetedEncoder(format: .jpeg, budget: ByteBudget(cap: 1_000)).encode(SyntheticImage.noise(width: 600, height: 400))
        }
    }

    @Test func aQualityRangeUpsideDownIsRefused() {
        let encoder = BudgetedEncoder(format: .jpeg, quality: QualityRange(start: 30, floor: 60))
        #expect(throws: ImageError(.invalidArgument, "JPEG quality range 60-30 must have floor <= start, both in 1...100")) {
            try encoder.encode(SyntheticImage.gradient(width: 8, height: 8))
        }
    }

    @Test func theICCProfileCountsAgainstTheBudget() throws {
        let image = SyntheticImage.gradient(width: 100, height: 100)
        let plain = try ImageEncoder.encode(image, format: .jpeg, quality: 80).count
        let profile = SyntheticICC.profile(size: 40_000)
        let cap = plain + 40_000  // the profile's APP2 header bytes push q80 just over
        let result = try BudgetedEncoder(format: .jpeg, budget: ByteBudget(cap: cap), iccProfile: profile).encode(image)
        #expect(result.bytes.count <= cap)
        #expect(result.quality! < 80, "the profile alone pushes q80 over")
        #expect(JPEGSegments.read(result.bytes).flatMap(JPEGSegments.iccProfile) == profile.data)
    }
}

/// Collects what a resize closure was asked for (the closure is not escaping; a class keeps
/// the test simple).
private final class Recorder {
    var sizes: [PixelSize] = []
}
