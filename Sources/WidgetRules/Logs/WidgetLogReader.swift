/// A log read line by line: each distinct failure once, with how many lines reported it and
/// the first of them, and the count of lines read. `explain` feeds it standard input or the
/// pasted line; tests feed it lines.
package struct WidgetLogReader {
    private var events: [(event: WidgetLogEvent, firstLine: Int, text: String, count: Int)] = []
    private var index: [WidgetLogEvent: Int] = [:]
    /// Lines read.
    package private(set) var lineCount = 0

    package init() {}

    /// Reads one line as text.
    package mutating func take(_ line: Substring) {
        lineCount += 1
        record(String(line))
    }

    /// Reads one line as bytes. Most lines of a device log hold none of the key words: they are
    /// skipped on their bytes, before a String is made or a pattern run (grep-like speed on big
    /// logs).
    package mutating func take(_ bytes: [UInt8]) {
        lineCount += 1
        guard bytes.withUnsafeBufferPointer(WidgetLogEvent.mayReport) else { return }
        record(String(decoding: bytes, as: UTF8.self))
    }

    private mutating func record(_ text: String) {
        guard let event = WidgetLogEvent.parse(text[...]) else { return }
        if let known = index[event] {
            events[known].count += 1
        } else {
            index[event] = events.count
            events.append((event, lineCount, text, 1))
        }
    }

    /// What the lines read mean, against `catalog`.
    package func explanation(catalog: WidgetCatalog) -> WidgetLogExplanation {
        WidgetLogExplanation(lines: lineCount, events: events, catalog: catalog)
    }
}
