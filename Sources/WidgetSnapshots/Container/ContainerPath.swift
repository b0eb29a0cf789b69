/// A relative path inside the container, checked lexically before any system call: not
/// empty, not absolute, no `.` or `..` or empty components (so no `//` and no trailing slash),
/// no NUL, no backslash, no control characters, at most 255 bytes a component and 4095 in all.
/// Symlinks are refused later, by the confined open. Snapshot-supplied paths must also match
/// the layout grammar (`LayoutPath`); this check serves every other relative path. `package`:
/// the store's own check, shared with the fuzz harness and tests, not part of its API.
package struct ContainerPath: Sendable, Hashable, CustomStringConvertible {
    /// The path's components, each a valid file name.
    package let components: [String]

    package var description: String { components.joined(separator: "/") }

    /// Checks `text` lexically; throws `.invalidPath` with the reason.
    package init(_ text: String) throws(ConfinementError) {
        guard !text.isEmpty else { throw .invalidPath(text, "the path is empty") }
        let bytes = Array(text.utf8)
        guard bytes.count <= 4095 else { throw .invalidPath(text, "the path is longer than 4095 bytes") }
        guard bytes.first != UInt8(ascii: "/") else { throw .invalidPath(text, "the path is absolute") }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0: throw .invalidPath(text, "the path contains a NUL byte")
            case 0x5C: throw .invalidPath(text, "the path contains a backslash")
            case 0x01...0x1F, 0x7F, 0x80...0x9F: throw .invalidPath(text, "the path contains a control character")
            default: continue
            }
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            switch part {
            case "": throw .invalidPath(text, "the path has an empty component (a doubled or trailing slash)")
            case ".": throw .invalidPath(text, "the path has a `.` component")
            case "..": throw .invalidPath(text, "the path has a `..` component")
            default:
                guard part.utf8.count <= 255 else { throw .invalidPath(text, "a component is longer than 255 bytes") }
            }
        }
        components = parts
    }

    /// The last component: the file's own name.
    package var name: String { components[components.count - 1] }
}
