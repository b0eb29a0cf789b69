import Glibc
import WidgetThumbnails

/// Folders listed and paths resolved on the file system, byte for byte (`RawPath`): one way
/// for the folder walk (`InputDiscovery`), the output guard, the staging folder and the
/// manifest. `PathComponents` puts paths together as text alone.
package enum PathLookup {
    /// Byte-wise (not locale) order of the names' own bytes, so every machine lists a folder
    /// the same way.
    static func byteOrder(_ lhs: String, _ rhs: String) -> Bool {
        RawPath.encode(lhs).lexicographicallyPrecedes(RawPath.encode(rhs))
    }

    /// The absolute path with every link and `.`/`..` resolved (`realpath`); nil when it
    /// cannot be reached.
    package static func resolved(_ path: String) -> String? {
        guard let pointer = RawPath.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(pointer) }
        return RawPath.decode(cString: pointer)
    }

    /// The names in `directory`, byte for byte (`RawPath`): a name that is not UTF-8 is
    /// listed like any other, never skipped.
    static func entries(of directory: String) -> [String]? {
        guard let handle = RawPath.withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                RawPath.decode(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted(by: byteOrder)
    }

    static func isDirectory(_ path: String, followingLinks: Bool) -> Bool {
        var status = stat()
        let result = RawPath.withCString(path) { followingLinks ? stat($0, &status) : lstat($0, &status) }
        return result == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
