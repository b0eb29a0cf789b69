/// Word wrapping for help text: the terminal is assumed 80 columns wide, as
/// swift-argument-parser assumes when it cannot ask.
enum TextWrapping {
    static let screenWidth = 80

    /// `text` broken at spaces into lines of at most `width` characters (a longer word gets
    /// a line of its own).
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [""] : lines
    }

    /// Discussion text: each line wrapped to the screen, except lines indented by the author
    /// (examples), which are kept as written.
    static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            if line.hasPrefix(" ") || line.isEmpty { return [String(line)] }
            return lines(String(line), width: screenWidth)
        }
    }
}
