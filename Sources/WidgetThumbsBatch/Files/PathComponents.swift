/// Slash-separated paths put together and taken apart as text, byte for byte: nothing is
/// resolved or looked up (that is `PathLookup`).
package enum PathComponents {
    /// `name` inside `directory`, with one slash between them.
    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The last component of `path`: `a/b.jpg` and `a/b/` -> `b.jpg` and `b`.
    package static func lastComponent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    /// Whether `path` is `folder` or names something inside it, as text (`a/b` is under `a`,
    /// `ab` is not).
    package static func isPath(_ path: String, under folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
