import WidgetSnapshots

/// A piece of the preview page's markup. The literal parts are the program's own markup; every
/// value interpolated into it is escaped unless it is itself `HTML`, so a file name, a reason
/// or a device label arrives as text and cannot open a tag or end an attribute, whoever adds the
/// next line to a card. Attribute values are always written in double quotes, and the escape
/// covers both quote characters, so the same text is safe as element content and as a value.
///
/// The one way in for markup that is not built here is `style(_:)`, the page's CSS, which the
/// program writes itself (`PreviewStyle`, `PreviewScene.css`).
struct HTML: ExpressibleByStringInterpolation, CustomStringConvertible, Equatable, Sendable {
    /// The markup, ready to write.
    private(set) var markup: String

    var description: String { markup }

    init(stringLiteral markup: String) {
        self.markup = markup
    }

    init(stringInterpolation: StringInterpolation) {
        markup = stringInterpolation.markup
    }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Text: escaped.
        mutating func appendInterpolation(_ text: some StringProtocol) {
            HTML.escape(text, into: &markup)
        }

        /// A number, as text.
        mutating func appendInterpolation(_ number: some BinaryInteger) {
            markup += String(number)
        }

        /// Markup: kept as it is.
        mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        /// Markup that may be absent: nothing when it is.
        mutating func appendInterpolation(_ html: HTML?) {
            if let html { markup += html.markup }
        }
    }

    /// A `<style>` element holding `css`, the page's own rules. CSS is not HTML-escaped (a
    /// quote in a font name must stay a quote), so it must not hold `</`, which would end the
    /// element early.
    static func style(_ css: String) -> HTML {
        precondition(!css.contains("</"), "the page's CSS holds '</'")
        return HTML(stringLiteral: "<style>\n" + css + "\n</style>")
    }

    /// `&`, `<`, `>` and both quotes as character references; the scalars that could hide or
    /// reorder the page's text (C0 and C1 controls, bidi controls, line separators) as
    /// `\u{...}`, as every message of the tool shows them (`DisplayText.guarded`).
    private static func escape(_ text: some StringProtocol, into markup: inout String) {
        for scalar in DisplayText.guarded(String(text)).unicodeScalars {
            switch scalar {
            case "&": markup += "&amp;"
            case "<": markup += "&lt;"
            case ">": markup += "&gt;"
            case "\"": markup += "&quot;"
            case "'": markup += "&#39;"
            default: markup.unicodeScalars.append(scalar)
            }
        }
    }
}

extension Sequence<HTML> {
    /// The pieces one after the other, `separator` between them.
    func joined(separator: HTML = "") -> HTML {
        var markup = ""
        for (index, piece) in enumerated() {
            if index > 0 { markup += separator.markup }
            markup += piece.markup
        }
        return HTML(stringLiteral: markup)
    }
}
