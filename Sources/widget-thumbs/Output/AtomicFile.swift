import CFileSystem
import Glibc
import WidgetThumbnails

/// Writes a whole file so that nobody ever sees part of it: the bytes go to a temporary file
/// (beside the target, or in a staging folder on the same file system), are flushed to disk,
/// then put in place with one rename or link. On any failure the temporary file is removed and
/// the target is left as it was.
///
/// When nothing may be replaced (a new thumbnail), the temporary file is an unnamed one in
/// the target's folder (O_TMPFILE) given its name with linkat: one change to one folder per
/// file, and a killed process leaves nothing behind at all. File systems without O_TMPFILE
/// (NFS) take the named temporary file.
enum AtomicFile {
    /// What may already be at the target.
    enum Replacement: Sendable {
        /// Whatever is there is replaced (rename).
        case anything
        /// Nothing may be there: something that appeared since the caller checked is kept and
        /// the write fails (link, which never replaces).
        case nothing
    }

    /// Where the temporary file is made.
    enum Staging: Sendable {
        /// `.<name>.<pid>.<random>.tmp` beside the target.
        case besideTarget
        /// A folder the caller cleans (`StagingFolder`); beside the target when the folder is
        /// on another file system than the target.
        case folder(StagingFolder)
    }

    static func write(_ bytes: [UInt8], toPath path: String, replacing: Replacement = .anything,
                      staging: Staging = .besideTarget, durability: Durability = .each) throws(ImageError) {
        try write(toPath: path, replacing: replacing, staging: staging, durability: durability) { append throws(ImageError) in
            try append(bytes)
        }
    }

    /// The same, for content made piece by piece (`produce` calls `append` as often as it
    /// likes), so a large file never has to be held whole in memory. `produce` may be called a
    /// second time (when the staging folder is on another file system): it must start afresh.
    static func write(toPath path: String, replacing: Replacement = .anything, staging: Staging = .besideTarget,
                      durability: Durability = .each,
                      _ produce: (_ append: ([UInt8]) throws(ImageError) -> Void) throws(ImageError) -> Void) throws(ImageError) {
        let (directory, name) = try split(path)
        if replacing == .nothing,
           try writeUnnamed(in: directory, as: name, target: path, durability: durability, produce) { return }
        let temporary: (descriptor: Int32, path: String)
        switch staging {
        case .besideTarget:
            temporary = try createTemporary(for: path) { "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp" }
        case .folder(let folder):
            temporary = try createTemporary(for: path, folder.temporaryPath)
        }
        var isOpen = true
        var placed = false
        do throws(ImageError) {
            try produce { chunk throws(ImageError) in try writeAll(chunk, to: temporary.descriptor, target: path) }
            guard durability == .none || fsync(temporary.descriptor) == 0 else { throw failure("cannot flush \(temporary.path)", path) }
            isOpen = false
            guard close(temporary.descriptor) == 0 else { throw failure("cannot close \(temporary.path)", path) }
            let result = RawPath.withCString(temporary.path) { from in
                RawPath.withCString(path) { to in replacing == .anything ? rename(from, to) : link(from, to) }
            }
            if result != 0, errno == EXDEV, case .folder = staging {
                _ = RawPath.withCString(temporary.path) { unlink($0) }
                return try write(toPath: path, replacing: replacing, staging: .besideTarget, durability: durability, produce)
            }
            if result != 0, errno == EEXIST, replacing == .nothing {
                throw ImageError(.io, "a file appeared at the output path while it was written; it is kept", file: path)
            }
            guard result == 0 else { throw failure("cannot move into place", path) }
            placed = replacing == .anything
        } catch {
            if isOpen { close(temporary.descriptor) }
            _ = RawPath.withCString(temporary.path) { unlink($0) }
            throw error
        }
        // After a link the temporary name is a second link to the target: drop it.
        if !placed { _ = RawPath.withCString(temporary.path) { unlink($0) } }
    }

    /// Writes an unnamed file in `directory` and links it as `name`; false (nothing done) when
    /// the file system has no O_TMPFILE.
    private static func writeUnnamed(in directory: String, as name: String, target: String, durability: Durability,
                                     _ produce: (_ append: ([UInt8]) throws(ImageError) -> Void) throws(ImageError) -> Void)
        throws(ImageError) -> Bool {
        let folder = RawPath.withCString(directory) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard folder >= 0 else { throw failure("cannot open the folder \(directory)", target) }
        defer { close(folder) }
        let descriptor = wt_open_tmpfile(folder, 0o666)
        guard descriptor >= 0 else {
            switch -descriptor {
            case EOPNOTSUPP, EISDIR, EINVAL, ENOENT, ENOSYS: return false // ENOSYS: the shim off Linux
            default:
                errno = -descriptor
                throw failure("cannot create a file in \(directory)", target)
            }
        }
        defer { close(descriptor) }
        try produce { chunk throws(ImageError) in try writeAll(chunk, to: descriptor, target: target) }
        guard durability == .none || fsync(descriptor) == 0 else { throw failure("cannot flush", target) }
        let linked = RawPath.withCString(name) { wt_link_tmpfile(descriptor, folder, $0) }
        if linked == -EEXIST {
            throw ImageError(.io, "a file appeared at the output path while it was written; it is kept", file: target)
        }
        guard linked == 0 else {
            errno = -linked
            throw failure("cannot move into place", target)
        }
        return true
    }

    /// The directory (for the temporary file) and the last component of `path`.
    private static func split(_ path: String) throws(ImageError) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        guard !name.isEmpty else { throw ImageError(.io, "names a directory, not a file", file: path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, name)
    }

    /// A new file at one of `candidate`'s names, created exclusively with mode 0666 less the
    /// umask (what a plain `open` would give the target).
    private static func createTemporary(for target: String, _ candidate: () -> String) throws(ImageError) -> (Int32, String) {
        var last = ""
        for _ in 0..<8 {
            last = candidate()
            let descriptor = RawPath.withCString(last) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if descriptor >= 0 { return (descriptor, last) }
            if errno != EEXIST { break }
        }
        let directory = last.lastIndex(of: "/").map { String(last[..<$0]) } ?? "."
        throw failure("cannot create a temporary file in \(directory)", target)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, target: String) throws(ImageError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write", target)
            }
            written += count
        }
    }

    /// An I/O error naming the target, with the system's reason (read `errno` first).
    private static func failure(_ what: String, _ target: String) -> ImageError {
        let reason = String(cString: strerror(errno))
        return ImageError(.io, "\(what): \(reason)", file: target)
    }
}
