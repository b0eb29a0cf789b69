import Testing
import WidgetThumbnails

/// `ThumbnailOptions`' defaults live at its properties: the initialiser sets what it is given
/// and leaves every other property at its default, as the keyword calls written before expect.
@Suite struct ThumbnailOptionsTests {
    @Test func theDefaultsAreTheWidgetBudgetsTop() {
        let defaults = ThumbnailOptions()
        // A widget thumbnail: a long side of 300-500 px (we take the top), at most 300 KB (README, Defaults).
        #expect(defaults.box == PixelSize(width: 500, height: 500))
        #expect(ThumbnailOptions.defaultSide == 500)
        #expect(defaults.budget.cap == 300_000)
        #expect(defaults.format == .auto && defaults.quality == nil && defaults.family == nil && defaults.devices == nil)
        #expect(defaults.effort == .standard && defaults.colorPolicy == .convertToSRGB && defaults.strictness == .lenient)
        #expect(defaults.limits == .default)
    }

    @Test func eachParameterSetsOnlyItsOwnProperty() throws {
        var expected = ThumbnailOptions()
        expected.format = .png
        #expect(ThumbnailOptions(format: .png) == expected)

        expected = ThumbnailOptions()
        expected.box = PixelSize(width: 120, height: 80)
        expected.budget = ByteBudget(cap: 9_000)
        expected.effort = try EncodeEffort(1)
        expected.strictness = .strict
        #expect(ThumbnailOptions(box: PixelSize(width: 120, height: 80), budget: ByteBudget(cap: 9_000),
                                 effort: try EncodeEffort(1), strictness: .strict) == expected)
        #expect(ThumbnailOptions(box: nil, format: nil, colorPolicy: nil) == ThumbnailOptions())
    }
}
