import Testing
import WidgetRules

/// `explain` on Android's lines: the logged ones of the research that the issue (#39) cites,
/// and maxima that are no common screen. Screens are worked out by hand: M / 6 = W x H.
@Suite struct AndroidLogTests {
    private func explain(_ lines: [String]) -> WidgetLogExplanation {
        var reader = WidgetLogReader()
        for line in lines { reader.take(Array(line.utf8)) }
        return reader.explanation(catalog: .builtIn)
    }

    @Test func aCapLineGivesItsScreenAndASizeThatFits() throws {
        // Pixel 7 Pro in FHD+ (chr56/Phonograph_Plus issue 336): 15,163,200 / 6 = 2,527,200 = 1080 x 2340.
        let line = "E AppWidgetService: java.lang.IllegalArgumentException: RemoteViews for widget update exceeds maximum bitmap "
            + "memory usage (used: 16588800, max: 15163200)"
        let report = explain([line])
        let memory = try #require(report.entries.first?.android?.bitmapMemory)
        #expect(report.entries.first?.kind == "androidBitmapMemory")
        #expect(memory.screenPixels == 2_527_200)
        #expect(memory.screens.map(\.pixels) == [[1080, 2340]])
        #expect(memory.commonScreen)
        // 15,163,200 / 4 = 3,790,800 px; 1946^2 = 3,786,916 <= it < 1947^2 = 3,790,809.
        #expect(memory.largestARGBPixels == 3_790_800)
        #expect(memory.largestARGBSquare == 1946)
        // 16,588,800 / 15,163,200 = 1.094...
        #expect(abs(memory.overFactor - 1.094) < 0.001)
        #expect(memory.thumbnailCommand.contains("--screen 1080x2340 --density 2.625"))
        #expect(report.text.contains("1946x1946"))
    }

    @Test func theOtherLoggedMaximumIsAnFHDPhone() throws {
        // 12,441,600 / 6 = 2,073,600 = 1080 x 1920 (logged twice, per the research).
        let report = explain(["exceeds maximum bitmap memory usage (used: 14745600, max: 12441600)"])
        let memory = try #require(report.entries.first?.android?.bitmapMemory)
        #expect(memory.screens.map(\.pixels) == [[1080, 1920]])
        // 12,441,600 / 4 = 3,110,400 = 1763.6^2: 1763.
        #expect(memory.largestARGBSquare == 1763)
    }

    @Test func aScreenNotCataloguedIsFoundByItsCommonWidth() throws {
        // 6 x 1240 x 2772 = 20,623,680: no catalogue row, width 1240 common, shape 2.24.
        let memory = try #require(explain(["exceeds maximum bitmap memory usage (used: 30000000, max: 20623680)"]).entries.first?
            .android?.bitmapMemory)
        #expect(memory.screens.isEmpty)
        #expect(memory.commonScreens.contains("1240x2772"))
        #expect(memory.commonScreen)
    }

    @Test func aMaximumThatIsNoCommonScreenSaysSo() throws {
        // Not a multiple of 6.
        let odd = try #require(explain(["exceeds maximum bitmap memory usage (used: 20000000, max: 15552001)"]).entries.first?
            .android?.bitmapMemory)
        #expect(odd.screenPixels == nil)
        #expect(!odd.commonScreen)
        // 6 x 1001 x 1999: whole, but 1001 and 1999 (a prime) are no common width.
        let uncommon = explain(["exceeds maximum bitmap memory usage (used: 20000000, max: 12005994)"])
        #expect(uncommon.entries.first?.android?.bitmapMemory?.commonScreen == false)
        #expect(uncommon.text.contains("not 6 x a common screen"))
        // 4 x 480 x 800 = 1,536,000: Android 4.x's one-screen cap.
        let older = try #require(explain(["exceeds maximum bitmap memory usage (used: 2000000, max: 1536000)"]).entries.first?
            .android?.bitmapMemory)
        #expect(older.olderCapScreens.contains("480x800"))
    }

    @Test func aBinderLineIsMeasuredAgainstTheBuffer() throws {
        // AmbientMusicMod issue 169: 1,461,376 bytes, 1.39x the 1,048,576-byte buffer.
        let report = explain(["android.os.TransactionTooLargeException: data parcel size 1461376 bytes"])
        let binder = try #require(report.entries.first?.android?.transactionTooLarge)
        #expect(binder.parcelBytes == 1_461_376)
        #expect(binder.bufferBytes == 1_048_576)
        // 1,048,576 / 4 = 262,144 = 512^2.
        #expect(binder.largestARGBSquareInBuffer == 512)
        #expect(report.text.contains("1.39x the buffer"))
    }

    @Test func glancePlaceholderListsCausesAndPointsAtTheCapLine() throws {
        let report = explain(["I Launcher: widget 12 shows Can\u{2019}t show content",
                              "exceeds maximum bitmap memory usage (used: 16588800, max: 15552000)"])
        let placeholder = try #require(report.entries.first { $0.kind == "androidCantShowContent" }?.android)
        #expect(placeholder.cantShowContent?.count == AndroidLogExplanation.cantShowContentCauses.count)
        #expect(placeholder.inThisLog?.hasPrefix("line 2") == true)
    }

    @Test func hostileNumbersAreRefusedNotTrapped() {
        #expect(WidgetLogEvent.parse("maximum bitmap memory usage (used: 99999999999999999999, max: 1)"[...]) == nil)
        #expect(WidgetLogEvent.parse("maximum bitmap memory usage (used: 5, max: 0)"[...]) == nil)
        let long = String(repeating: "maximum bitmap memory usage (used: 1, ", count: 2000)
        #expect(WidgetLogEvent.parse(long[...]) == nil)
    }
}
