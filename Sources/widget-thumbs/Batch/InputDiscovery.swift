import Glibc
import WidgetThumbnails

/// Turns the command line's inputs into the list of images, in a deterministic order: the
/// arguments in the order given; within a directory, names sorted byte-wise, files before
/// the contents of subdirectories at the same level, recursing only with `--recursive`.
///
/// In directories only image extensions (jpg, jpeg, png, webp, any case) are taken, hidden
/// names (leading dot) are skipped, symbolic links to directories are not followed (no
/// loops), and the output directory itself is never read back as input. A file argument is
/// always taken, whatever its name: the decoders decide by content and say why they refuse.
struct InputDiscovery {
    enum Depth {
        case topLevel
        case recursive
    }

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif", "hif", "avif"]

    var depth: Depth
    /// Resolved path of --out, excluded from directory walks.
    var excludedDirectory: String?

    func inputs(for arguments: [String]) -> [BatchInput] {
        arguments.flatMap { argument -> [BatchInput] in
            guard Self.isDirectory(argument, followingLinks: true) else {
                return [BatchInput(path: argument, relativePath: Self.lastComponent(of: argument))]
            }
            return walk(directory: argument, relative: "")
        }
    }

    private func walk(directory: String, relative: String) -> [BatchInput] {
        if let excludedDirectory, Self.resolved(directory) == excludedDirectory { return [] }
        var files: [BatchInput] = []
        var subdirectories: [String] = []
        guard let names = Self.entries(of: directory) else {
            let error = ImageError(.io, "cannot list the directory: \(String(cString: strerror(errno)))", file: directory)
            return [BatchInput(path: directory, relativePath: relative.isEmpty ? "." : relative, discoveryError: error)]
        }
        for name in names where !name.hasPrefix(".") {
            let path = Self.join(directory, name)
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            if Self.isDirectory(path, followingLinks: false) {
                subdirectories.append(name)
            } else if Self.hasImageExtension(name), Self.isRegularFile(path) {
                files.append(BatchInput(path: path, relativePath: relativePath))
            }
        }
        guard depth == .recursive else { return files }
        return files + subdirectories.flatMap { name in
            walk(directory: Self.join(directory, name), relative: relative.isEmpty ? name : relative + "/" + name)
        }
    }

    static func hasImageExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Byte-wise (not locale) order, so every machine lists a folder the same way.
    static func byteOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func lastComponent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func entries(of directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted(by: byteOrder)
    }

    private static func isDirectory(_ path: String, followingLinks: Bool) -> Bool {
        var status = stat()
        let result = followingLinks ? stat(path, &status) : lstat(path, &status)
        return result == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Regular files, and links to them (a link to a directory is not walked).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
