import Glibc
import WidgetSnapshots
import WidgetThumbnails

/// An output path as the store's writers take it: its directory, open, and the file's name in
/// it. The directory is opened as the path says, symlinks followed (an `--out` that is a link
/// to a folder is that folder).
package struct OutputTarget {
    package let directory: String
    package let name: String
    package let descriptor: Int32

    package init(_ path: String) throws(ImageError) {
        (directory, name) = Self.split(path)
        guard !name.isEmpty else { throw ImageError(.io, "names a directory, not a file", file: path) }
        descriptor = RawPath.withCString(directory) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw ImageError(.io, "cannot create a temporary file in \(directory): \(SystemCallError.text(errno))", file: path)
        }
    }

    package func close() { Glibc.close(descriptor) }

    /// The directory (`.` for a bare name) and the last component of `path`.
    package static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, name)
    }
}
