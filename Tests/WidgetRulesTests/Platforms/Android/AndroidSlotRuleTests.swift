import Testing
import WidgetRules

/// `android-slot` on widgets as values: the slot a provider's attributes give, px from dp at
/// each bucket, the size that just covers a slot, one finding per file against its largest
/// slot, and a fix that is one quoted command. Every expected figure is worked out by hand in
/// the test's comments.
@Suite struct AndroidSlotRuleTests {
    /// A widget of `size` drawing `bitmaps`.
    static func widget(_ size: AndroidWidgetSize, _ bitmaps: [AndroidDrawnBitmap]) -> AndroidWidget {
        AndroidWidget(providerFile: "app/src/main/res/xml/widget_info.xml", resourceName: "widget_info",
                      initialLayout: "widget", size: size, bitmaps: bitmaps)
    }

    /// A bitmap of `width` x `height` px in `density`'s folder, in a view of the given dp (nil:
    /// as large as the widget).
    static func bitmap(_ density: AndroidDensityBucket, _ width: Int, _ height: Int, name: String = "cover",
                       view: (Double, Double)? = nil, folder: String? = nil) -> AndroidDrawnBitmap {
        let folderName = folder ?? "drawable-\(density.rawValue)"
        return AndroidDrawnBitmap(path: "app/src/main/res/\(folderName)/\(name).png", resourceName: name, density: density,
                                  pixels: PixelSize(width: width, height: height), layoutFile: "app/src/main/res/layout/widget.xml",
                                  drawnThrough: "android:src", viewWidth: view?.0, viewHeight: view?.1)
    }

    static let fixed = AndroidWidgetSize(minWidth: 250, minHeight: 110, targetCellWidth: 4, targetCellHeight: 2)

    @Test func aFixedWidgetIsItsMinimumSizeUntilTheCellTableIsGiven() {
        let slot = AndroidSlotRule().slot(of: Self.fixed)
        #expect(slot.width == 250 && slot.height == 110)
        #expect(slot.evidence == "minWidth 250 dp, minHeight 110 dp")
        // The seam: the design guide's 4x2 span is at most 624 x 276 dp.
        struct Guide: AndroidCellSpanSizing {
            func largestSize(columns: Int, rows: Int) -> (width: Double, height: Double)? {
                columns == 4 && rows == 2 ? (624, 276) : nil
            }
        }
        let celled = AndroidSlotRule(cellSizing: Guide()).slot(of: Self.fixed)
        #expect(celled.width == 624 && celled.height == 276)
        // A span the table lacks keeps the provider's own figures.
        var other = Self.fixed
        other.targetCellWidth = 3
        #expect(AndroidSlotRule(cellSizing: Guide()).slot(of: other).width == 250)
    }

    @Test func aResizableAxisIsItsMaximumOrUnknown() {
        let resizable = AndroidWidgetSize(minWidth: 110, minHeight: 40, maxResizeWidth: 400, resizeMode: [.horizontal, .vertical])
        let slot = AndroidSlotRule().slot(of: resizable)
        #expect(slot.width == 400)
        #expect(slot.height == nil, "no maxResizeHeight: it may grow to the grid")
        // A bitmap filling it cannot be compared; one in a fixed-size view can.
        let result = AndroidSlotRule().evaluate([Self.widget(resizable, [
            Self.bitmap(.xhdpi, 2000, 2000),
            Self.bitmap(.xhdpi, 200, 200, name: "logo", view: (48, 48)),
        ])])
        #expect(result.unchecked.map(\.path) == ["app/src/main/res/drawable-xhdpi/cover.png"])
        #expect(result.unchecked.first?.reason.contains("resizable with no maxResizeHeight") == true)
        // 48 dp at 2x is 96 px; 200 x 200 is over on both axes.
        #expect(result.findings.map(\.numbers?.slotPixels) == [[96, 96]])
    }

    @Test func pixelsAreDPTimesTheBucketRoundedAsAndroidRounds() {
        #expect(AndroidSlotRule.pixels(110, at: .hdpi) == 165)      // 110 x 1.5
        #expect(AndroidSlotRule.pixels(48, at: .tvdpi) == 64)       // 48 x 213/160 = 63.9
        #expect(AndroidSlotRule.pixels(250, at: .xxhdpi) == 750)
        #expect(AndroidSlotRule.pixels(45, at: .ldpi) == 34)        // 33.75
        #expect(AndroidSlotRule.pixels(110, at: .nodpi) == 440)     // never scaled: the densest screens' 4x
        #expect(AndroidDensityBucket.xxxhdpi.scale == 4 && AndroidDensityBucket.mdpi.scale == 1)
    }

