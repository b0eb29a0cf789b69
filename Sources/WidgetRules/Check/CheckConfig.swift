/// `widget-thumbs.json`: a project's rules for `check`, stated once. Paths are prefixes of
/// the paths as `check` is given them (run it from the repository's root, as CI does).
///
///     {"families": {"App/Assets.xcassets/Cover.imageset": ["systemSmall", "systemMedium"],
///                   "App/Assets.xcassets": ["small"]},
///      "devices": ["iPhone 17 Pro"], "platforms": ["iOS"], "os": 26,
///      "drawn": {"App/Assets.xcassets/Background.imageset": "slot",
///                "App/Assets.xcassets/Avatar.imageset": [50, 50]},
///      "ignore": [{"path": "App/Assets.xcassets/Legacy.imageset", "rule": "undersized",
///                  "reason": "drawn at 40 pt, blur accepted"}]}
///
/// `families` and `drawn`: the longest path prefix that matches an image decides (`drawn`:
/// `"slot"` fills the widget, `[W, H]` points, `"unknown"` never called undersized, over what
/// the widget's code says); `ignore`: a finding whose
/// file starts with `path` (and whose rule is `rule`, when given) is suppressed, with the reason.
/// The file is read strictly: an unknown or mistyped field anywhere is refused with its name,
/// so a misspelt `rules` cannot silence every rule, and its size is capped before it is read.
public struct CheckConfig: Sendable {
    /// A finding accepted on purpose.
    public struct Ignore: Sendable {
        /// The path prefix it covers.
        public var path: String
        /// The rule id, or nil for every rule.
        public var rule: String?
        /// Why it is accepted (required).
        public var reason: String
    }

    /// The families per path prefix.
    public private(set) var families: [String: [WidgetFamily]] = [:]
    /// Device names for the default selection.
    public private(set) var devices: [String] = []
    /// Platforms for the default selection.
    public private(set) var platforms: [Platform] = []
    /// The OS major version for the default selection.
    public private(set) var os: Int?
    /// How big images are drawn, per path prefix.
    public private(set) var drawn: [String: DrawnRole] = [:]
    /// The findings to suppress.
    public private(set) var ignores: [Ignore] = []
    /// The ignores' positions by their path (`prefixes(of:)`).
    private var ignoresByPath: [String: [Int]] = [:]

    /// The file `check` reads from the folder it runs in when `--config` is not given.
    public static let fileName = "widget-thumbs.json"
    /// The largest config read: a hand-written file is a few KB; a larger one is refused before
    /// it is read, so a hostile repository cannot make `check` parse gigabytes.
    public static let maxFileBytes = 1 << 20
    /// The most `ignore` entries and `families` prefixes: each finding is matched against them.
    public static let maxEntries = 10_000

    /// No families, devices or ignores.
    public init() {}

    /// Reads the config in `bytes` (`file` names it in errors); every mistake names the field.
    public init(parsing bytes: [UInt8], file: String) throws(CheckConfigError) {
        func fail(_ field: String, _ why: String) -> CheckConfigError { CheckConfigError(file: file, field: field, reason: why) }
        guard bytes.count <= Self.maxFileBytes else {
            throw fail("the document", "\(bytes.count) bytes, over the limit of \(Self.maxFileBytes)")
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw fail("the document", "not JSON (\(error))")
        }
        let document = try Self.object(value, "the document", allowed: ["families", "drawn", "devices", "platforms", "os", "ignore"],
                                   file: file)
        if let map = document["families"] {
            let prefixes = try Self.object(map, "families", allowed: nil, file: file)
            guard prefixes.count <= Self.maxEntries else { throw fail("families", "more than \(Self.maxEntries) prefixes") }
            for member in prefixes.members {
                let field = "families.\(DisplayText.escaped(member.key))"
                let names = try Self.strings(member.value, field, file: file)
                guard !names.isEmpty else { throw fail(field, "expected a non-empty list of families") }
                var list: [WidgetFamily] = []
                for name in names {
                    guard let family = WidgetFamily(name: name) else {
                        throw fail(field, "unknown family '\(DisplayText.escaped(name))'")
                    }
                    if !list.contains(family) { list.append(family) }
                }
                families[Self.normalized(member.key)] = list
            }
        }
        if let map = document["drawn"] {
            let prefixes = try Self.object(map, "drawn", allowed: nil, file: file)
            guard prefixes.count <= Self.maxEntries else { throw fail("drawn", "more than \(Self.maxEntries) prefixes") }
            for member in prefixes.members {
                let field = "drawn.\(DisplayText.escaped(member.key))"
                drawn[Self.normalized(member.key)] = try Self.drawnRole(member.value, field, file: file)
            }
        }
        if let value = document["devices"] { devices = try Self.strings(value, "devices", file: file) }
        if let value = document["platforms"] {
            for name in try Self.strings(value, "platforms", file: file) {
                guard let platform = Platform(rawValue: name) else { throw fail("platforms", "unknown platform '\(DisplayText.escaped(name))'") }
                platforms.append(platform)
            }
        }
        if let value = document["os"] {
            guard case .number(let number) = value, let version = number.int64Value, (1...999).contains(version) else {
                throw fail("os", "expected an OS major version (a whole number)")
            }
            os = Int(version)
        }
        if let value = document["ignore"] {
            guard case .array(let list) = value else { throw fail("ignore", "expected a list of {path, rule, reason}") }
            guard list.count <= Self.maxEntries else { throw fail("ignore", "more than \(Self.maxEntries) entries") }
            for (index, item) in list.enumerated() {
                let field = "ignore[\(index)]"
                let entry = try Self.object(item, field, allowed: ["path", "rule", "reason"], file: file)
                guard case .string(let path)? = entry["path"] else { throw fail("\(field).path", "required: a path prefix (a string)") }
                guard case .string(let reason)? = entry["reason"], !reason.isEmpty else {
                    throw fail("\(field).reason", "required: say why the finding is accepted (a string)")
                }
                var rule: String?
                if let value = entry["rule"] {
                    guard case .string(let id) = value else { throw fail("\(field).rule", "expected a rule id (a string)") }
                    guard CheckRules.ids.contains(id) else {
                        throw fail("\(field).rule", "unknown rule '\(DisplayText.escaped(id))' (known: \(CheckRules.ids.joined(separator: ", ")))")
                    }
                    rule = id
                }
                ignores.append(Ignore(path: Self.normalized(path), rule: rule, reason: reason))
            }
        }
        for (index, ignore) in ignores.enumerated() { ignoresByPath[ignore.path, default: []].append(index) }
    }

