/// An Android app widget failure read from one logcat line.
public enum AndroidLogEvent: Sendable, Hashable {
    /// `RemoteViews for widget update exceeds maximum bitmap memory usage (used: N, max: M)`:
    /// `AppWidgetService` dropped the update, its bitmaps over the screen's cap
    /// (`AndroidBitmapCap`).
    case bitmapMemory(usedBytes: Int, maxBytes: Int)
    /// `TransactionTooLargeException: data parcel size N bytes` (the size when the line gives
    /// it): the binder call carrying the update was over the buffer.
    case transactionTooLarge(parcelBytes: Int?)
    /// Glance's error placeholder text, "Can't show content": the widget failed to render.
    case cantShowContent

    /// The words the patterns need (`WidgetPlatform.logKeyWords`); the placeholder with a
    /// straight or a typographic apostrophe, as a test or a screen reader dump may copy it.
    static let keyWords = ["maximum bitmap memory usage", "TransactionTooLargeException", "Can't show content", "Can\u{2019}t show content"]

    /// The failure `line` reports, or nil. Every repeat in the patterns is bounded, as in
    /// WidgetKit's (Logs/WidgetLogEvent.swift), so a hostile line costs a linear scan.
    static func parse(_ line: Substring) -> AndroidLogEvent? {
        if WidgetLogEvent.holds(line, "maximum bitmap memory usage"), let match = line.firstMatch(of: bitmapMemory),
           let used = Int(match.output.used), let maximum = Int(match.output.max), maximum > 0 {
            return .bitmapMemory(usedBytes: used, maxBytes: maximum)
        }
        if WidgetLogEvent.holds(line, "TransactionTooLargeException") {
            let size = line.firstMatch(of: parcelSize).flatMap { Int($0.output.bytes) }
            return .transactionTooLarge(parcelBytes: size)
        }
        if WidgetLogEvent.holds(line, "Can't show content") || WidgetLogEvent.holds(line, "Can\u{2019}t show content") {
            return .cantShowContent
        }
        return nil
    }

    nonisolated(unsafe) private static let bitmapMemory =
        /maximum bitmap memory usage\s{0,8}\(\s{0,8}used:\s{0,8}(?<used>\d{1,15})\s{0,8},\s{0,8}max:\s{0,8}(?<max>\d{1,15})\s{0,8}\)/
    nonisolated(unsafe) private static let parcelSize = /parcel size\s{0,8}(?<bytes>\d{1,15})\s{0,8}bytes/
}