    @Test func theCoveringSizeKeepsTheAspectAndJustCoversTheSlot() {
        // 2000 x 880 over 500 x 220: both factors are 1/4, so 500 x 220 exactly.
        #expect(AndroidSlotRule.covering(PixelSize(width: 500, height: 220), from: PixelSize(width: 2000, height: 880))
                == PixelSize(width: 500, height: 220))
        // 1200 x 500 over 1000 x 440: the height binds (440/500 > 1000/1200), width 1200 x 0.88 = 1056.
        #expect(AndroidSlotRule.covering(PixelSize(width: 1000, height: 440), from: PixelSize(width: 1200, height: 500))
                == PixelSize(width: 1056, height: 440))
        // 1200 x 600 over 1000 x 440: the width binds, height 600 x 5/6 = 500.
        #expect(AndroidSlotRule.covering(PixelSize(width: 1000, height: 440), from: PixelSize(width: 1200, height: 600))
                == PixelSize(width: 1000, height: 500))
        // 999 x 333 over 100 x 10: the width binds, height 33.3 rounds up to 34 so it still covers.
        #expect(AndroidSlotRule.covering(PixelSize(width: 100, height: 10), from: PixelSize(width: 999, height: 333))
                == PixelSize(width: 100, height: 34))
    }

    /// Each bucket's file against its own density: 250 x 110 dp is 250 x 110 px at mdpi,
    /// 500 x 220 at xhdpi, 750 x 330 at xxhdpi.
    @Test func eachBucketIsComparedWithTheSlotAtItsDensity() throws {
        let result = AndroidSlotRule().evaluate([Self.widget(Self.fixed, [
            Self.bitmap(.mdpi, 250, 110),      // exactly the slot: fine
            Self.bitmap(.xhdpi, 2000, 880),    // 4x each side
            Self.bitmap(.xxhdpi, 750, 331),    // over on one axis only: a centre crop needs it
        ])])
        #expect(result.findings.count == 1)
        let finding = try #require(result.findings.first)
        #expect(finding.file == "app/src/main/res/drawable-xhdpi/cover.png")
        #expect(finding.rule == "android-slot" && finding.level == .warning)
        #expect(finding.numbers?.pixels == [2000, 880] && finding.numbers?.slotPixels == [500, 220])
        #expect(finding.numbers?.bytes == 7_040_000 && finding.numbers?.limitBytes == 440_000)  // x 4 bytes a pixel
        #expect(finding.message.contains("16.0x the pixels of 500x220,"), "\(finding.message)")
        #expect(finding.message.contains("the widget's 250 x 110 dp (minWidth 250 dp, minHeight 110 dp) at xhdpi's 2x"), "\(finding.message)")
        #expect(finding.fix?.description
                == "widget-thumbs thumbnail app/src/main/res/drawable-xhdpi/cover.png -o cover.drawable-xhdpi.png --max-side 500")
        #expect(finding.message == "2000x880 px is larger than its 500x220 px slot, the widget's 250 x 110 dp "
                    + "(minWidth 250 dp, minHeight 110 dp) at xhdpi's 2x, drawn by android:src in app/src/main/res/layout/widget.xml "
                    + "for app/src/main/res/xml/widget_info.xml: 16.0x the pixels of 500x220, the size that covers the slot; "
                    + "the launcher decodes 7,040,000 bytes where 440,000 would do")
        #expect(finding.devices == ["xhdpi screens"])
    }

    /// A view's own dp bounds the slot, never beyond the widget; a file drawn twice is reported
    /// once, against the larger of its slots.
    @Test func aFileDrawnTwiceIsReportedOnceAgainstItsLargestSlot() throws {
        let small = (48.0, 48.0)
        let tall = (80.0, 500.0)  // 80 x 110 dp once bounded by the widget
        let twice = AndroidSlotRule().evaluate([Self.widget(Self.fixed, [
            Self.bitmap(.mdpi, 200, 200, name: "logo", view: small),
            Self.bitmap(.mdpi, 200, 200, name: "logo", view: tall),
        ])])
        #expect(twice.findings.count == 1)
        #expect(twice.findings.first?.numbers?.slotPixels == [80, 110])
        // 96 x 96 is over the 48 dp view alone, but the 80 x 110 view needs its height.
        let alone = AndroidSlotRule().evaluate([Self.widget(Self.fixed, [Self.bitmap(.mdpi, 96, 96, name: "logo", view: small)])])
        #expect(alone.findings.first?.numbers?.slotPixels == [48, 48])
        let both = AndroidSlotRule().evaluate([Self.widget(Self.fixed, [
            Self.bitmap(.mdpi, 96, 96, name: "logo", view: small), Self.bitmap(.mdpi, 96, 96, name: "logo", view: tall),
        ])])
        #expect(both.findings.isEmpty)
        // 96 x 120 over 80 x 110: the height binds (110/120 > 80/96), width 96 x 110/120 = 88, so --max-side 110.
        let taller = AndroidSlotRule().evaluate([Self.widget(Self.fixed, [Self.bitmap(.mdpi, 96, 120, name: "logo", view: tall)])])
        #expect(taller.findings.first?.numbers?.slotPixels == [80, 110])
        #expect(taller.findings.first?.fix?.description.hasSuffix("--max-side 110") == true)
        #expect(taller.findings.first?.message.contains("of 88x110,") == true)
    }

    /// Names from the repository are quoted in the fix and escaped in the message.
    @Test func hostileNamesAreQuotedAndEscaped() throws {
        var bitmap = Self.bitmap(.xhdpi, 2000, 880, folder: "drawable-xhdpi")
        bitmap.path = "app/src/main/res/drawable-xhdpi/a'b; touch PWNED.png"
        bitmap.layoutFile = "app/src/main/res/layout/w\u{1B}[31m.xml"
        let finding = try #require(AndroidSlotRule().evaluate([Self.widget(Self.fixed, [bitmap])]).findings.first)
        let fix = try #require(finding.fix?.description)
        #expect(fix.contains("'app/src/main/res/drawable-xhdpi/a'\\''b; touch PWNED.png'"), "\(fix)")
        #expect(!finding.message.contains("\u{1B}"))
    }
}
