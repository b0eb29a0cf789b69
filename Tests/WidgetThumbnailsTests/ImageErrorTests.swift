import Testing
import WidgetThumbnails

/// An error names a file and a reason that may hold anything a file name can: it must still
/// print as one line.
@Suite struct ImageErrorTests {
    @Test func errorsPrintOnOneLine() {
        let error = ImageError(.io, "cannot open: \u{1B}]0;pwned\u{07}", file: "x\nwidget-thumbs: all clean")
        #expect(!error.description.contains("\n"))
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
    }
}
