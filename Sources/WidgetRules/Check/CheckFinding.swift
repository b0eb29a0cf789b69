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
    /// What is wrong, with the figures.
    public var message: String
    /// The command that makes a conforming file, when one does.
    public var fix: FixCommand?
    /// The config's reason, when an `ignore` entry suppressed it.
    public var suppressed: String?

    /// A finding of `rule` on `file`.
    public init(file: String, rule: String, level: CheckLevel, family: WidgetFamily? = nil, devices: [String] = [],
                message: String, fix: FixCommand? = nil) {
        self.file = file
        self.rule = rule
        self.level = level
        self.family = family
        self.devices = devices
        self.message = message
        self.fix = fix
    }

    /// The message with the devices and the fix: what every reporter prints.
    public var fullMessage: String {
        var text = message
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