    /// The families the config gives `path` (its longest prefix that has some), or nil.
    public func families(for path: String) -> [WidgetFamily]? {
        guard !families.isEmpty else { return nil }
        return Self.prefixes(of: Self.normalized(path)).reversed().lazy.compactMap { families[$0] }.first
    }

    /// How the config says `path` is drawn (its longest prefix that says), or nil.
    public func drawn(for path: String) -> DrawnRole? {
        guard !drawn.isEmpty else { return nil }
        return Self.prefixes(of: Self.normalized(path)).reversed().lazy.compactMap { drawn[$0] }.first
    }

    /// The ignore entry that suppresses `rule` on `path`, or nil: the first in the file's order
    /// among the entries whose path is `path` or one of its folders.
    public func ignore(_ rule: String, at path: String) -> Ignore? {
        guard !ignores.isEmpty else { return nil }
        return Self.prefixes(of: Self.normalized(path)).flatMap { ignoresByPath[$0] ?? [] }
            .filter { ignores[$0].rule == nil || ignores[$0].rule == rule }.min().map { ignores[$0] }
    }

    /// The prefixes a config entry may name for `path`, shortest first: the empty prefix (every
    /// path), each of its folders, and the path itself. A finding is matched against these few
    /// keys, not against every entry: 50,000 findings and 10,000 entries stay linear.
    static func prefixes(of path: String) -> [String] {
        var prefixes = [""]
        var end = path.startIndex
        while let slash = path[end...].firstIndex(of: "/") {
            prefixes.append(String(path[..<slash]))
            end = path.index(after: slash)
        }
        prefixes.append(path)
        return prefixes
    }

    /// Without a leading `./` and a trailing `/`.
    public static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func object(_ value: JSONValue, _ field: String, allowed: Set<String>?, file: String) throws(CheckConfigError) -> JSONObject {
        guard case .object(let object) = value else { throw CheckConfigError(file: file, field: field, reason: "expected an object") }
        if let allowed, let unknown = object.members.first(where: { !allowed.contains($0.key) }) {
            throw CheckConfigError(file: file, field: field == "the document" ? DisplayText.escaped(unknown.key) : "\(field).\(DisplayText.escaped(unknown.key))",
                                   reason: "unknown field (known: \(allowed.sorted().joined(separator: ", ")))")
        }
        return object
    }

    /// `"slot"`, `"unknown"` or `[W, H]` points (each 1-10,000).
    private static func drawnRole(_ value: JSONValue, _ field: String, file: String) throws(CheckConfigError) -> DrawnRole {
        let expected = "expected \"slot\", \"unknown\" or [width, height] in points"
        switch value {
        case .string("slot"): return .fillsSlot
        case .string("unknown"): return .unknown
        case .array(let sides) where sides.count == 2:
            var points: [Double] = []
            for side in sides {
                guard case .number(let number) = side, let value = number.doubleValue, value >= 1, value <= 10_000 else {
                    throw CheckConfigError(file: file, field: field, reason: expected + " (each 1 to 10,000)")
                }
                points.append(value)
            }
            return .framed(width: points[0], height: points[1])
        default:
            throw CheckConfigError(file: file, field: field, reason: expected)
        }
    }

    private static func strings(_ value: JSONValue, _ field: String, file: String) throws(CheckConfigError) -> [String] {
        guard case .array(let items) = value else { throw CheckConfigError(file: file, field: field, reason: "expected a list of strings") }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw CheckConfigError(file: file, field: field, reason: "expected a list of strings") }
            strings.append(text)
        }
        return strings
    }
}

/// A config that cannot be used: the file, the field and why (texts from the file escaped).
public struct CheckConfigError: Error, Sendable, CustomStringConvertible {
    /// The config file.
    public var file: String
    /// The field, `ignore[2].rule` style.
    public var field: String
    /// What is wrong.
    public var reason: String

    /// `FILE: field F: REASON`.
    public var description: String { "\(DisplayText.escaped(file)): field \(field): \(reason)" }
}
