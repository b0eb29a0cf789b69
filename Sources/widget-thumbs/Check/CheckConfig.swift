import Foundation
import WidgetThumbnails

/// `widget-thumbs.json`: a project's rules for `check`, stated once. Paths are prefixes of
/// the paths as `check` is given them (run it from the repository's root, as CI does).
///
///     {"families": {"App/Assets.xcassets/Cover.imageset": ["systemSmall", "systemMedium"],
///                   "App/Assets.xcassets": ["systemSmall"]},
///      "devices": ["iPhone 17 Pro"], "platforms": ["iOS"], "os": 26,
///      "ignore": [{"path": "App/Assets.xcassets/Legacy.imageset", "rule": "undersized",
///                  "reason": "drawn at 40 pt, blur accepted"}]}
///
/// `families`: the longest path prefix that matches an image decides; `ignore`: a finding whose
/// file starts with `path` (and whose rule is `rule`, when given) is suppressed, with the reason.
struct CheckConfig: Sendable {
    struct Ignore: Sendable {
        var path: String
        var rule: String?
        var reason: String
    }

    var families: [(prefix: String, families: [WidgetFamily])] = []
    var devices: [String] = []
    var platforms: [Platform] = []
    var os: Int?
    var ignores: [Ignore] = []

    static let fileName = "widget-thumbs.json"

    init() {}

    /// Reads `path`; every mistake is a usage error naming the field.
    init(file path: String) throws(UsageError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("'--config' \(DisplayText.escaped(path)): cannot read the file")
        }
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw UsageError("'--config' \(DisplayText.escaped(path)): not a JSON object")
        }
        func fail(_ field: String, _ why: String) -> UsageError {
            UsageError("'--config' \(DisplayText.escaped(path)): field \(field): \(why)")
        }
        let known: Set<String> = ["families", "devices", "platforms", "os", "ignore"]
        if let unknown = document.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(DisplayText.escaped(unknown), "unknown field (known: \(known.sorted().joined(separator: ", ")))")
        }
        if let map = document["families"] {
            guard let map = map as? [String: Any] else { throw fail("families", "expected an object of path: [family, ...]") }
            for (prefix, value) in map {
                guard let names = value as? [String], !names.isEmpty else {
                    throw fail("families.\(DisplayText.escaped(prefix))", "expected a non-empty list of families")
                }
                var list: [WidgetFamily] = []
                for name in names {
                    guard let family = WidgetFamily(rawValue: name) else {
                        throw fail("families.\(DisplayText.escaped(prefix))", "unknown family '\(DisplayText.escaped(name))'")
                    }
                    list.append(family)
                }
                families.append((Self.normalized(prefix), list))
            }
            families.sort { $0.prefix.count > $1.prefix.count }
        }
        if let value = document["devices"] {
            guard let names = value as? [String] else { throw fail("devices", "expected a list of device names") }
            devices = names
        }
        if let value = document["platforms"] {
            guard let names = value as? [String] else { throw fail("platforms", "expected a list of platforms") }
            for name in names {
                guard let platform = Platform(rawValue: name) else { throw fail("platforms", "unknown platform '\(DisplayText.escaped(name))'") }
                platforms.append(platform)
            }
        }
        if let value = document["os"] {
            guard let version = value as? Int, (1...999).contains(version) else { throw fail("os", "expected an OS major version") }
            os = version
        }
        if let value = document["ignore"] {
            guard let list = value as? [[String: Any]] else { throw fail("ignore", "expected a list of {path, rule, reason}") }
            for (index, item) in list.enumerated() {
                guard let path = item["path"] as? String else { throw fail("ignore[\(index)].path", "required") }
                guard let reason = item["reason"] as? String, !reason.isEmpty else {
                    throw fail("ignore[\(index)].reason", "required: say why the finding is accepted")
                }
                let rule = item["rule"] as? String
                if let rule, !CheckRule.allCases.map(\.rawValue).contains(rule) {
                    throw fail("ignore[\(index)].rule", "unknown rule '\(DisplayText.escaped(rule))'")
                }
                ignores.append(Ignore(path: Self.normalized(path), rule: rule, reason: reason))
            }
        }
    }

    /// The families the config gives `path`, or nil.
    func families(for path: String) -> [WidgetFamily]? {
        let path = Self.normalized(path)
        return families.first { Self.path(path, isUnder: $0.prefix) }?.families
    }

    /// The ignore entry that suppresses `rule` on `path`, or nil.
    func ignore(_ rule: CheckRule, at path: String) -> Ignore? {
        let path = Self.normalized(path)
        return ignores.first { Self.path(path, isUnder: $0.path) && ($0.rule == nil || $0.rule == rule.rawValue) }
    }

    static func path(_ path: String, isUnder prefix: String) -> Bool {
        prefix.isEmpty || path == prefix || path.hasPrefix(prefix.hasSuffix("/") ? prefix : prefix + "/")
    }

    /// Without a leading `./` and a trailing `/`.
    static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
