#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The kind of a file from its `st_mode`, in words, for messages that refuse it.
public enum FileKind {
    /// "a FIFO", "a directory", ... for the file type bits of `mode`.
    public static func name(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symlink"
        default: "file type \(String(mode & S_IFMT, radix: 8))"
        }
    }
}
