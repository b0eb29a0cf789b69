/// One finding: a file, a rule, a level, the devices and family, and the fix.
public struct CheckFinding: Sendable, Encodable {
    /// The file (as given or found).
    public var file: String
    /// The rule's id (`RuleDescription.id`).
    public var rule: String
    /// How loud it is.
    public var level: CheckLevel
    /// The family it concerns, when it depends on one.
    public var family: WidgetFamily?
    /// The devices it happens on (`DeviceClass.description`).
    public var devices: [String]
    /// What is wrong, with the figures, in one short line (what `check` prints).
    public var message: String
    /// Where and why, for `--verbose` and the documents (slot, device, evidence).
    public var detail: String?
    /// The command that makes a conforming file, when one does.
    public var fix: FixCommand?
    /// The config's reason, when an `ignore` entry suppressed it.
    public var suppressed: String?
    /// The figures behind the message, for readers of the JSON.
    public var numbers: FindingNumbers?

    /// A finding of `rule` on `file`.
    public init(file: String, rule: String, level: CheckLevel, family: WidgetFamily? = nil, devices: [String] = [],
                message: String, detail: String? = nil, fix: FixCommand? = nil, numbers: FindingNumbers? = nil) {
        self.detail = detail
        self.numbers = numbers
        self.file = file
        self.rule = rule
        self.level = level
        self.family = family
        self.devices = devices
        self.message = message
        self.fix = fix
    }

    /// The message with the detail, the devices and the fix: what `--verbose`, SARIF and GitHub
    /// annotations print.
    public var fullMessage: String {
        var text = message
        if let detail { text += "; \(detail)" }
        if !devices.isEmpty {
            let shown = devices.prefix(4).joined(separator: "; ")
            text += " (on \(shown)\(devices.count > 4 ? "; and \(devices.count - 4) more" : ""))"
        }
        if let fix { text += ". Fix: \(fix)" }
        return text
    }
}

/// Something listed but not checked: a vector asset, a set that holds no bitmap for a widget,
/// a link that leads out of the checked tree.
public struct UncheckedAsset: Sendable, Encodable {
    /// The path.
    public var path: String
    /// Why it was not checked.
    public var reason: String

    /// An asset not checked, and why.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// A finding's figures as numbers (the message says them in words): what a script reading
/// `--json` needs without parsing text. Each rule fills what it measured.
public struct FindingNumbers: Sendable, Encodable, Equatable {
    /// The image's upright size, `[w, h]`.
    public var pixels: [Int]?
    /// The variant's asset-catalog scale.
    public var scale: Int?
    /// The binding slot, `[w, h]` (the smallest cap's, or the largest slot's for an upscale).
    public var slotPixels: [Int]?
    /// The binding archival cap, in pixels.
    public var capPixels: Int?
    /// How much the image is drawn upscaled.
    public var upscale: Double?
    /// Bytes measured (decoded bitmap, file, or timeline archive).
    public var bytes: Int?
    /// What they are measured against.
    public var limitBytes: Int?
    /// The catalogue row ids of the devices (`CheckScope.deviceIDs`: each distinct list is one
    /// shared array, so 50,000 findings do not hold 50,000 copies).
    public var deviceIDs: [String]

    /// The figures of one finding.
    public init(pixels: PixelSize? = nil, scale: Int? = nil, slot: PixelSize? = nil, capPixels: Int? = nil, upscale: Double? = nil,
                bytes: Int? = nil, limitBytes: Int? = nil, deviceIDs: [String] = []) {
        self.pixels = pixels.map { [$0.width, $0.height] }
        self.scale = scale
        slotPixels = slot.map { [$0.width, $0.height] }
        self.capPixels = capPixels
        self.upscale = upscale
        self.bytes = bytes
        self.limitBytes = limitBytes
        self.deviceIDs = deviceIDs
    }
}

/// An image `check --fix` rewrote in place: what it was and what it is.
public struct FixedImage: Sendable, Encodable, Equatable {
    /// The file.
    public var file: String
    /// Its upright size before, `[w, h]`.
    public var before: [Int]
    /// Its upright size after, `[w, h]`.
    public var after: [Int]
    /// Its bytes before.
    public var bytesBefore: Int
    /// Its bytes after.
    public var bytesAfter: Int

    /// A rewritten image.
    public init(file: String, before: [Int], after: [Int], bytesBefore: Int, bytesAfter: Int) {
        self.file = file
        self.before = before
        self.after = after
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
    }

    /// `fixed: FILE: 1440x1440 -> 530x530, 2,100,000 -> 98,000 bytes`, the name escaped.
    public var line: String {
        "fixed: \(DisplayText.escaped(file)): \(before.map(String.init).joined(separator: "x")) -> "
            + "\(after.map(String.init).joined(separator: "x")), \(TableText.grouped(bytesBefore)) -> \(TableText.grouped(bytesAfter)) bytes"
    }
}
