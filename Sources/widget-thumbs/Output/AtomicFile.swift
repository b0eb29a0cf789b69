import Glibc
import WidgetThumbnails

/// Writes a whole file so that nobody ever sees part of it: the bytes go to a temporary file in
/// the target's directory (same file system, so the rename is atomic), are flushed to disk,
/// then renamed over the target. On any failure the temporary file is removed and the target
/// is left as it was.
enum AtomicFile {
    static func write(_ bytes: [UInt8], toPath path: String) throws(ImageError) {
        let (directory, name) = try split(path)
        let (descriptor, temporary) = try createTemporary(in: directory, for: name, target: path)
        var isOpen = true
        do throws(ImageError) {
            try writeAll(bytes, to: descriptor, target: path)
            guard fsync(descriptor) == 0 else { throw failure("cannot flush \(temporary)", path) }
            isOpen = false
            guard close(descriptor) == 0 else { throw failure("cannot close \(temporary)", path) }
            guard rename(temporary, path) == 0 else { throw failure("cannot rename into place", path) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    /// The directory (for the temporary file) and the last component of `path`.
    private static func split(_ path: String) throws(ImageError) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        guard !name.isEmpty else { throw ImageError(.io, "names a directory, not a file", file: path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, name)
    }

    /// A new file `.<name>.<pid>.<random>.tmp` next to the target, created exclusively with
    /// mode 0666 less the umask (what a plain `open` would give the target).
    private static func createTemporary(in directory: String, for name: String,
                                        target: String) throws(ImageError) -> (Int32, String) {
        for _ in 0..<8 {
            let candidate = "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, candidate) }
            if errno != EEXIST { break }
        }
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
