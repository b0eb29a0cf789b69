/// A widget platform's rules, as one value: what limits an image, the memory rule, the log
/// lines it explains and what it carries across processes. WidgetKit (iOS and its siblings)
/// and Android app widgets each implement it in their folder here, and `WidgetPlatforms.all`
/// lists them: a new platform adds its folder and a row there, as a read format adds its
/// decoder and a row in `Decoders` (Sources/WidgetThumbnails/Decoding/Decoders.swift).
public protocol WidgetPlatform: Sendable {
    /// The names `--platform` chooses it by (WidgetKit answers to each Apple platform's name).
    var names: [String] { get }
    /// How reports name it: "WidgetKit (iOS, iPadOS, macOS, watchOS, visionOS)".
    var title: String { get }
    /// What limits one image: WidgetKit's archival cap per slot, Android's bitmap bytes per update.
    var imageLimit: PlatformRule { get }
    /// The memory rule an image's decoded bytes answer to.
    var memoryRule: PlatformRule { get }
    /// The most one transfer carries: WidgetKit's timeline archive, Android's binder buffer.
    var transferLimit: TransferLimit { get }
    /// Words one of its log lines must hold: a line with none of any platform's words is
    /// skipped on its bytes before a String is made (`WidgetLogEvent.mayReport`).
    var logKeyWords: [String] { get }
    /// The failure `line` reports in this platform's words, or nil.
    func logEvent(in line: Substring) -> WidgetLogEvent?
}

/// A platform rule in one sentence, with where it comes from.
public struct PlatformRule: Sendable, Hashable {
    /// The rule.
    public let summary: String
    /// Its source.
    public let source: String

    /// A rule and its source.
    public init(summary: String, source: String) {
        self.summary = summary
        self.source = source
    }
}

/// The most bytes one hand-over from the app to the widget's host may carry.
public struct TransferLimit: Sendable, Hashable {
    /// The limit in bytes.
    public let bytes: Int
    /// What it limits, e.g. "the binder transaction buffer, shared by a process's transactions in flight".
    public let what: String
    /// Its source.
    public let source: String

    /// A limit of `bytes` on `what`, from `source`.
    public init(bytes: Int, what: String, source: String) {
        self.bytes = bytes
        self.what = what
        self.source = source
    }
}

/// Every platform, in the order log lines are tried: the one row a platform adds.
public enum WidgetPlatforms {
    /// WidgetKit, then Android.
    public static let all: [any WidgetPlatform] = [WidgetKitPlatform(), AndroidPlatform()]

    /// Every name `--platform` accepts, in `all`'s order.
    public static var names: [String] { all.flatMap(\.names) }

    /// The platform `name` chooses, or nil.
    public static func named(_ name: String) -> (any WidgetPlatform)? {
        all.first { $0.names.contains(name) }
    }
}
