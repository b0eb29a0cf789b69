import Foundation
import WidgetThumbnails

/// Property lists from a project (`project.pbxproj` in the old-style text format, Info.plist
/// in XML), parsed by Foundation after a scan that bounds their nesting: Foundation's parsers
/// recurse once a level, so a file of 200,000 nested `(` would exhaust the stack.
enum PropertyListBytes {
    /// The deepest nesting parsed; Xcode writes about six levels, an Info.plist a few more.
    static let maxDepth = 100

    /// The top-level dictionary of `bytes`, or the reason it cannot be had.
    static func dictionary(_ bytes: [UInt8]) -> Result<[String: Any], ProjectReadFailure> {
        if bytes.starts(with: Array("bplist".utf8)) {
            return .failure(ProjectReadFailure("a binary property list, not read (projects keep theirs as text)"))
        }
        let depth = nestingDepth(bytes)
        if depth > maxDepth {
            return .failure(ProjectReadFailure("nested more than \(maxDepth) levels deep: not parsed"))
        }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            return .failure(ProjectReadFailure("not a property list (malformed or truncated)"))
        }
        guard let dictionary = parsed as? [String: Any] else {
            return .failure(ProjectReadFailure("not a property list dictionary"))
        }
        return .success(dictionary)
    }

    /// The deepest nesting of `bytes`: of `{` and `(` outside quoted strings and comments in
    /// the old-style format, of `<dict>` and `<array>` in XML (any start tag counts, so the
    /// bound holds whatever the tags are).
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        let xml = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "<")
        return xml ? xmlDepth(bytes) : textDepth(bytes)
    }

    private static func textDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0, deepest = 0, index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index += 1
                while index < count, bytes[index] != byte {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: ")"):
                depth -= 1
            default:
                break
            }
            index += 1
        }
        return deepest
    }

    private static func xmlDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0, deepest = 0, index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else { index += 1; continue }
            let next = bytes[index + 1]
            var end = index + 1
            while end < count, bytes[end] != UInt8(ascii: ">") { end += 1 }
            if next == UInt8(ascii: "/") {
                depth -= 1
            } else if next != UInt8(ascii: "?") && next != UInt8(ascii: "!") && !(end > 0 && end < count && bytes[end - 1] == UInt8(ascii: "/")) {
                depth += 1
                deepest = max(deepest, depth)
            }
            index = end + 1
        }
        return deepest
    }
}

/// Why a project file (or one it names) cannot be used.
struct ProjectReadFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
