import Testing
import WidgetThumbnails
@testable import widget_thumbs

/// `--max-side`-style boxes (`500x500`) as the command line spells them.
@Suite struct PixelSizeCommandLineTests {
    @Test(arguments: [("500x500", 500, 500), ("1X2", 1, 2), ("65535x1", 65_535, 1)])
    func boxesParse(text: String, width: Int, height: Int) {
        #expect(PixelSize(commandLine: text) == PixelSize(width: width, height: height))
    }

    @Test(arguments: ["", "500", "x500", "500x", "0x5", "5x0", "-5x5", "65536x1", "5x5x5", "axb", "5 x5"])
    func badBoxesDoNot(text: String) {
        #expect(PixelSize(commandLine: text) == nil)
    }
}
