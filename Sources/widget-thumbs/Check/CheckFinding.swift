import WidgetThumbnails

/// What `check` looks for. The raw values are the rule ids of SARIF, GitHub annotations and
/// the config's `ignore`.
enum CheckRule: String, Sendable, Encodable, CaseIterable {
    /// The pixel area is over the archival cap: the widget shows its placeholder.
    case archivalCap = "archival-cap"
    /// Smaller than the slot it fills: drawn upscaled, blurry.
    case undersized
    /// Decoded, it takes the extension's whole memory (error) or half of it (warning).
    case decodedMemory = "decoded-memory"
    /// More bytes than the per-image budget (every timeline entry carries them).
    case fileBytes = "file-bytes"
    /// The timeline archive of a container's image over the limit (`--entries`).
    case timelineArchive = "timeline-archive"
    /// A rendering-mode warning (`--appearance`).
    case appearance
    /// A file that could not be read as an image.
    case unreadable
    /// A variant no chosen device draws in the families (a 1x one: no device is @1x).
    case notDrawn = "not-drawn"

    var summary: String {
        switch self {
        case .archivalCap: "Image over WidgetKit's archival cap: the widget shows its placeholder"
        case .undersized: "Image smaller than the widget slot it fills: drawn upscaled, blurry"
        case .decodedMemory: "Decoded image too large for the widget extension's memory"
        case .fileBytes: "Image file over the per-image byte budget"
        case .timelineArchive: "Timeline archive over the limit: chronod refuses the timeline"
        case .appearance: "Image that tinted, clear or vibrant rendering turns into a slab or silhouette"
        case .unreadable: "File that cannot be read as an image"
        case .notDrawn: "Variant that no chosen device draws in the checked families"
        }
    }
}

/// One finding: a file, a rule, a level, the devices and family, and the fix.
struct CheckFinding: Sendable, Encodable {
    enum Level: String, Sendable, Encodable {
        case error
        case warning
        case note
    }

    var file: String
    var rule: CheckRule
    var level: Level
    var family: WidgetFamily?
    /// The devices it happens on (`DeviceClass.description`).
    var devices: [String]
    var message: String
    /// The exact `widget-thumbs` command that makes a conforming file, when one does.
    var fix: String?
    /// The config's reason, when an `ignore` entry suppressed it.
    var suppressed: String?

    /// The message with the devices and the fix: what every reporter prints.
    var fullMessage: String {
        var text = message
        if !devices.isEmpty {
            let shown = devices.prefix(4).joined(separator: "; ")
            text += " (on \(shown)\(devices.count > 4 ? "; and \(devices.count - 4) more" : ""))"
        }
        if let fix { text += ". Fix: \(fix)" }
        return text
    }
}
