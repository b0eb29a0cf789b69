import Testing
import TestSupport
@testable import WidgetThumbnails

/// A start quality set before the format is known (`--quality`, `QualityRange.starting(at:)`)
/// searches down to each written format's own floor, never JPEG's for all.
@Suite struct QualityFloorTests {
    @Test func aStartAloneTakesEachFormatsFloor() {
        // The floors README's Quality section gives: JPEG 40, WebP 35, AVIF 40, HEIC 30.
        let floors: [StoredFormat: Int] = [.jpeg: 40, .webp: 35, .avif: 40, .heic: 30]
        for (format, floor) in floors {
            guard let scale = ImageEncoder.encoder(for: format).qualityScale else {
                Issue.record("\(format) has no quality")
                continue
            }
            #expect(QualityRange.starting(at: 90).resolved(for: scale) == QualityRange(start: 90, floor: floor), "\(format)")
            // A start under the floor is its own floor.
            #expect(QualityRange.starting(at: 20).resolved(for: scale) == QualityRange(start: 20, floor: 20), "\(format)")
        }
        // A range given whole keeps its floor.
        let given = QualityRange(start: 70, floor: 50)
        let webp = WebPEncoder.qualityScale
        #expect(webp.map(given.resolved(for:)) == given)
    }

    @Test func theSearchStopsAtWebPsFloor() throws {
        let source = SyntheticImage.noise(width: 400, height: 400)
        let encoder = BudgetedEncoder(format: .webp, budget: ByteBudget(cap: 500), quality: .starting(at: 75))
        let error = #expect(throws: ImageError.self) { try encoder.encode(source) }
        #expect(try #require(error).reason.contains("quality floor 35"), "\(String(describing: error))")
    }

    @Test func theDescriptionSaysTheFloorIsTheFormats() {
        #expect(QualityRange.starting(at: 75).description == "format floor-75")
        #expect(QualityRange(start: 80, floor: 40).description == "40-80")
    }
}
