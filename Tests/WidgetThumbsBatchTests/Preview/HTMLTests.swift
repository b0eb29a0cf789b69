import Testing
@testable import WidgetThumbsBatch

/// The preview page's typed markup: text interpolated into `HTML` is escaped, `HTML` is not.
@Suite struct HTMLTests {
    static let hostile = #"<img src=x onerror="alert(1)"> & 'x'"#
    static let hostileEscaped = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;x&#39;"

    /// A String is text wherever it goes, in an attribute value or in an element; markup built
    /// with `HTML` is kept when it is interpolated into more markup.
    @Test func interpolatedTextIsEscapedAndMarkupIsKept() {
        let bold: HTML = "<b>\(Self.hostile)</b>"
        let paragraph: HTML = "<p title=\"\(Self.hostile)\">\(bold)</p>"
        #expect(paragraph.markup == "<p title=\"\(Self.hostileEscaped)\"><b>\(Self.hostileEscaped)</b></p>")
    }

    @Test func substringsOptionalsAndNumbersInterpolateAsText() {
        let name = "a<b>.png".split(separator: ".")[0]
        let absent: HTML? = nil
        let present: HTML? = "<br>"
        let html: HTML = "\(name) \(42)\(absent)\(present)"
        #expect(html.markup == "a&lt;b&gt; 42<br>")
    }

    /// A name cannot hide or reorder the page's text: controls, bidi overrides and line
    /// separators show as `\u{...}`, as on the terminal.
    @Test func controlsAndBidiOverridesAreShownNotObeyed() {
        let name = "x\u{202E}gnp.exe\u{1B}[2J\u{0}\u{85}\u{2028}"
        let html: HTML = "<p>\(name)</p>"
        #expect(html.markup == #"<p>x\u{202e}gnp.exe\u{1b}[2J\u{0}\u{85}\u{2028}</p>"#)
    }

    @Test func joinedKeepsEachPieceAndTheSeparator() {
        let text = "1 < 2"
        let items: [HTML] = ["<li>\(text)</li>", "<li>b</li>"]
        #expect(items.joined(separator: "\n").markup == "<li>1 &lt; 2</li>\n<li>b</li>")
        #expect(([] as [HTML]).joined(separator: "<br>").markup.isEmpty)
    }

    /// CSS is the one way in for markup that is not escaped: a quote in a font name stays a quote.
    @Test func styleKeepsTheCSSAsWritten() {
        #expect(HTML.style(#"body{font:"SF Pro"}"#).markup == "<style>\nbody{font:\"SF Pro\"}\n</style>")
    }
}
